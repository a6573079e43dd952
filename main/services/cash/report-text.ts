/** The X/Z report as text lines for people (the CLI and a receipt printer use the same lines). */
import { formatEuros } from '../../../games/money.js';
import type { CashReport, KindTotals, Tally } from './report.js';

function tally(t: Tally): string {
  return `${String(t.count).padStart(6)} ${formatEuros(t.amount_cents).padStart(16)}`;
}

function kindLines(k: KindTotals, indent: string): string[] {
  return [
    `${indent}sales    ${tally(k.sales)}`,
    `${indent}voids    ${tally(k.voids)}`,
    `${indent}payouts  ${tally(k.payouts)}`,
    `${indent}claims   ${tally(k.claims)}`,
    `${indent}net sales       ${formatEuros(k.net_sales_cents).padStart(16)}`,
  ];
}

/** Every line of the report, headed by its kind, terminal, session and period. */
export function reportLines(r: CashReport): string[] {
  const lines = [
    r.kind === 'Z' ? `Z report no. ${r.z_number ?? '?'} — terminal ${r.terminal}` : `X report — terminal ${r.terminal}`,
    `session ${r.session.id} opened ${r.session.opened_at} by ${r.session.opened_by}` + (r.session.closed_at ? `, closed ${r.session.closed_at} by ${r.session.closed_by ?? '?'}` : ''),
    `journal entries ${r.period.from_seq}–${r.period.to_seq}; made ${r.generated_at} by ${r.generated_by}`,
    '',
  ];
  for (const g of r.totals.games) {
    lines.push(`${g.game}`, ...kindLines(g, '  '));
  }
  lines.push('all games', ...kindLines(r.totals.all, '  '), '', 'cash');
  const c = r.cash;
  const row = (label: string, cents: number | null): string => `  ${label.padEnd(22)}${cents === null ? '' : formatEuros(cents).padStart(16)}`;
  lines.push(row('opening float', c.float_cents), row('+ sales', c.sales_cents), row('- voids', c.voids_cents), row('- payouts', c.payouts_cents));
  lines.push(row('+ cash in', c.cash_in_cents), row('- cash out', c.cash_out_cents), row('= expected', c.expected_cents));
  if (c.counted_cents !== null) {
    lines.push(row('counted', c.counted_cents), row('difference', c.difference_cents));
    if (c.difference_confirmed_by) lines.push(`  difference confirmed by ${c.difference_confirmed_by}`);
  }
  if (r.perpetual) lines.push('', 'perpetual totals (since first start)', ...kindLines(r.perpetual.all, '  '));
  return lines;
}
