/**
 * Wrong validation codes at the counter: each one an operator enters is journaled
 * ('ticket.code-refused': the operator, the ticket's identity, never the code), and counted per operator
 * over the terminal's window (`wrong_code_window_minutes`, 60 by default). When an operator reaches the
 * threshold (`wrong_code_alert_threshold`, 5 by default) within the window, an alert is journaled
 * ('alert.wrong-codes', once per window and operator) and the diagnostics show it to the technician:
 * the counter cannot be used quietly to finish a partly readable code.
 */
import { journalCountAboutOperatorSince, journalCountByOperatorSince, journalCountsPerOperatorSince, latestJournalOfType } from '../../../db/queries/journal.js';
import type { OperatorSession } from '../auth/session.js';
import { assertInTransaction } from '../../kernel/transaction.js';
import { record } from '../../kernel/record.js';
import { securitySettings } from '../../kernel/settings.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import type { UnitId } from '../../../games/ticket-id.js';

export const CODE_REFUSED = 'ticket.code-refused';
export const WRONG_CODES_ALERT = 'alert.wrong-codes';

/** The ticket a wrong code was entered for, as the counter verdict read it (CounterVerdict's id and ticket). */
export interface RefusedTicket {
  readonly id: UnitId | null;
  readonly ticket: string | null;
}

export interface RefusedCodeNote {
  /** Wrong codes of this operator within the window, this one included. */
  readonly count: number;
  /** True when this one raised the alert. */
  readonly alert: boolean;
}

/** Journals one wrong code (inside the caller's transaction) and the alert when it reaches the threshold. */
export function noteRefusedCode(t: LotteryTerminal, session: OperatorSession, v: RefusedTicket): RefusedCodeNote {
  assertInTransaction(t, 'noting a wrong validation code');
  const settings = securitySettings(t);
  const windowMs = settings.wrong_code_window_minutes * 60_000;
  const since = new Date(t.clock().getTime() - windowMs).toISOString();
  const identity = v.id ? { game: v.id.game, emission: v.id.emission, block: v.id.block, unit: v.id.unit } : {};
  const count = journalCountByOperatorSince(t.db, CODE_REFUSED, session.name, since) + 1;
  record(t, { type: CODE_REFUSED, operator: session, payload: { operator_id: session.operator_id, ticket: v.ticket, ...identity, count_in_window: count } });
  const threshold = settings.wrong_code_alert_threshold;
  if (count < threshold) return { count, alert: false };
  if (journalCountAboutOperatorSince(t.db, WRONG_CODES_ALERT, session.name, since) > 0) return { count, alert: false };
  record(t, {
    type: WRONG_CODES_ALERT,
    operator: null,
    payload: { operator: session.name, operator_id: session.operator_id, count, threshold, window_minutes: settings.wrong_code_window_minutes, last_ticket: v.ticket },
  });
  return { count, alert: true };
}

export interface WrongCodeAlert {
  readonly seq: number;
  readonly at: string;
  readonly operator: string;
  readonly count: number;
  readonly window_minutes: number;
}

export interface WrongCodesSummary {
  readonly threshold: number;
  readonly window_minutes: number;
  /** Wrong codes per operator within the window now, most first. */
  readonly by_operator: readonly { readonly operator: string; readonly count: number }[];
  /** The latest alerts, newest first. */
  readonly alerts: readonly WrongCodeAlert[];
}

/** What the diagnostics show: counts in the window per operator and the latest alerts (no code, no amount). */
export function wrongCodesSummary(t: LotteryTerminal, options: { alerts?: number } = {}): WrongCodesSummary {
  const settings = securitySettings(t);
  const since = new Date(t.clock().getTime() - settings.wrong_code_window_minutes * 60_000).toISOString();
  const by = journalCountsPerOperatorSince(t.db, CODE_REFUSED, since);
  const alerts = latestJournalOfType(t.db, WRONG_CODES_ALERT, options.alerts ?? 20).map((r) => {
      const p = JSON.parse(r.payload) as { operator?: unknown; count?: unknown; window_minutes?: unknown };
      return { seq: r.seq, at: r.at, operator: String(p.operator), count: Number(p.count), window_minutes: Number(p.window_minutes) };
    });
  return { threshold: settings.wrong_code_alert_threshold, window_minutes: settings.wrong_code_window_minutes, by_operator: by, alerts };
}
