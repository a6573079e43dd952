/** Cash sessions and reports: open with a float, cash in and out, the X report and the Z closing. */
import { z } from 'zod';
import { cleanText } from '../../text.js';
import type { StatementAnswer } from '../../protocol/index.js';
import type { ReceiptView } from '../views.js';

const cents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const cashMethods = {
  'cash.status': z.object({}).strict(),
  'cash.open': z.object({ float_cents: cents }).strict(),
  /** Manager: cash put in or taken out of the drawer, with a reason. */
  'cash.move': z.object({ kind: z.enum(['in', 'out']), amount_cents: cents.min(1), reason: cleanText(z.string().trim().min(1).max(200)) }).strict(),
  /** Manager: the X report (changes nothing); printed when `print` is true. */
  'cash.x': z.object({ print: z.boolean().optional() }).strict(),
  /** Manager: closes the session with the counted cash and prints the Z; a difference must be confirmed. */
  'cash.close': z.object({ counted_cents: cents, confirm_difference: z.boolean().optional() }).strict(),
  /** Manager: a stored Z report (the last one by default); printed again when `print` is true. */
  'cash.z': z.object({ number: z.number().int().min(1).optional(), print: z.boolean().optional() }).strict(),
  /** Manager: the retailer's statements from central (current and last ISO week); `print` prints one. */
  'cash.statements': z.object({ print: z.enum(['current', 'previous']).optional() }).strict(),
} as const;

export interface CashSessionView {
  readonly id: number;
  readonly opened_at: string;
  readonly opened_by: string;
  readonly float_cents: number;
}

export interface CashStatusView {
  /** The open cash session, or null. */
  readonly open: CashSessionView | null;
  /** The last Z number, or null when no session was ever closed. */
  readonly last_z: number | null;
}

export interface CashMoveView {
  readonly kind: 'in' | 'out';
  readonly amount_cents: number;
  readonly reason: string;
  readonly at: string;
}

export interface TallyView {
  readonly count: number;
  readonly amount_cents: number;
}

export interface KindTotalsView {
  readonly sales: TallyView;
  readonly voids: TallyView;
  readonly payouts: TallyView;
  readonly claims: TallyView;
  readonly net_sales_cents: number;
}

/** The X or Z report (same shape as main/cash's CashReport, computed from the journal). */
export interface CashReportView {
  readonly kind: 'X' | 'Z';
  readonly terminal: string;
  readonly z_number: number | null;
  readonly session: { readonly id: number; readonly opened_at: string; readonly opened_by: string; readonly closed_at: string | null; readonly closed_by: string | null };
  readonly period: { readonly from_seq: number; readonly to_seq: number };
  readonly generated_at: string;
  readonly generated_by: string;
  readonly totals: { readonly games: readonly (KindTotalsView & { readonly game: string })[]; readonly all: KindTotalsView };
  readonly cash: {
    readonly float_cents: number;
    readonly sales_cents: number;
    readonly voids_cents: number;
    readonly payouts_cents: number;
    readonly cash_in_cents: number;
    readonly cash_out_cents: number;
    readonly expected_cents: number;
    readonly counted_cents: number | null;
    readonly difference_cents: number | null;
    readonly difference_confirmed_by: string | null;
  };
  readonly perpetual: { readonly all: KindTotalsView } | null;
}

export interface CashOutputs {
  'cash.status': CashStatusView;
  'cash.open': CashStatusView;
  'cash.move': CashMoveView;
  'cash.x': { readonly report: CashReportView; readonly receipt: ReceiptView | null };
  'cash.close': { readonly report: CashReportView; readonly receipt: ReceiptView };
  'cash.z': { readonly report: CashReportView; readonly receipt: ReceiptView | null };
  'cash.statements': { readonly statements: StatementAnswer; readonly receipt: ReceiptView | null };
}
