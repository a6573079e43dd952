/** A retailer's weekly statement as lines (label, count, amount) and as CSV. */
import type { RetailerStatement } from '../../common/protocol/statement.js';
import type { TextKey } from './i18n.js';

/** The statement's lines: label key, count (when it has one), amount in cents. */
export function statementLines(s: RetailerStatement): { key: TextKey; count: number | null; cents: number }[] {
  return [
    { key: 'st.sales', count: s.sales.count, cents: s.sales.amount_cents },
    { key: 'st.voids', count: s.voids.count, cents: -s.voids.amount_cents },
    { key: 'st.net', count: null, cents: s.net_sales_cents },
    { key: 'st.payouts', count: s.payouts.count, cents: -s.payouts.amount_cents },
    { key: 'st.claims', count: s.claims.count, cents: s.claims.amount_cents },
    { key: 'st.commissions', count: null, cents: -s.commissions.total_cents },
    { key: 'st.chargebacks', count: s.adjustments.chargebacks.count, cents: s.adjustments.chargebacks.amount_cents },
    { key: 'st.written_off', count: s.adjustments.chargebacks_written_off.count, cents: -s.adjustments.chargebacks_written_off.amount_cents },
    { key: 'st.adjustments', count: null, cents: s.adjustments.amount_cents },
    { key: 'st.settled_packs', count: s.settled_packs.count, cents: s.settled_packs.value_cents },
    { key: 'st.due', count: null, cents: s.amount_due_cents },
  ];
}

export function csvCell(v: string | number): string {
  const text = String(v);
  // Quoted, and a leading = + - @ made inert so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The statement as CSV: one line per figure, amounts in cents and in euros (en, machine-readable). */
export function statementCsv(s: RetailerStatement, label: (k: TextKey) => string): string {
  const rows: (string | number)[][] = [['retailer', 'week', 'line', 'count', 'amount_cents', 'amount_eur']];
  for (const l of statementLines(s)) rows.push([s.retailer, s.week, label(l.key), l.count ?? '', l.cents, (l.cents / 100).toFixed(2)]);
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

