/**
 * Cash sessions: opening float, cash in and out with a reason, the X report during the day and the Z
 * closing (counted cash, difference confirmed by a manager, period and perpetual totals in the journal).
 */
import { counterValue, nextCounter } from '../../../db/queries/counters.js';
import { operatorById } from '../../../db/queries/operators.js';
import {
  closeSessionRow,
  closedSessionRow,
  insertCashMovement,
  insertSession,
  openSessionRow,
  type CashMovementRow,
  type CashSessionRow,
} from '../../../db/queries/sessions.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { record } from '../../kernel/record.js';
import { inTransaction } from '../../kernel/transaction.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { formatEuros } from '../../../games/money.js';
import { CashError } from './errors.js';
import { addTotals, sumPeriod, type CashReport, type Totals } from './report.js';

export type { CashSessionRow } from '../../../db/queries/sessions.js';

/** `field` is the input's name (`float_cents`…): screens name it in their words from the details. */
function checkCents(what: string, field: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    const problem = Number.isSafeInteger(value) ? 'too_small' : 'not_whole';
    throw new CashError('bad-amount', `${what} must be a whole number of cents ≥ ${min}, not ${String(value)}`, { field, problem, min_cents: min });
  }
}

function nameOf(t: LotteryTerminal, id: number | null): string | null {
  return id === null ? null : (operatorById(t.db, id)?.name ?? `#${id}`);
}

/** The open cash session, if any. */
export function currentCashSession(t: LotteryTerminal): CashSessionRow | undefined {
  return openSessionRow(t.db);
}

/** The open cash session; throws CashError('no-open-session') when there is none (sales and payouts need one). */
export function requireOpenCashSession(t: LotteryTerminal): CashSessionRow {
  const s = openSessionRow(t.db);
  if (!s) throw new CashError('no-open-session', 'no cash session is open: open one with its float first');
  return s;
}

/** Opens a cash session with the float in the drawer (permission 'session.open'); journal 'session.open'. */
export function openCashSession(t: LotteryTerminal, session: OperatorSession, input: { float_cents: number }): CashSessionRow {
  checkCents('the opening float', 'float_cents', input.float_cents, 0);
  return inTransaction(t, () => {
    authorize(t, session, 'session.open');
    const open = openSessionRow(t.db);
    if (open) throw new CashError('session-open', `cash session ${open.id} is already open (since ${open.opened_at}, by ${nameOf(t, open.opened_by)})`);
    const entry = record(t, { type: 'session.open', operator: session, payload: { float_cents: input.float_cents } });
    const row = insertSession(t.db, { opened_at: entry.at, opened_by: session.operator_id, float_cents: input.float_cents, open_seq: entry.seq });
    return row;
  });
}

function previousZ(t: LotteryTerminal): { close_seq: number; perpetual: Totals | null } {
  const last = closedSessionRow(t.db);
  if (!last || last.close_seq === null || last.z_json === null) return { close_seq: 0, perpetual: null };
  return { close_seq: last.close_seq, perpetual: (JSON.parse(last.z_json) as CashReport).perpetual };
}

function buildReport(
  t: LotteryTerminal,
  by: OperatorSession,
  open: CashSessionRow,
  kind: 'X' | 'Z',
): { report: CashReport; previousPerpetual: Totals | null } {
  const prev = previousZ(t);
  const to = counterValue(t.db, 'journal');
  const sums = sumPeriod(t, prev.close_seq, to);
  const all = sums.totals.all;
  const expected = open.float_cents + sums.cash_delta_cents + sums.cash_in_cents - sums.cash_out_cents;
  const report: CashReport = {
    kind,
    terminal: t.id,
    z_number: null,
    session: { id: open.id, opened_at: open.opened_at, opened_by: nameOf(t, open.opened_by) as string, closed_at: null, closed_by: null },
    period: { from_seq: prev.close_seq + 1, to_seq: to },
    generated_at: t.now(),
    generated_by: by.name,
    totals: sums.totals,
    cash: {
      float_cents: open.float_cents,
      sales_cents: all.sales.amount_cents,
      voids_cents: all.voids.amount_cents,
      payouts_cents: all.payouts.amount_cents,
      cash_in_cents: sums.cash_in_cents,
      cash_out_cents: sums.cash_out_cents,
      drawer_openings: sums.drawer_openings,
      expected_cents: expected,
      counted_cents: null,
      difference_cents: null,
      difference_confirmed_by: null,
    },
    perpetual: null,
  };
  return { report, previousPerpetual: prev.perpetual };
}

/** Cash the drawer should hold now. */
function expectedNow(t: LotteryTerminal, by: OperatorSession, open: CashSessionRow): number {
  return buildReport(t, by, open, 'X').report.cash.expected_cents;
}

