/**
 * Configuration: the settings the fleet obeys in words, each in force (its value, or its default) in
 * its unit, and whether two operators must agree to change it; a change typed in the setting's unit
 * (euros, %, seconds: setting-words.ts; under dual control central answers 202 'proposed'); the history
 * naming who proposed and who approved; and the pending proposals with approve and reject for
 * another operator (`proposal.list|approve|reject`, operators' ops; the server refuses the proposer).
 */
import { useEffect, useState } from 'react';
import { readView, runOp } from '../api.js';
import { May } from '../may.js';
import { dateTime } from '../format.js';
import { useI18n } from '../i18n.js';
import { errorText, Loading, Notice, ReasonForm, Table } from '../parts.js';
import { useOp } from '../use-op.js';
import { ConfigView, type SettingUnit } from '../../../common/console/config.js';
import { parseSetting, settingText, unitHint } from '../setting-words.js';
import { TEXTS, type TextKey } from '../i18n.js';
import { ProposalsView } from '../../../common/console/proposals.js';
import { approvalWords, proposalWords } from '../proposal-words.js';

const OTHER = '';

/** A setting in words (its key beside them, as the audit page keeps a type's code); an unknown key as it is. */
function settingName(k: string, t: (key: TextKey) => string): string {
  const key = `setting.${k}`;
  return key in TEXTS.fr ? t(key as TextKey) : k;
}

function SettingName({ k }: { k: string }) {
  const { t } = useI18n();
  const words = settingName(k, t);
  return words === k ? <span className="mono">{k}</span> : (
    <>
      {words} <span className="muted mono">{k}</span>
    </>
  );
}

export function ConfigPage() {
  const { t, lang } = useI18n();
  const { data, error, reload } = useOp('console.config', {}, ConfigView);
  const [proposals, setProposals] = useState<ProposalsView | null>(null);
  const [chosen, setChosen] = useState('payout_limit_max_cents');
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
  const unitOf = (k: string): SettingUnit => data.settings.find((r) => r.key === k)?.unit ?? 'json';
  const unit = unitOf(chosen);
  const fail = (e: unknown) => setNotice({ ok: false, text: t('common.error', { error: errorText(e, { t, lang }) }) });
  return (
    <section className="page">
      <h1>{t('cfg.title')}</h1>
      <h2>{t('cfg.settings')}</h2>
      <Table
        testId="config-values"
        rows={data.settings}
        columns={[
          { head: t('cfg.meaning'), cell: (r) => <SettingName k={r.key} /> },
          {
            head: t('cfg.in_force'),
            cell: (r) => (
              <span data-testid={`config-setting-${r.key}`}>
                {r.value === null ? (
                  <>
                    {settingText(r.unit, r.default, lang)} <span className="muted">{t('cfg.is_default')}</span>
                  </>
                ) : (
                  settingText(r.unit, r.value, lang)
                )}
              </span>
            ),
          },
          { head: t('cfg.default'), cell: (r) => (r.unit === 'json' ? '—' : settingText(r.unit, r.default, lang)) },
          { head: t('cfg.updated'), cell: (r) => dateTime(r.updated_at, lang) },
          { head: t('cfg.control'), cell: (r) => t(r.dual ? 'cfg.dual' : 'cfg.single') },
        ]}
      />
      <div className="columns">
        <div>
          <May op="config.set">
          <h2>{t('cfg.change')}</h2>
          <ReasonForm
            label={t('common.submit')}
            testId="config-change"
            onSubmit={async (reason) => {
              const k = (chosen === OTHER ? key : chosen).trim();
              const parsed = parseSetting(chosen === OTHER ? 'json' : unit, value, lang);
              if (!parsed.ok) {
                setNotice({ ok: false, text: parsed.why });
                return;
              }
              try {
                const a = await runOp('config.set', { key: k, value: parsed.value }, reason);
                setNotice({ ok: true, text: a.status === 'proposed' ? t('cfg.proposed', { id: a.proposal_id }) : t('cfg.applied', { key: k, value: settingText(chosen === OTHER ? 'json' : unit, parsed.value, lang) }) });
                refresh();
              } catch (e) {
                fail(e);
              }
            }}
          >
            <label>
              {t('cfg.setting')}{' '}
              <select value={chosen} onChange={(e) => setChosen(e.target.value)}>
                {data.settings
                  .filter((r) => r.unit !== 'json')
                  .map((r) => (
                    <option key={r.key} value={r.key}>
                      {settingName(r.key, t)}
                    </option>
                  ))}
                <option value={OTHER}>{t('cfg.other')}</option>
              </select>
            </label>
            {chosen === OTHER && (
              <label>
                {t('cfg.key')} <input value={key} onChange={(e) => setKey(e.target.value)} required />
              </label>
            )}
            <label>
              {t('cfg.value_in', { unit: unitHint(chosen === OTHER ? 'json' : unit, lang) })} <input value={value} onChange={(e) => setValue(e.target.value)} required />
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
          <Table
            testId="config-history"
            rows={data.history}
            columns={[
              { head: t('col.at'), cell: (r) => dateTime(r.at, lang) },
              // Under dual control both people: who proposed it, who approved it.
              { head: t('cfg.who'), cell: (r) => (r.payload.proposed_by ? t('cfg.proposed_approved', { proposer: r.payload.proposed_by, approver: r.actor }) : r.actor) },
              { head: t('cfg.meaning'), cell: (r) => <SettingName k={r.payload.key} /> },
              { head: t('cfg.value'), cell: (r) => settingText(unitOf(r.payload.key), r.payload.value, lang) },
            ]}
          />
        </div>
      </div>
    </section>
  );
}
