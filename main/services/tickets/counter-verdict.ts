/**
 * The counter's verdict on a validation barcode: the outcome-file verdict (TicketChecker) combined with
 * what this terminal knows — the stop list, the state of the ticket's pack, payouts and claims already
 * made, and the retailer's payout limit.
 *
 * Order of precedence: unreadable or unknown barcode; a block signed by a revoked key; tampered data; stop-listed; pack not active
 * (paper games only); wrong hidden code; already paid; expired; loser; winner above the limit (or
 * already claimed); already paid as central said before, while it does not answer (central-refusals.ts);
 * winner payable here. The prize is shown only once the hidden code has opened the
 * record and the ticket is not refused for its pack or the stop list.
 */
import { gameByCode } from '../../../games/index.js';
import { claimOf } from '../../../db/queries/claims.js';
import { findPack } from '../../../db/queries/packs.js';
import { centralPack } from '../../../db/queries/central-packs.js';
import { payoutOf } from '../../../db/queries/payouts.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { formatEuros } from '../../../games/money.js';
import { TicketChecker, type Verdict } from './check.js';
import { humanPackNumber, packOfUnit } from '../packs/pack-ref.js';
import { effectivePackState, isEnrolled } from '../packs/packs.js';
import { stopOfUnit } from '../packs/stop-list.js';
import { getSettings } from '../../kernel/settings.js';
import { inTransaction } from '../../kernel/transaction.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { noteRefusedCode } from './refused-codes.js';
import { centralRefusalOf, refusalWords } from './central-refusals.js';
import { limitReachedIn, offlineUsage } from '../sync/offline-limits.js';
import { syncStatus } from '../sync/status.js';
import { suspendedGames } from '../terminal/enabled.js';

export { COUNTER_VERDICTS, type CounterVerdict, type CounterVerdictKind, type OfflineVerdict, type PaidAt } from './verdict-types.js';
import type { CounterVerdict, CounterVerdictKind, OfflineVerdict } from './verdict-types.js';

/** The offline state a winner's verdict carries: null while central answers (or the terminal is not enrolled). */
export function offlineVerdictOf(t: LotteryTerminal, prizeCents: number): OfflineVerdict | null {
  if (syncStatus(t).state !== 'offline') return null;
  const u = offlineUsage(t);
  if (!u) return null;
  const l = u.limits;
  return {
    max_ticket_cents: l.offline_max_ticket_cents,
    left_total_cents: Math.max(0, l.offline_max_total_cents - u.total_cents),
    left_count: Math.max(0, l.offline_max_count - u.count),
    left_hours: Math.max(0, Math.floor(l.offline_max_hours - u.hours_since_contact)),
    reached: limitReachedIn(u, prizeCents)?.reached ?? null,
  };
}

/** The JSON shape printed by `guichet check --json` with an operator, and `guichet pay --json` on a refusal. */
export function counterVerdictJson(v: CounterVerdict): Record<string, unknown> {
  return {
    verdict: v.verdict,
    ticket: v.ticket,
    game: v.game,
    prize_cents: v.prize_cents,
    payable: v.payable,
    payout_limit_cents: v.payout_limit_cents,
    pack: v.pack,
    paid: v.paid,
    claim: v.claim,
    stop: v.stop,
    winning: v.winning,
    play: v.play,
    claim_deadline: v.claim_deadline,
    // A winner while central does not answer: the offline allowance left (money, payouts, hours, per ticket), null otherwise (#25).
    offline: v.offline,
    ...(v.suspended ? { suspended: true } : {}),
    message: v.message,
  };
}

/**
 * Gives counter verdicts; keeps the outcome files open between checks (`close()` releases them).
 * Time is the terminal's clock.
 */
export class CounterChecker {
  private readonly checker: TicketChecker;

  /** `oneAct`: the checker serves one act on one ticket (see CheckOptions.oneAct). */
  constructor(
    private readonly t: LotteryTerminal,
    options: { readonly oneAct?: boolean } = {},
  ) {
    this.checker = new TicketChecker(t, { now: t.clock, ...(options.oneAct ? { oneAct: true } : {}) });
  }

  /**
   * The verdict for an operator (permission 'ticket.check'), read in one consistent snapshot. A wrong
   * hidden code is journaled and counted for the operator (refused-codes.ts).
   */
  check(session: OperatorSession, barcode: string): CounterVerdict {
    const v = this.t.db.transaction(() => {
      authorize(this.t, session, 'ticket.check');
      return this.verdictOf(barcode);
    })();
    if (v.verdict === 'wrong-code') inTransaction(this.t, () => noteRefusedCode(this.t, session, v));
    return v;
  }

  /** The verdict without a permission check: for services that already authorised inside their transaction. */
  verdictOf(barcode: string): CounterVerdict {
    return counterVerdictOf(this.t, this.checker.check(barcode));
  }

  close(): void {
    this.checker.close();
  }
}

/** One-shot counter check (opens and closes the outcome files). */
export function checkAtCounter(t: LotteryTerminal, session: OperatorSession, barcode: string): CounterVerdict {
  const c = new CounterChecker(t);
  try {
    return c.check(session, barcode);
  } finally {
    c.close();
  }
}

