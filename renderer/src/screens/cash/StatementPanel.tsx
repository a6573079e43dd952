/**
 * The retailer's account (manager, cash screen): the current and the last ISO week's statements as the
 * lottery's central computed them from the terminals' journals, side by side when the row has room;
 * each can be printed.
 */
import { useState } from 'react';
import type { RetailerStatement, StatementAnswer } from '../../../../common/protocol/index.js';
import type { ReceiptView } from '../../../../common/api/views.js';
import { dueOf, type DueDirection } from '../../../../common/statement-due.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { count, isoWeek, money } from '../../format.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { ReceiptPanel } from '../sell/ReceiptPanel.js';

const DUE_WORDS = { 'to-lottery': 'statement.due.toLottery', 'to-shop': 'statement.due.toShop', none: 'statement.due.none' } as const satisfies Record<DueDirection, string>;

export function StatementPanel() {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const { busy, error, run } = useAction();
  const [shown, setShown] = useState<StatementAnswer | null>(null);
  const [receipt, setReceipt] = useState<ReceiptView | null>(null);

  const load = (print?: 'current' | 'previous') =>
    void run(async () => {
      const r = await api.call('cash.statements', print ? { print } : {});
      setShown(r.statements);
      setReceipt(r.receipt);
    });

  const m = (cents: number) => money(cents, language);
  const rate = (bp: number) => (bp / 100).toLocaleString(language === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 2 });
  const one = (which: 'current' | 'previous', s: RetailerStatement, due = dueOf(s.amount_due_cents)) => (
    <article key={which} className="report statement" data-testid={`statement-${which}`}>
      <header className="report-head">
        <h3 title={s.week}>{t(which === 'current' ? 'statement.current' : 'statement.previous', { week: isoWeek(s.week, language) })}</h3>
        <p className="muted small">
          {s.retailer} · {t('statement.terminals', { list: s.terminals.join(', ') })}
        </p>
        {s.closed && <p className="muted small">{t('statement.closed')}</p>}
      </header>
      <table className="report-cash">
        <tbody>
          <tr>
            <th scope="row">{t('statement.sales')}</th>
            <td className="num" data-testid={`statement-${which}-sales`}>
              ×{count(s.sales.count, language)} {m(s.sales.amount_cents)}
            </td>
          </tr>
          {s.digital_sales.count > 0 && (
            <tr>
              <th scope="row">{t('statement.digital')}</th>
              <td className="num">
                ×{count(s.digital_sales.count, language)} {m(s.digital_sales.amount_cents)}
              </td>
            </tr>
          )}
          <tr>
            <th scope="row">{t('statement.voids')}</th>
            <td className="num">
              ×{count(s.voids.count, language)} {m(s.voids.amount_cents)}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('statement.net')}</th>
            <td className="num">{m(s.net_sales_cents)}</td>
          </tr>
          <tr>
            <th scope="row">{t('statement.payouts')}</th>
            <td className="num" data-testid={`statement-${which}-payouts`}>
              ×{count(s.payouts.count, language)} {m(s.payouts.amount_cents)}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('statement.claims')}</th>
            <td className="num">
              ×{count(s.claims.count, language)} {m(s.claims.amount_cents)}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('statement.commissionSales', { rate: rate(s.commission_rates.sales_bp) })}</th>
            <td className="num">{m(s.commissions.sales_cents)}</td>
          </tr>
          <tr>
            <th scope="row">{t('statement.commissionCashing', { rate: rate(s.commission_rates.cashing_bp) })}</th>
            <td className="num">{m(s.commissions.cashing_cents)}</td>
          </tr>
          <tr>
            <th scope="row">{t('statement.settledPacks')}</th>
            <td className="num">
              ×{count(s.settled_packs.count, language)} {m(s.settled_packs.value_cents)}
            </td>
          </tr>
          {s.adjustments.chargebacks.count > 0 && (
            <tr>
              <th scope="row">{t('statement.chargebacks')}</th>
              <td className="num" data-testid={`statement-${which}-chargebacks`}>
                ×{count(s.adjustments.chargebacks.count, language)} {m(s.adjustments.chargebacks.amount_cents)}
              </td>
            </tr>
          )}
          {s.adjustments.amount_cents !== 0 && (
            <tr>
              <th scope="row">{t('statement.adjustments')}</th>
              <td className="num" data-testid={`statement-${which}-adjustments`}>
                {m(s.adjustments.amount_cents)}
              </td>
            </tr>
          )}
          {/* Who owes whom, in words: the amount without a sign to guess (#25). */}
          <tr className="strong" data-direction={due.direction} data-testid={`statement-${which}-due-row`}>
            <th scope="row">{t(DUE_WORDS[due.direction])}</th>
            <td className="num" data-testid={`statement-${which}-due`}>
              {m(due.cents)}
            </td>
          </tr>
        </tbody>
      </table>
      <button type="button" className="btn btn-small" data-testid={`statement-${which}-print`} disabled={busy} onClick={() => load(which)}>
        {t('statement.print')}
      </button>
    </article>
  );

  return (
    <div className="panel-body" data-testid="statement-panel">
      <h2>{t('statement.title')}</h2>
      <p className="muted small">{t('statement.hint')}</p>
      <ErrorBanner message={error} testId="statement-error" />
      <div className="form-actions start">
        <button type="button" className="btn btn-primary" data-testid="statement-load" disabled={busy} onClick={() => load()}>
          {t('statement.load')}
        </button>
      </div>
      {shown && (
        <div className="statement-weeks">
          {one('current', shown.current)}
          {one('previous', shown.previous)}
        </div>
      )}
      {receipt && <ReceiptPanel receipt={receipt} />}
    </div>
  );
}