/**
 * Puts cash in or takes cash out of the drawer, with a reason (permission 'cash.move'); journal
 * 'cash.in' / 'cash.out'. Refuses to take out more than the drawer should hold.
 */
export function moveCash(
  t: LotteryTerminal,
  session: OperatorSession,
  input: { kind: 'in' | 'out'; amount_cents: number; reason: string },
): CashMovementRow {
  if (input.kind !== 'in' && input.kind !== 'out') throw new CashError('bad-input', `cash moves are 'in' or 'out', not '${String(input.kind)}'`);
  checkCents('the amount', 'amount_cents', input.amount_cents, 1);
  const reason = input.reason.trim();
  if (reason === '') throw new CashError('bad-input', 'a cash move needs a reason');
  return inTransaction(t, () => {
    authorize(t, session, 'cash.move');
    const open = requireOpenCashSession(t);
    if (input.kind === 'out') {
      const expected = expectedNow(t, session, open);
      if (input.amount_cents > expected) {
        throw new CashError('insufficient-cash', `cannot take out ${formatEuros(input.amount_cents)}: the drawer should hold ${formatEuros(expected)}`, {
          amount_cents: input.amount_cents,
          available_cents: expected,
        });
      }
    }
    const entry = record(t, { type: `cash.${input.kind}`, operator: session, payload: { session_id: open.id, amount_cents: input.amount_cents, reason } });
    return insertCashMovement(t.db, { session_id: open.id, kind: input.kind, amount_cents: input.amount_cents, reason, at: entry.at, operator_id: session.operator_id, journal_seq: entry.seq });
  });
}

/** The X report of the open session (permission 'report.x'): changes nothing. */
export function xReport(t: LotteryTerminal, session: OperatorSession): CashReport {
  // A read transaction: one consistent snapshot even while another window records sales.
  return t.db.transaction(() => {
    authorize(t, session, 'report.x');
    return buildReport(t, session, requireOpenCashSession(t), 'X').report;
  })();
}

export interface CloseInput {
  /** Cash counted in the drawer. */
  readonly counted_cents: number;
  /** Required when counted ≠ expected: the manager confirms the difference. */
  readonly confirm_difference?: boolean;
}

/**
 * Closes the open session with the counted cash (permission 'session.close') and returns its Z report:
 * the next Z number, period and perpetual totals, expected/counted cash and the difference. A difference
 * must be confirmed (`confirm_difference`) or nothing changes. The Z is journaled as 'session.close'.
 */
export function closeCashSession(t: LotteryTerminal, session: OperatorSession, input: CloseInput): CashReport {
  checkCents('the counted cash', 'counted_cents', input.counted_cents, 0);
  return inTransaction(t, () => {
    authorize(t, session, 'session.close');
    const open = requireOpenCashSession(t);
    const { report, previousPerpetual } = buildReport(t, session, open, 'Z');
    const difference = input.counted_cents - report.cash.expected_cents;
    if (difference !== 0 && !input.confirm_difference) {
      throw new CashError(
        'difference-unconfirmed',
        `counted ${formatEuros(input.counted_cents)} but the drawer should hold ${formatEuros(report.cash.expected_cents)} (difference ${formatEuros(difference)}): a manager must confirm the difference`,
      );
    }
    const zNumber = nextCounter(t.db, 'z');
    const closedAt = t.now();
    const z: CashReport = {
      ...report,
      z_number: zNumber,
      session: { ...report.session, closed_at: closedAt, closed_by: session.name },
      cash: { ...report.cash, counted_cents: input.counted_cents, difference_cents: difference, difference_confirmed_by: difference !== 0 ? session.name : null },
      perpetual: addTotals(previousPerpetual, report.totals),
    };
    const entry = record(t, { type: 'session.close', operator: session, payload: { session_id: open.id, z: z as unknown as Record<string, unknown> } });
    closeSessionRow(t.db, open.id, {
      closed_at: closedAt,
      closed_by: session.operator_id,
      close_seq: entry.seq,
      z_number: zNumber,
      expected_cents: z.cash.expected_cents,
      counted_cents: input.counted_cents,
      difference_cents: difference,
      difference_confirmed_by: difference !== 0 ? session.operator_id : null,
      z_json: JSON.stringify(z),
    });
    return z;
  });
}

/** A stored Z report (permission 'report.z'): the last one, or Z number `number`. */
export function zReport(t: LotteryTerminal, session: OperatorSession, options: { number?: number } = {}): CashReport {
  authorize(t, session, 'report.z');
  const row = closedSessionRow(t.db, options.number);
  if (!row || row.z_json === null) {
    throw new CashError('no-z', options.number === undefined ? 'no Z report yet: no cash session was ever closed' : `there is no Z report number ${options.number}`);
  }
  return JSON.parse(row.z_json) as CashReport;
}
