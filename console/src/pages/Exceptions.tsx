/**
 * Tickets paid twice: both payouts, where each stands (open, under investigation, charged back, written
 * off, closed); write off or charge back with a reason (dual control), investigate with a note, close
 * with a reason once the money is decided. An act the server would refuse for the exception's state is
 * not offered.
 */
import { useEffect, useRef, useState } from 'react';
import { runOp } from '../api.js';
import { useMay } from '../may.js';
import { dateTime, money, ticket } from '../format.js';
import { useI18n } from '../i18n.js';
import { errorText, Loading, Notice, ReasonForm } from '../parts.js';
import { useOp } from '../use-op.js';
import { exceptionStage, ExceptionsView, POLICY_SETTLE_REASONS } from '../../../common/console/exceptions.js';

type ExceptionRow = ExceptionsView[number];
type Payout = ExceptionRow['first'];

/** Why an exception was settled: central's policy note in the page's words, an operator's reason as typed. */
function settleReasonWords(x: ExceptionRow, t: ReturnType<typeof useI18n>['t']): string | null {
  if (x.state !== 'open' && x.settle_reason === POLICY_SETTLE_REASONS[x.state]) return t(`exc.policy.${x.state}`);
  return x.settle_reason;
}

/** What a row's buttons do: each answers the notice to show. */
export interface ExceptionActs {
  writeOff(x: ExceptionRow, reason: string): Promise<void>;
  chargeBack(x: ExceptionRow, reason: string): Promise<void>;
  investigate(x: ExceptionRow, note: string): Promise<void>;
  close(x: ExceptionRow, reason: string): Promise<void>;
}

export function ExceptionsPage() {
  const { t, lang } = useI18n();
  const { data, error, reload } = useOp('exceptions', {}, ExceptionsView);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  if (!data) return <Loading error={error} onRetry={reload} />;
  const act = async (run: () => Promise<string>): Promise<void> => {
    try {
      setNotice({ ok: true, text: await run() });
      reload();
    } catch (e) {
      setNotice({ ok: false, text: t('common.error', { error: errorText(e, { t, lang }) }) });
    }
  };
  const acts: ExceptionActs = {
    writeOff: (x, reason) =>
      act(async () => {
        const a = await runOp('exceptions.write-off', { id: x.id, reason });
        return a.status === 'proposed' ? t('cfg.proposed', { id: a.proposal_id }) : t('exc.done', { id: x.id! });
      }),
    chargeBack: (x, reason) =>
      act(async () => {
        const a = await runOp('exceptions.charge-back', { id: x.id, reason });
        return a.status === 'proposed' ? t('cfg.proposed', { id: a.proposal_id }) : t('exc.charged', { id: x.id! });
      }),
    investigate: (x, note) =>
      act(async () => {
        await runOp('exceptions.investigate', { id: x.id, note });
        return t('exc.investigated', { id: x.id! });
      }),
    close: (x, reason) =>
      act(async () => {
        await runOp('exceptions.close', { id: x.id, reason });
        return t('exc.closed_done', { id: x.id! });
      }),
  };
  return (
    <section className="page">
      <h1>{t('exc.title')}</h1>
      <p className="muted">{t('exc.policy')}</p>
      <Notice notice={notice} />
      <ExceptionsTable rows={data} acts={acts} />
    </section>
  );
}

/** The exceptions' table (no data loading: the page's, or a test's rows). */
export function ExceptionsTable({ rows, acts }: { rows: ExceptionsView; acts: ExceptionActs }) {
  const { t, lang } = useI18n();
  const may = useMay();
  if (rows.length === 0) return <p className="muted">{t('exc.none')}</p>;
  const payout = (p: Payout) => (
    <>
      {money(p.amount_cents, lang)} — <a href={`#/terminal/${encodeURIComponent(p.terminal)}`}>{p.terminal}</a> ({p.retailer}), {dateTime(p.at, lang)}
    </>
  );
  return (
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
        {rows.map((x) => {
          const stage = exceptionStage(x);
          const open = x.id !== null && x.closed_at === null;
          return (
            <tr key={`${x.second.terminal}/${x.second.journal_seq}`} data-testid="exception-row">
              <td className="mono">{ticket(x.ticket)}</td>
              <td>{payout(x.first)}</td>
              <td>{payout(x.second)}</td>
              <td data-testid="exception-state">
                <span data-testid="exception-stage">{stage === 'closed' ? t('exc.closed_as', { state: t(`exc.${x.state}`) }) : t(`exc.${stage}`)}</span>
                {x.settled_at ? `, ${dateTime(x.settled_at, lang)}` : ''}
                {x.settle_reason ? <div className="muted">{settleReasonWords(x, t)}</div> : null}
                {x.investigating_at ? (
                  <div className="muted" data-testid="exception-investigation">
                    {t('exc.investigated_by', { by: x.investigating_by ?? '?', at: dateTime(x.investigating_at, lang), note: x.note ?? '' })}
                  </div>
                ) : null}
                {x.closed_at ? (
                  <div className="muted" data-testid="exception-closed">
                    {t('exc.closed_by', { at: dateTime(x.closed_at, lang), by: x.closed_by ?? '?', reason: x.close_reason ?? '' })}
                  </div>
                ) : null}
              </td>
              <td>
                {/* Each act a button that asks its reason when chosen: one field on screen at a time. */}
                {open && x.state !== 'written_off' && may('exceptions.write-off') ? <AskButton label={t('exc.writeoff')} field={t('common.reason')} testId="exception-writeoff" onSubmit={(reason) => acts.writeOff(x, reason)} /> : null}
                {open && !x.charged_at && may('exceptions.charge-back') ? <AskButton label={t('exc.chargeback')} field={t('common.reason')} testId="exception-chargeback" onSubmit={(reason) => acts.chargeBack(x, reason)} /> : null}
                {open && may('exceptions.investigate') ? <AskButton label={t('exc.investigate')} field={t('exc.note')} testId="exception-investigate" onSubmit={(note) => acts.investigate(x, note)} /> : null}
                {open && x.state !== 'open' && may('exceptions.close') ? <AskButton label={t('exc.close')} field={t('common.reason')} testId="exception-close" onSubmit={(reason) => acts.close(x, reason)} /> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A button that asks for a text (its form, focused; Escape or Cancel puts the button back, focused). */
function AskButton({ label, field, testId, onSubmit }: { label: string; field: string; testId: string; onSubmit: (text: string) => Promise<void> }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (wasAsking.current && !asking) button.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!asking)
    return (
      <button type="button" ref={button} data-testid={testId} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <div
      className="inline"
      data-testid={`${testId}-ask`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setAsking(false);
      }}
    >
      <ReasonForm
        label={label}
        field={field}
        autoFocus
        testId={`${testId}-form`}
        onSubmit={async (text) => {
          await onSubmit(text);
          setAsking(false);
        }}
      />
      <button type="button" onClick={() => setAsking(false)}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
