/**
 * Configuration: the values, their history (central's journal), a change (`config.set`: under dual
 * control central answers 202 'proposed'), and the pending proposals with approve and reject for
 * another operator (`proposal.list|approve|reject`, operators' ops; the server refuses the proposer).
 */
import { useEffect, useState } from 'react';
import { readView, runOp } from '../api.js';
import { May } from '../may.js';
import { dateTime } from '../format.js';
import { useI18n } from '../i18n.js';
import { errorText, Loading, Notice, ReasonForm, Table } from '../parts.js';
import { useOp } from '../use-op.js';
import { ConfigView } from '../../../common/console/config.js';
import { ProposalsView } from '../../../common/console/proposals.js';
import { approvalWords, proposalWords } from '../proposal-words.js';

export function ConfigPage() {
  const { t, lang } = useI18n();
  const { data, error, reload } = useOp('console.config', {}, ConfigView);
  const [proposals, setProposals] = useState<ProposalsView | null>(null);
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    // The proposals still waiting for a second operator.
    readView('proposal.list', ProposalsView, { status: 'proposed' }).then(
      (r) => setProposals(r),
      () => setProposals([]),
    );
  }, [n]);
  if (!data) return <Loading error={error} onRetry={reload} />;
  const refresh = () => (reload(), setN((x) => x + 1));
  const fail = (e: unknown) => setNotice({ ok: false, text: t('common.error', { error: errorText(e, { t, lang }) }) });
  return (
    <section className="page">
      <h1>{t('cfg.title')}</h1>
      <div className="columns">
        <div>
          <Table testId="config-values" rows={data.values} columns={[{ head: t('cfg.key'), cell: (r) => <span className="mono">{r.key}</span> }, { head: t('cfg.value'), cell: (r) => <code>{JSON.stringify(r.value)}</code> }, { head: t('cfg.updated'), cell: (r) => dateTime(r.updated_at, lang) }]} />
          <May op="config.set">
          <h2>{t('cfg.change')}</h2>
          <ReasonForm
            label={t('common.submit')}
            testId="config-change"
            onSubmit={async (reason) => {
              let parsed: unknown;
              try {
                parsed = JSON.parse(value);
              } catch (e) {
                setNotice({ ok: false, text: t('cfg.bad_json', { error: (e as Error).message }) });
                return;
              }
              try {
                const a = await runOp('config.set', { key: key.trim(), value: parsed }, reason);
                setNotice({ ok: true, text: a.status === 'proposed' ? t('cfg.proposed', { id: a.proposal_id }) : t('cfg.applied', { key: key.trim(), value }) });
                refresh();
              } catch (e) {
                fail(e);
              }
            }}
          >
            <label>
              {t('cfg.key')} <input value={key} onChange={(e) => setKey(e.target.value)} list="config-keys" required />
            </label>
            <datalist id="config-keys">
              {data.values.map((v) => (
                <option key={v.key} value={v.key} />
              ))}
            </datalist>
            <label>
              {t('cfg.json')} <input value={value} onChange={(e) => setValue(e.target.value)} required />
            </label>
          </ReasonForm>
          </May>
          <Notice notice={notice} />
          <h2>{t('cfg.proposals')}</h2>
          {proposals === null ? null : proposals.length === 0 ? (
            <p className="muted">{t('cfg.no_proposals')}</p>
          ) : (
            <Table
              testId="proposals"
              rows={proposals}
              columns={[
                { head: 'N°', cell: (p) => String(p.id) },
                // In words, its op's code beside them (as the audit page keeps a type's code).
                {
                  head: t('col.type'),
                  cell: (p) => (
                    <>
                      {proposalWords(p, { t, lang })} <span className="muted mono">{p.op}</span>
                    </>
                  ),
                },
                { head: t('cfg.proposer'), cell: (p) => `${p.proposer}${p.reason ? ` — ${p.reason}` : ''}` },
                { head: t('col.at'), cell: (p) => dateTime(p.proposed_at, lang) },
                {
                  head: t('col.actions'),
                  cell: (p) => (
                    // Approved or rejected only by an operator who may run the proposed act itself (central checks it).
                    <May op="proposal.approve">
                      <May op={p.op}>
                      <ReasonForm label={t('cfg.approve')} testId={`approve-${p.id}`} onSubmit={(reason) => runOp<{ result?: unknown }>('proposal.approve', { id: p.id, reason }).then((a) => (setNotice({ ok: true, text: approvalWords(p, a.status === 'done' ? a.result.result : undefined, { t, lang }) }), refresh()), fail)} />
                      <ReasonForm label={t('cfg.reject')} testId={`reject-${p.id}`} onSubmit={(reason) => runOp('proposal.reject', { id: p.id, reason }).then(() => (setNotice({ ok: true, text: t('prop.rejected', { id: p.id }) }), refresh()), fail)} />
                      </May>
                    </May>
                  ),
                },
              ]}
            />
          )}
        </div>
        <div>
          <h2>{t('cfg.history')}</h2>
          <Table testId="config-history" rows={data.history} columns={[{ head: t('col.at'), cell: (r) => dateTime(r.at, lang) }, { head: t('audit.actor'), cell: (r) => r.actor }, { head: t('cfg.key'), cell: (r) => <span className="mono">{r.payload.key}</span> }, { head: t('cfg.value'), cell: (r) => <code>{JSON.stringify(r.payload.value)}</code> }]} />
        </div>
      </div>
    </section>
  );
}
