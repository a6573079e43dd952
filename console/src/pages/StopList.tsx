/**
 * The stop list: add a pack, list them (lifted ones too), remove one. Removing is `stoplist.remove`
 * (operators' op; under dual control it answers 'proposed' and waits for a second operator).
 */
import { useState } from 'react';
import { runOp } from '../api.js';
import { May, useMay } from '../may.js';
import { dateTime } from '../format.js';
import { useI18n } from '../i18n.js';
import { errorText, Loading, Notice, ReasonForm, Table } from '../parts.js';
import { PendingProposals } from '../pending-proposals.js';
import { useOp } from '../use-op.js';
import { StopListView } from '../../../common/console/stop-list.js';

export function StopListPage() {
  const { t, lang } = useI18n();
  const { data, error, reload } = useOp('console.stoplist', {}, StopListView);
  const [pack, setPack] = useState('');
  const may = useMay();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  // Read the pending removals again after one is proposed here.
  const [proposedHere, setProposedHere] = useState(0);
  if (!data) return <Loading error={error} onRetry={reload} />;
  const fail = (e: unknown) => setNotice({ ok: false, text: t('common.error', { error: errorText(e, { t, lang }) }) });
  return (
    <section className="page">
      <h1>{t('stop.title')}</h1>
      <May op="stoplist.add">
      <ReasonForm
        label={t('stop.add')}
        testId="stop-add"
        onSubmit={async (reason) => {
          if (!pack.trim()) return;
          try {
            // Central keeps the pack in its printed form (typed with or without dashes): the notice says that one.
            const added = await runOp<{ pack: string }>('stoplist.add', { pack: pack.trim(), reason });
            setNotice({ ok: true, text: t('stop.added', { pack: added.status === 'done' ? added.result.pack : pack.trim() }) });
            setPack('');
            reload();
          } catch (e) {
            fail(e);
          }
        }}
      >
        <label>
          {t('stop.pack')} <input value={pack} onChange={(e) => setPack(e.target.value)} data-testid="stop-pack" required maxLength={64} placeholder="213-001-01-00009" className="mono" />
        </label>
      </ReasonForm>
      </May>
      <Notice notice={notice} />
      <PendingProposals key={proposedHere} ops={['stoplist.remove']} onDecided={reload} />
      <Table
        testId="stoplist"
        rows={data}
        columns={[
          { head: t('stop.pack'), cell: (r) => <span className="mono">{r.pack}</span> },
          { head: t('col.reason'), cell: (r) => r.reason },
          { head: t('col.at'), cell: (r) => <When at={dateTime(r.added_at, lang)} by={r.added_by} /> },
          { head: t('stop.removed_at'), cell: (r) => (r.removed_at ? <When at={dateTime(r.removed_at, lang)} by={r.removed_by} /> : '—') },
          {
            head: t('col.actions'),
            cell: (r) =>
              r.removed_at || !may('stoplist.remove') ? null : (
                <ReasonForm
                  label={t('stop.remove')}
                  testId={`stop-remove-${r.pack}`}
                  onSubmit={async (reason) => {
                    try {
                      const a = await runOp('stoplist.remove', { pack: r.pack, reason });
                      setNotice({ ok: true, text: a.status === 'proposed' ? t('stop.proposed', { id: a.proposal_id }) : t('stop.removed', { pack: r.pack }) });
                      setProposedHere((n) => n + 1);
                      reload();
                    } catch (e) {
                      fail(e);
                    }
                  }}
                />
              ),
          },
        ]}
      />
    </section>
  );
}

/** When, and by whom (the operator central's journal names), under it. */
function When({ at, by }: { at: string; by: string | null }) {
  const { t } = useI18n();
  return (
    <>
      {at}
      {by ? <div className="muted">{t('stop.by', { who: by })}</div> : null}
    </>
  );
}