/** Combines an outcome-file verdict with the terminal's state. */
export function counterVerdictOf(t: LotteryTerminal, base: Verdict): CounterVerdict {
  const limit = getSettings(t).payout_limit_cents;
  const id = base.id;
  const hidden = { prize_cents: null, winning: null, play: null };
  const make = (verdict: CounterVerdictKind, message: string, extra: Partial<CounterVerdict> = {}): CounterVerdict => ({
    verdict,
    id,
    ticket: base.ticket,
    game: id?.game ?? null,
    prize_cents: base.prize_cents,
    winning: base.winning,
    play: base.play,
    claim_deadline: base.claim_deadline,
    payable: false,
    payout_limit_cents: limit,
    pack: null,
    paid: null,
    claim: null,
    stop: null,
    offline: null,
    message,
    ...extra,
  });
  if (!id || base.verdict === 'malformed' || base.verdict === 'bad-check-digit' || base.verdict === 'unknown-ticket') {
    return make(base.verdict, base.message);
  }
  const packId = packOfUnit(id);
  const packRow = packId ? findPack(t.db, packId) : undefined;
  // An enrolled terminal also knows its retailer's packs through central's feed: a pack activated at
  // another terminal of the shop is active here too.
  const central = packId ? centralPack(t.db, packId) : undefined;
  const pack = packId ? { number: humanPackNumber(packId), state: effectivePackState(t.id, packRow, central) } : null;
  if (base.verdict === 'tampered' || base.verdict === 'key-revoked') return make(base.verdict, base.message, { pack });

  const stop = stopOfUnit(t, id);
  if (stop) {
    return make('stop-listed', `this ticket is on the stop list (${stop.reason}): do not pay it, keep it and call the lottery`, {
      ...hidden,
      pack,
      stop: { scope: stop.scope, what: stop.what, reason: stop.reason, added_at: stop.added_at },
    });
  }
  // A pack this terminal does not know (#19: the feed tells a terminal its own retailer's packs only):
  // an enrolled terminal asks central online before paying (centralGate), and refuses it offline.
  const elsewhere = pack?.state === 'not-received' && isEnrolled(t);
  if (pack && pack.state !== 'active' && pack.state !== 'settled' && !elsewhere) {
    const why = pack.state !== 'not-received' ? `is ${pack.state}` : 'was not received at this terminal';
    return make('pack-not-active', `ticket non enregistré: its pack ${pack.number} ${why}, not active`, { ...hidden, pack });
  }
  if (base.verdict === 'wrong-code') return make('wrong-code', base.message, { pack });

  const paid = payoutOf(t.db, id);
  if (paid) {
    const p = { at: paid.at, terminal: paid.terminal, receipt_no: paid.receipt_no, amount_cents: paid.amount_cents };
    return make('already-paid', `already paid ${formatEuros(paid.amount_cents)} on ${paid.at} at terminal ${paid.terminal} (receipt ${paid.receipt_no})`, { pack, paid: p });
  }
  if (base.verdict === 'expired' || base.verdict === 'loser') return make(base.verdict, base.message, { pack });

  const prize = base.prize_cents as number;
  const claimed = claimOf(t.db, id);
  if (claimed) {
    const c = { at: claimed.at, terminal: claimed.terminal, receipt_no: claimed.receipt_no, amount_cents: claimed.amount_cents };
    return make('above-limit', `wins ${formatEuros(prize)}: a claim was already filed on ${claimed.at} at terminal ${claimed.terminal} (receipt ${claimed.receipt_no}); the player is paid at a payment centre`, { pack, claim: c });
  }
  // The lottery suspended the game (#41: Valider still said "pay it here"): neither paid nor claimed until it resumes.
  if (suspendedGames(t).includes(id.game)) {
    return make(prize > limit ? 'above-limit' : 'winner', `wins ${formatEuros(prize)}, but the lottery suspended ${gameByCode(id.game).name}: no payout or claim until it resumes; the player keeps the ticket`, { pack, suspended: true });
  }
  if (prize > limit) {
    return make('above-limit', `wins ${formatEuros(prize)}, above this counter's payout limit of ${formatEuros(limit)}: print a claim receipt, the player is paid at a payment centre`, { pack });
  }
  // Central said it was paid (issue 41): while it does not answer, the verdict says so, in its words, and offers no offline payout.
  const told = centralRefusalOf(t, id);
  if (told?.verdict === 'already_paid' && syncStatus(t).state === 'offline') {
    return make('already-paid', refusalWords(t, told).message, { pack, paid: { at: told.at ?? told.told_at, terminal: told.terminal ?? t.id, receipt_no: null, amount_cents: prize } });
  }
  if (elsewhere) return make('winner', `wins ${formatEuros(prize)}: its pack ${pack.number} is not known at this shop (another shop's, or not received here yet): central confirms it online before it is paid here (${gameByCode(id.game).name})`, { pack, payable: true });
  const offline = offlineVerdictOf(t, prize);
  if (offline) {
    const hours = offline.left_hours === 0 ? 'less than an hour' : `${offline.left_hours} more hour${offline.left_hours === 1 ? '' : 's'}`;
    const left = `${formatEuros(offline.left_total_cents)} and ${offline.left_count} payouts left offline for ${hours}, at most ${formatEuros(offline.max_ticket_cents)} a ticket`;
    const what = offline.reached ? 'beyond the offline allowance: the payout gives a claim receipt' : 'pay it here offline';
    return make('winner', `wins ${formatEuros(prize)}: central offline, ${what} (${left}; ${gameByCode(id.game).name})`, { pack, payable: true, offline });
  }
  return make('winner', `wins ${formatEuros(prize)}: pay it here (${gameByCode(id.game).name})`, { pack, payable: true });
}
