/** Tickets paid twice: both payouts, what became of the second (charged back or written off), write off or charge back with a reason (dual control). */
import { useState } from 'react';
import { runOp } from '../api.js';
import { dateTime, money, ticket } from '../format.js';
import { useI18n } from '../i18n.js';
import { errorText, Loading, Notice, ReasonForm } from '../parts.js';
import { useOp } from '../use-op.js';
import { ExceptionsView } from '../../../common/console/exceptions.js';

type ExceptionRow = ExceptionsView[number];
type Payout = ExceptionRow['first'];

export function ExceptionsPage() {
  const { t, lang } = useI18n();
  const { data, error, reload } = useOp('exceptions', {}, ExceptionsView);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  if (!data) return <Loading error={error} onRetry={reload} />;
  const payout = (p: Payout) => (
    <>
      {money(p.amount_cents, lang)} — <a href={`#/terminal/${encodeURIComponent(p.terminal)}`}>{p.terminal}</a> ({p.retailer}), {dateTime(p.at, lang)}
    </>
  );
  return (
    <section className="page">
      <h1>{t('exc.title')}</h1>
      <p className="muted">{t('exc.policy')}</p>
      <Notice notice={notice} />
      {data.length === 0 ? (
        <p className="muted">{t('exc.none')}</p>
      ) : (
        <table className="grid" data-testid="exceptions">
          <thead>
            <tr>
              <th>{t('col.ticket')}</th>
              <th>{t('exc.first')}</th>
              <th>{t('exc.second')}</th>
              <th>{t('exc.state')}</th>
              <th>{t('col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((x) => (
              <tr key={`${x.second.terminal}/${x.second.journal_seq}`} data-testid="exception-row">
                <td className="mono">{ticket(x.ticket)}</td>
                <td>{payout(x.first)}</td>
                <td>{payout(x.second)}</td>
                <td data-testid="exception-state">
                  {t(`exc.${x.state}`)}
                  {x.settled_at ? `, ${dateTime(x.settled_at, lang)}` : ''}
                  {x.settle_reason ? <div className="muted">{x.settle_reason}</div> : null}
                </td>
                <td>
                  {x.id !== null && x.state !== 'written_off' ? (
                    <ReasonForm
                      label={t('exc.writeoff')}
                      testId="exception-writeoff"
                      onSubmit={async (reason) => {
                        try {
                          const a = await runOp('exceptions.write-off', { id: x.id, reason });
                          setNotice({ ok: true, text: a.status === 'proposed' ? t('cfg.proposed', { id: a.proposal_id }) : t('exc.done', { id: x.id! }) });
                          reload();
                        } catch (e) {
                          setNotice({ ok: false, text: t('common.error', { error: errorText(e, { t, lang }) }) });
                        }
                      }}
                    />
                  ) : null}
                  {x.id !== null && !x.charged_at ? (
                    <ReasonForm
                      label={t('exc.chargeback')}
                      testId="exception-chargeback"
                      onSubmit={async (reason) => {
                        try {
                          const a = await runOp('exceptions.charge-back', { id: x.id, reason });
                          setNotice({ ok: true, text: a.status === 'proposed' ? t('cfg.proposed', { id: a.proposal_id }) : t('exc.charged', { id: x.id! }) });
                          reload();
                        } catch (e) {
                          setNotice({ ok: false, text: t('common.error', { error: errorText(e, { t, lang }) }) });
                        }
                      }}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
