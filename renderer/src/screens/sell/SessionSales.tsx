/** The manager's list of the session's sales, to void one (with a reason) or reprint its receipt. */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { SaleSummaryView, VoidView } from '../../../../common/api/methods/sales.js';
import type { ReceiptView } from '../../../../common/api/views.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Money } from '../../components/Money.js';
import { money, time } from '../../format.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { errorText } from '../../i18n/errors.js';
import { countKey } from '../../i18n/plural.js';
import { useEscape } from '../../shell/hotkeys.js';
import { ReceiptPanel } from './ReceiptPanel.js';

/** The positions of a sale's tickets still sold. */
function liveLines(sale: SaleSummaryView): number[] {
  return sale.tickets.map((_, i) => i).filter((i) => sale.lines[i]?.voided !== true);
}

/** The printed number of "Game name 213-001-01-00000-040-8". */
function ticketNumber(words: string): string {
  return words.slice(words.lastIndexOf(' ') + 1);
}

export function SessionSales(props: { onChanged(): void }) {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const [sales, setSales] = useState<readonly SaleSummaryView[] | null>(null);
  const [voiding, setVoiding] = useState<SaleSummaryView | null>(null);
  const [reason, setReason] = useState('');
  /** The positions of the tickets to void (every one still sold, unless the manager unticks some). */
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const { busy, error, setError, run } = useAction();
  const [result, setResult] = useState<{ void: VoidView; receipt: ReceiptView } | null>(null);
  const [reprinted, setReprinted] = useState<ReceiptView | null>(null);
  const reasonRef = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      setSales((await api.call('sale.list', {})).sales);
    } catch (err) {
      setError(errorText(t, err));
    }
  }, [t]);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (voiding) reasonRef.current?.focus();
  }, [voiding]);

  /** Opens the void form for a sale with an empty reason: a reason given for another sale, or a void given up, is never carried over. */
  const startVoid = (sale: SaleSummaryView | null) => {
    setVoiding(sale);
    setReason('');
    setChosen(new Set(sale ? liveLines(sale) : []));
  };
  const live = voiding ? liveLines(voiding) : [];
  const refund = voiding ? [...chosen].reduce((sum, i) => sum + (voiding.lines[i]?.price_cents ?? 0), 0) : 0;
  const toggle = (i: number) => {
    const next = new Set(chosen);
    if (next.has(i)) next.delete(i);
    else next.add(i);
    setChosen(next);
  };

  useEscape(() => {
    if (!voiding) return false;
    startVoid(null);
    return true;
  }, voiding !== null);

  async function confirm(e: FormEvent): Promise<void> {
    e.preventDefault();
    if (!voiding || busy || reason.trim() === '' || chosen.size === 0) return;
    const sale = voiding;
    // Every ticket still sold: the whole sale; else only the ticked ones.
    const some = chosen.size < liveLines(sale).length ? { lines: [...chosen].sort((a, b) => a - b) } : {};
    await run(async () => {
      setResult(await api.call('sale.void', { receipt_no: sale.receipt_no, reason: reason.trim(), ...some }));
      setVoiding(null);
      setReason('');
      props.onChanged();
      await load();
    });
  }

  async function reprint(receiptNo: number): Promise<void> {
    const receipt = await run(() => api.call('sale.reprint', { receipt_no: receiptNo }));
    if (receipt) setReprinted(receipt);
  }

  return (
    <section className="session-sales" data-testid="session-sales">
      <h2>{t('sell.session.title')}</h2>
      <ErrorBanner message={error} testId="void-error" />
      {result && (
        <div className="banner banner-ok" data-testid="void-done">
          {result.void.lines
            ? t(countKey('sell.void.done-some', result.void.lines.length, language), { count: result.void.lines.length, voided: result.void.voided_receipt_no, amount: money(result.void.amount_cents, language), n: result.void.receipt_no })
            : t('sell.void.done', { voided: result.void.voided_receipt_no, amount: money(result.void.amount_cents, language), n: result.void.receipt_no })}
        </div>
      )}
      {voiding && (
        <form className="void-form card-inset" onSubmit={(e) => void confirm(e)} data-testid="void-form">
          <h3>{t('sell.void.title', { n: voiding.printed_receipt_no })}</h3>
          <label className="field" htmlFor="void-reason">
            <span className="field-label">{t('sell.void.reason')}</span>
            <input
              ref={reasonRef}
              id="void-reason"
              className="input"
              maxLength={200}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              data-testid="void-reason"
            />
          </label>
          {live.length > 1 && (
            <fieldset className="void-lines" data-testid="void-lines">
              <legend>{t('sell.void.tickets')}</legend>
              {live.map((i) => (
                <label key={i} className="void-line">
                  <input type="checkbox" checked={chosen.has(i)} onChange={() => toggle(i)} data-testid={`void-line-${i}`} />
                  <span className="mono session-ticket-no">{ticketNumber(voiding.tickets[i] ?? '')}</span>
                  <Money cents={voiding.lines[i]?.price_cents ?? 0} />
                </label>
              ))}
            </fieldset>
          )}
          <div className="form-actions">
            <button type="button" className="btn" onClick={() => startVoid(null)}>
              {t('common.back')}
            </button>
            <button type="submit" className="btn btn-warn" disabled={busy || reason.trim() === '' || chosen.size === 0} data-testid="void-confirm">
              {chosen.size < live.length ? t(countKey('sell.void.confirm-some', chosen.size, language), { count: chosen.size, amount: money(refund, language) }) : t('sell.void.confirm', { amount: money(refund, language) })}
            </button>
          </div>
        </form>
      )}
      {sales === null ? null : sales.length === 0 ? (
        <p className="empty">{t('sell.session.empty')}</p>
      ) : (
        <table className="table" data-testid="session-sales-table">
          <thead>
            <tr>
              <th>{t('sell.session.receipt')}</th>
              <th>
                {t('sell.session.time')}
                <div className="muted small">{t('sell.session.operator')}</div>
              </th>
              <th>{t('sell.session.tickets')}</th>
              <th className="num">{t('sell.session.total')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {sales.map((s) => (
              <tr key={s.receipt_no} className={s.voided ? 'voided' : undefined} data-testid={`session-sale-${s.receipt_no}`}>
                <td className="mono">{s.printed_receipt_no}</td>
                {/* Time and operator in one cell: the row's buttons keep within the card at 1024 px. */}
                <td>
                  {time(s.at, language)}
                  <div className="muted small">{s.operator}</div>
                </td>
                <td className="small">
                  {s.tickets.map((x, i) => {
                    // "Game name 213-001-01-00000-040-8": the name may wrap, the number never.
                    const cut = x.lastIndexOf(' ');
                    // A ticket voided on its own is struck through; the sale's other tickets stay sold.
                    const gone = !s.voided && s.lines[i]?.voided === true;
                    return (
                      <div key={x} className={gone ? 'session-ticket voided-line' : 'session-ticket'} data-testid={gone ? 'session-ticket-voided' : undefined}>
                        {cut > 0 ? `${x.slice(0, cut)} ` : ''}
                        <span className="mono session-ticket-no" data-testid="session-ticket">
                          {x.slice(cut + 1)}
                        </span>
                      </div>
                    );
                  })}
                </td>
                <td className="num">
                  <Money cents={s.total_cents} />
                </td>
                <td className="row-action">
                  {s.voided ? (
                    <span className="tag tag-bad">{t('sell.session.voided', { n: s.void_receipt_no ?? '?' })}</span>
                  ) : s.digital ? (
                    <span className="row-buttons">
                      <button type="button" className="btn btn-small" onClick={() => void reprint(s.printed_receipt_no)}>
                        {t('sell.reprint')}
                      </button>
                      <span className="tag" data-testid={`no-void-${s.receipt_no}`} title={t('sell.session.digital-no-void-why')}>
                        {t('sell.session.digital-no-void')}
                      </span>
                    </span>
                  ) : (
                    <span className="row-buttons">
                      <button type="button" className="btn btn-small" onClick={() => void reprint(s.printed_receipt_no)}>
                        {t('sell.reprint')}
                      </button>
                      <button type="button" className="btn btn-small btn-warn" data-testid={`void-${s.receipt_no}`} onClick={() => startVoid(s)}>
                        {t('sell.void')}
                      </button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {result && <ReceiptPanel receipt={result.receipt} />}
      {reprinted && <ReceiptPanel receipt={reprinted} />}
    </section>
  );
}
