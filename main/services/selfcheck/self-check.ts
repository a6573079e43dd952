/**
 * The self-check kiosk's rules: a player scans a ticket and learns what it is worth; nothing is paid,
 * nobody is logged in. Each check is journaled as `selfcheck.checked` with its verdict kind only (never
 * a barcode or an amount). Two limits per scanner: a generous one on all checks (a player's stack of 20
 * tickets goes through at scanner speed), and a tight one on wrong hidden codes (someone guessing):
 * past `wrong_code_limit` of them within `wrong_code_limit_seconds` the scanner waits. Wrong codes are
 * also counted for the technician: `wrong_code_alert` of them within the window journal a
 * `selfcheck.wrong-codes` alert.
 *
 * The verdict itself is the counter's (outcome file, stop list, pack state, payouts, limit), read
 * without an operator: the mode is the authorisation. An inventory barcode (the ticket's identity
 * only) gets `scratch-first`: scratch the ticket and scan the barcode under the coating.
 */
import { parseBarcode, TicketIdError, humanNumber } from '../../../games/ticket-id.js';
import { gameByCode } from '../../../games/index.js';
import { CounterChecker, type CounterVerdict, type CounterVerdictKind } from '../tickets/counter-verdict.js';
import { centralRefusalOf } from '../tickets/central-refusals.js';
import { record } from '../../kernel/record.js';
import { inTransaction } from '../../kernel/transaction.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { SlidingWindowLimiter } from './rate-limit.js';

/**
 * The counter's verdict kinds, and the player's own: `scratch-first` (the inventory barcode), `claimed`
 * (a claim already filed here, or the ticket held by another terminal's claim at central), `suspended`
 * (a winner of a game the lottery suspended). A ticket central said was paid is `already-paid`.
 */
export type SelfCheckKind = CounterVerdictKind | 'scratch-first' | 'claimed' | 'suspended';

export interface SelfCheckConfig {
  /** Checks a scanner may make in one window, whatever their verdicts. */
  readonly checks_per_window: number;
  readonly window_seconds: number;
  /** Wrong hidden codes a scanner may give within `wrong_code_limit_seconds` before it has to wait. */
  readonly wrong_code_limit: number;
  readonly wrong_code_limit_seconds: number;
  /** Seconds a result stays on screen before the attract screen comes back (the renderer's timer). */
  readonly reset_seconds: number;
  /** Wrong hidden codes from one scanner, within `wrong_code_window_minutes`, that raise an alert. */
  readonly wrong_code_alert: number;
  readonly wrong_code_window_minutes: number;
}

export const DEFAULT_SELF_CHECK: SelfCheckConfig = Object.freeze({
  checks_per_window: 30,
  window_seconds: 60,
  wrong_code_limit: 3,
  wrong_code_limit_seconds: 300,
  reset_seconds: 8,
  wrong_code_alert: 3,
  wrong_code_window_minutes: 10,
});

export type SelfCheckResult =
  | { readonly status: 'wait'; readonly retry_after_ms: number }
  | {
      readonly status: 'checked';
      readonly kind: SelfCheckKind;
      /** The counter's verdict (null for scratch-first). */
      readonly verdict: CounterVerdict | null;
      /** For scratch-first: the game and the printed ticket number read from the inventory barcode. */
      readonly identity: { readonly game: string; readonly ticket: string } | null;
      /** True when this check raised a wrong-code alert. */
      readonly alerted: boolean;
    };

/** Scanner names as keys and in the journal: short, printable. */
function scannerName(scanner: string): string {
  const s = scanner.replace(/[^\x20-\x7e]/g, '').trim().slice(0, 64);
  return s || 'wedge';
}

export class SelfCheckService {
  private readonly checker: CounterChecker;
  private readonly limiter: SlidingWindowLimiter;
  private readonly wrongLimiter: SlidingWindowLimiter;
  private readonly wrongCodes = new Map<string, number[]>();

  constructor(
    private readonly t: LotteryTerminal,
    readonly config: SelfCheckConfig = DEFAULT_SELF_CHECK,
    private readonly nowMs: () => number = () => t.clock().getTime(),
  ) {
    this.checker = new CounterChecker(t);
    this.limiter = new SlidingWindowLimiter({ max: config.checks_per_window, windowMs: config.window_seconds * 1000 });
    this.wrongLimiter = new SlidingWindowLimiter({ max: config.wrong_code_limit, windowMs: config.wrong_code_limit_seconds * 1000 });
  }

  /** Checks one scanned barcode for the player at `scanner` (e.g. `wedge`, `serial:/dev/ttyACM0`). */
  check(barcode: string, scanner: string): SelfCheckResult {
    const name = scannerName(scanner);
    const now = this.nowMs();
    const guessing = this.wrongLimiter.peek(name, now);
    if (!guessing.ok) return { status: 'wait', retry_after_ms: guessing.retryAfterMs };
    const admitted = this.limiter.take(name, now);
    if (!admitted.ok) return { status: 'wait', retry_after_ms: admitted.retryAfterMs };

    const identity = inventoryIdentity(barcode);
    return inTransaction(this.t, () => {
      const verdict = identity ? null : this.checker.verdictOf(barcode);
      const kind: SelfCheckKind = verdict ? playerKind(this.t, verdict) : 'scratch-first';
      record(this.t, { type: 'selfcheck.checked', operator: null, payload: { verdict: kind, scanner: name } });
      if (kind === 'wrong-code') this.wrongLimiter.take(name, now);
      const alerted = kind === 'wrong-code' && this.countWrongCode(name, now);
      return { status: 'checked', kind, verdict, identity, alerted } as const;
    });
  }

  /** Counts a wrong code; journals an alert (and starts counting afresh) when the threshold is reached. */
  private countWrongCode(scanner: string, now: number): boolean {
    const since = now - this.config.wrong_code_window_minutes * 60_000;
    const times = (this.wrongCodes.get(scanner) ?? []).filter((x) => x > since);
    times.push(now);
    if (times.length < this.config.wrong_code_alert) {
      this.wrongCodes.set(scanner, times);
      return false;
    }
    this.wrongCodes.set(scanner, []);
    record(this.t, {
      type: 'selfcheck.wrong-codes',
      operator: null,
      payload: { scanner, wrong_codes: times.length, window_minutes: this.config.wrong_code_window_minutes },
    });
    return true;
  }

  close(): void {
    this.checker.close();
  }
}

/**
 * What the player is told of a winner: never "present it at the counter to be paid" for a ticket
 * already paid or claimed, here or as central told this terminal (#41), nor for a suspended game.
 */
function playerKind(t: LotteryTerminal, v: CounterVerdict): SelfCheckKind {
  if (v.verdict !== 'winner' && v.verdict !== 'above-limit') return v.verdict;
  if (v.claim) return 'claimed';
  const told = v.id ? centralRefusalOf(t, v.id) : null;
  if (told) return told.verdict === 'already_paid' ? 'already-paid' : 'claimed';
  return v.suspended ? 'suspended' : v.verdict;
}

/** The game and printed number of an inventory barcode; null for anything else. */
function inventoryIdentity(barcode: string): { game: string; ticket: string } | null {
  try {
    const parsed = parseBarcode(barcode.replace(/\s+/g, ''));
    if (parsed.kind !== 'inventory') return null;
    return { game: parsed.id.game, ticket: humanNumber(parsed.id, gameByCode(parsed.id.game).pack_size) };
  } catch (err) {
    if (err instanceof TicketIdError) return null;
    throw err;
  }
}
