/** The printable documents of the X and Z reports: the receipt fields, and the cash count in the operator's language. */
import { gameByCode, isGameCode } from '../../../games/index.js';
import { formatEuros } from '../../../games/money.js';
import type { Language } from '../../../common/api/views.js';
import type { LayoutLine } from '../../devices/print-layout.js';
import type { ReportReceipt, ReportTotal } from '../receipts/types.js';
import type { CashReport, Tally } from './report.js';

const total = (t: Tally): ReportTotal => ({ count: t.count, amountCents: t.amount_cents });

/** The printable document of an X or Z report. */
export function reportReceipt(r: CashReport): ReportReceipt {
  return {
    kind: 'report',
    report: r.kind,
    terminalId: r.terminal,
    operator: r.generated_by,
    time: r.generated_at,
    receiptNumber: r.kind === 'Z' ? `Z-${r.z_number ?? 0}` : `X-${r.period.to_seq}`,
    duplicate: false,
    reprintCount: 0,
    ...(r.kind === 'Z' && r.z_number !== null ? { zNumber: r.z_number } : {}),
    periodStart: r.session.opened_at,
    periodEnd: r.session.closed_at ?? r.generated_at,
    sales: total(r.totals.all.sales),
    payouts: total(r.totals.all.payouts),
    claims: total(r.totals.all.claims),
    voids: total(r.totals.all.voids),
    // Z reports stored before drawer openings were counted say nothing of them.
    drawerOpenings: r.cash.drawer_openings ?? 0,
    expectedCashCents: r.cash.expected_cents,
    byGame: r.totals.games.map((g) => ({ gameName: isGameCode(g.game) ? gameByCode(g.game).name : g.game, sales: total(g.sales), payouts: total(g.payouts) })),
  };
}

const CASH_WORDS = {
  fr: { title: 'Caisse', float: 'Fond de caisse', cashIn: 'Apports', cashOut: 'Retraits', counted: 'Espèces comptées', difference: 'Écart', confirmedBy: 'Écart confirmé par' },
  en: { title: 'Cash', float: 'Opening float', cashIn: 'Cash in', cashOut: 'Cash out', counted: 'Counted cash', difference: 'Difference', confirmedBy: 'Difference confirmed by' },
} as const;

/** The report's cash count, which the receipt document has no field for: float, cash in/out, counted, difference. */
export function cashLines(r: CashReport, language: Language): LayoutLine[] {
  const w = CASH_WORDS[language];
  const euros = (cents: number) => formatEuros(cents, { locale: language });
  const c = r.cash;
  const lines: LayoutLine[] = [
    { type: 'rule' },
    { type: 'text', text: w.title, style: { bold: true } },
    { type: 'pair', left: w.float, right: euros(c.float_cents) },
    { type: 'pair', left: w.cashIn, right: euros(c.cash_in_cents) },
    { type: 'pair', left: w.cashOut, right: euros(c.cash_out_cents) },
  ];
  if (c.counted_cents !== null) lines.push({ type: 'pair', left: w.counted, right: euros(c.counted_cents), style: { bold: true } });
  if (c.difference_cents !== null) lines.push({ type: 'pair', left: w.difference, right: euros(c.difference_cents), style: { bold: true } });
  if (c.difference_confirmed_by) lines.push({ type: 'pair', left: w.confirmedBy, right: c.difference_confirmed_by });
  return lines;
}
