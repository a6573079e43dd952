/**
 * What central checks in a pushed journal entry beyond its hash and signature (#19): the retailer holds
 * the terminal's key, so a well-signed entry is still only the retailer's word. Central never believes a
 * number it can check itself.
 *
 * Money: only the types whose entries the terminal writes with a `money` block count on a statement
 * (`sale`, `void`, `payout`, `claim`: main/services/sales/sell.ts, void.ts, digital/sell.ts,
 * tickets/pay.ts), and their block's kind must be their type. Any other type's money is stored as the
 * terminal signed it (the chain stays whole) and never counted. A money block of a money type must be
 * what the terminal's own checkMoney (main/kernel/money.ts) lets through, within bounds:
 * 1 to MAX_MONEY_LINES lines, each a known game, a whole count 0…MAX_MONEY_COUNT and a whole amount
 * 0…MAX_MONEY_LINE_CENTS; otherwise the push is refused ('bad_money'). Which of them central then
 * credits is judged from its own facts (store/payout-checks.ts, void-checks.ts; docs/architecture/threat-model.md).
 *
 * Dates: an entry is never dated before the entry it follows (central holds the previous one, so an
 * entry dated back into a week whose statement was issued is refused), the terminal's first entry
 * never before its enrolment at central less FIRST_ENTRY_SLACK_MS (an enrolled terminal's journal starts
 * on a fresh data folder, after central's answer, on the terminal's clock: a day of slack keeps a slow
 * clock from blocking the terminal for good), and no entry more than the clock tolerance (MAX_CLOCK_SKEW_MS, the one of
 * signed requests) after central's clock: 'entry_backdated', 'entry_future'. The terminal stamps its
 * entries never before its last one (main/kernel/append.ts), so a clock set back does not
 * get an honest terminal refused.
 */
import type { WireJournalEntry, WireOutboxEvent } from '../../common/protocol/index.js';
import { isGameCode } from '../../games/index.js';

/** The entry types whose `money` block counts on the retailer's statement (its kind is the type). */
export const MONEY_ENTRY_TYPES = ['sale', 'void', 'payout', 'claim'] as const;
/** The largest amount of one money line (10,000,000 €). */
export const MAX_MONEY_LINE_CENTS = 1_000_000_000;
/** The largest count of one money line. */
export const MAX_MONEY_COUNT = 1_000_000;
/** How long before its enrolment at central a terminal's first entry may be dated (its clock may be slow). */
export const FIRST_ENTRY_SLACK_MS = 24 * 3_600_000;
/** The most lines one money block holds. */
export const MAX_MONEY_LINES = 1_000;

export function isMoneyEntryType(type: string): boolean {
  return (MONEY_ENTRY_TYPES as readonly string[]).includes(type);
}

function wholeWithin(v: unknown, max: number): boolean {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= max;
}

/** Why the money of entry `e` cannot count, or null (no money to count, or money central accepts). */
export function moneyProblem(e: WireJournalEntry): string | null {
  if (!isMoneyEntryType(e.type)) return null; // stored, never counted
  const money = e.payload.money;
  if (money === undefined) return null;
  if (typeof money !== 'object' || money === null || Array.isArray(money)) return `entry ${e.seq} (${e.type}): money is not an object`;
  const { kind, lines } = money as { kind?: unknown; lines?: unknown };
  if (kind !== e.type) return `entry ${e.seq} (${e.type}): its money is of kind '${String(kind)}', not '${e.type}'`;
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > MAX_MONEY_LINES) return `entry ${e.seq} (${e.type}): money needs 1 to ${MAX_MONEY_LINES} lines`;
  for (const [i, l] of lines.entries()) {
    const { game, count, amount_cents } = (typeof l === 'object' && l !== null ? l : {}) as { game?: unknown; count?: unknown; amount_cents?: unknown };
    if (typeof game !== 'string' || !isGameCode(game)) return `entry ${e.seq} (${e.type}): money line ${i + 1} names no known game`;
    if (!wholeWithin(count, MAX_MONEY_COUNT)) return `entry ${e.seq} (${e.type}): money line ${i + 1} count must be a whole number 0…${MAX_MONEY_COUNT}`;
    if (!wholeWithin(amount_cents, MAX_MONEY_LINE_CENTS)) return `entry ${e.seq} (${e.type}): money line ${i + 1} amount_cents must be a whole number 0…${MAX_MONEY_LINE_CENTS}`;
  }
  return null;
}

/**
 * Why entry `e`'s date is refused, or null: before `notBefore` (the previous entry's time), before
 * `firstAt` (a first entry: the enrolment less FIRST_ENTRY_SLACK_MS), after `latest` (central's clock plus the
 * tolerance). ISO UTC times of one format compare as text; Date.parse covers the optional milliseconds.
 */
export function dateProblem(
  e: WireJournalEntry,
  notBefore: string | undefined,
  firstAt: string | undefined,
  latest: string,
): { reason: 'entry_backdated' | 'entry_future'; detail: string } | null {
  const at = Date.parse(e.at);
  if (notBefore !== undefined && at < Date.parse(notBefore)) {
    return { reason: 'entry_backdated', detail: `entry ${e.seq} is dated ${e.at}, before the entry it follows (${notBefore}): a journal is dated in order` };
  }
  if (firstAt !== undefined && at < Date.parse(firstAt)) {
    return { reason: 'entry_backdated', detail: `entry ${e.seq} is dated ${e.at}, more than a day before the terminal enrolled at central (${firstAt} at the earliest)` };
  }
  if (at > Date.parse(latest)) {
    return { reason: 'entry_future', detail: `entry ${e.seq} is dated ${e.at}, after central's clock plus its tolerance (${latest}): set the terminal's clock` };
  }
  return null;
}

/** A NUL, or a UTF-16 surrogate without its other half. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The first string (key or value) in `v` PostgreSQL cannot store as text, described, or null. */
function unstorableIn(v: unknown, path: string): string | null {
  if (typeof v === 'string') return UNSTORABLE.test(v) ? `${path} holds ${v.includes('\u0000') ? 'a NUL character' : 'a lone UTF-16 surrogate'}` : null;
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) {
      const p = unstorableIn(x, `${path}[${i}]`);
      if (p) return p;
    }
    return null;
  }
  if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) {
      if (UNSTORABLE.test(k)) return `${path} has a key holding a NUL or a lone surrogate`;
      const p = unstorableIn(x, `${path}.${k}`);
      if (p) return p;
    }
  }
  return null;
}

/**
 * Why central cannot store entry or event `v` as text (PostgreSQL refuses a NUL and a lone surrogate in
 * text and jsonb), or null. Such an entry is quarantined (store/ingest.ts), never a failed push.
 */
export function unstorable(v: WireJournalEntry | WireOutboxEvent): string | null {
  return unstorableIn(v, '');
}
