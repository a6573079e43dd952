/**
 * Payouts from central's own facts (#19). The retailer holds the terminal's key, so a `payout` entry is
 * only the retailer's word: inside a push, central credits it only when its own facts agree, and
 * otherwise stores it as signed (the chain stays whole) but lists it in `uncredited_entries` with an
 * integrity alert: the statement does not count it and its ticket is not marked paid (the real holder
 * can still be paid).
 *
 * - **Proof of possession** (#39): a payout carries `proof`, a MAC keyed by the ticket's hidden code
 *   (node/outcome/payout-proof.ts) that central computes again from its print data. A ticket number alone
 *   is no ticket: offline, a payout without it is `payout_no_proof`, with a wrong one `payout_bad_proof`.
 * - **Online** (no `offline: true`): the ticket must be held by central's own claim for this terminal,
 *   at the prize central's print data gave that claim (the claim carried the validation barcode, checked
 *   then); a proof it carries must be right (entries from before proofs carry none).
 * - **Offline**: its proof, the prize by central's print data (a winner, that amount), a digital unit
 *   central sold (its proof is its validation code: the terminal that sold it, or whoever holds its
 *   receipt), a paper ticket of a pack active (or settled) at one of this retailer's terminals, not held
 *   by another terminal's running claim, and inside the offline allowance central signed for the terminal
 *   at its last push (per ticket, count, total, valid until): counted over the offline payouts journaled
 *   after that allowance's acknowledged entry. An online payout whose claim a restore lost is judged so too.
 * - **Disabled**: a sale, void or payout journaled after central disabled the terminal is not credited
 *   (central keeps collecting the journal: the evidence of a stolen terminal).
 *
 * A payout of a ticket already paid is left to the reconciliation (store/claims.ts: a payout exception).
 * Each push's answer carries the next allowance, signed with the lottery key and recorded here.
 */
import { offlineLimitsOf, type OfflineAllowance, type SignedAllowance, type WireJournalEntry } from '../../common/protocol/index.js';
import { gameByCode, isGameCode } from '../../games/index.js';
import type { UnitId } from '../../games/ticket-id.js';
import type { GameCode } from '../../games/types.js';
import { signLotteryDocument } from '../protocol/verify.js';
import type { Central, EpochRow } from './context.js';
import { currentEpoch } from './epoch.js';
import type { Queryable } from './db.js';
import { currentConfig } from './feed.js';
import { packOfTicket } from './packs.js';
import { printData, publishedBlock } from './print-cache.js';
import type { PrintData } from '../emission/print-file.js';
import { unitSecrets } from '../emission/secrets.js';
import { payoutProofMatches } from '../../node/outcome/payout-proof.js';
import { packRow } from './queries/packs.js';
import { insertIntegrityAlert } from './queries/journals.js';
import { retailerOf, terminalMoneyFacts } from './queries/terminals.js';
import { lockClaims, type ClaimRow } from './queries/ticket-claims.js';
import { digitalSaleStatus, lastAllowance, recordUncredited, saveAllowance, uncreditedRows, type AllowanceRow, type UncreditedRow } from './queries/uncredited.js';

/** Why central does not credit an entry (the integrity alert's reason). */
export type UncreditedReason =
  | 'terminal_disabled'
  | 'payout_no_ticket'
  | 'payout_unclaimed'
  | 'payout_held_elsewhere'
  | 'payout_amount'
  | 'payout_unknown_ticket'
  | 'payout_not_winner'
  | 'payout_not_sold'
  | 'payout_pack'
  | 'payout_allowance'
  | 'payout_no_proof'
  | 'payout_bad_proof';

interface Payout {
  entry: WireJournalEntry;
  ticket: string | null;
  id: UnitId | null;
  /** The amount the payout's money block pays (what a statement would count). */
  amount: number;
  /** `amount_cents` of its payload, which must be the same. */
  stated: unknown;
  lines: number;
  offline: boolean;
  /** Its proof of possession (node/outcome/payout-proof.ts), as journaled: undefined when it carries none. */
  proof: unknown;
}

const CREDITED_WHEN_DISABLED = new Set(['sale', 'void', 'payout']);

function payoutOf(e: WireJournalEntry): Payout {
  const p = e.payload as { game?: unknown; emission?: unknown; block?: unknown; unit?: unknown; amount_cents?: unknown; offline?: unknown; proof?: unknown; money?: { lines?: unknown } };
  const lines = Array.isArray(p.money?.lines) ? (p.money.lines as { amount_cents?: unknown; count?: unknown }[]) : [];
  let amount = 0;
  let count = 0;
  for (const l of lines) {
    amount += typeof l.amount_cents === 'number' ? l.amount_cents : 0;
    count += typeof l.count === 'number' ? l.count : 0;
  }
  const whole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  const named = typeof p.game === 'string' && isGameCode(p.game) && whole(p.emission) && whole(p.block) && whole(p.unit);
  const id = named ? { game: p.game as GameCode, emission: p.emission as number, block: p.block as number, unit: p.unit as number } : null;
  return { entry: e, id, ticket: id ? `${id.game}/${id.emission}/${id.block}/${id.unit}` : null, amount, stated: p.amount_cents, lines: count, offline: p.offline === true, proof: p.proof };
}

const euros = (c: number): string => `${(c / 100).toFixed(2)} €`;

/** The allowance the terminal's offline payouts are judged by: the last one central signed, else its enrolment's. */
async function allowanceOf(tx: Queryable, terminalId: string, enrolledAt: string | null, config: Record<string, unknown>): Promise<AllowanceRow> {
  const held = await lastAllowance(tx, terminalId);
  if (held) return held;
  const l = offlineLimitsOf(config);
  const from = enrolledAt ?? new Date(0).toISOString();
  return {
    acked_seq: 0,
    issued_at: from,
    valid_until: new Date(Date.parse(from) + l.offline_max_hours * 3_600_000).toISOString(),
    max_ticket_cents: l.offline_max_ticket_cents,
    max_count: l.offline_max_count,
    max_total_cents: l.offline_max_total_cents,
  };
}

/**
 * Inside a push's transaction: judges the new entries (see the module comment), records those central
 * does not credit with an integrity alert each, and answers their seqs (the reconciliation skips them).
 */
export async function uncreditedEntries(c: Central, tx: Queryable, terminalId: string, enrolledAt: string | null, fresh: readonly WireJournalEntry[]): Promise<Set<number>> {
  const payouts = fresh.filter((e) => e.type === 'payout').map(payoutOf);
  const facts = await terminalMoneyFacts(tx, terminalId);
  const disabledAt = facts?.disabled_at ?? null;
  const refused: UncreditedRow[] = [];
  const refuse = (e: WireJournalEntry, ticket: string | null, amount: number, offline: boolean, reason: UncreditedReason, detail: string): void => {
    refused.push({ seq: e.seq, type: e.type, ticket, at: e.at, amount_cents: amount, offline, reason, detail: `entry ${e.seq} (${e.type}): ${detail}` });
  };
  if (disabledAt !== null) {
    for (const e of fresh) {
      if (CREDITED_WHEN_DISABLED.has(e.type) && e.at > disabledAt) {
        const p = e.type === 'payout' ? payoutOf(e) : null;
        refuse(e, p?.ticket ?? null, p?.amount ?? 0, p?.offline ?? false, 'terminal_disabled', `journaled after central disabled terminal ${terminalId} (${disabledAt}): not credited`);
      }
    }
  }
  const judged = new Set(refused.map((r) => r.seq));
  const toJudge = payouts.filter((p) => !judged.has(p.entry.seq));
  if (toJudge.length > 0) {
    const tickets = [...new Set(toJudge.map((p) => p.ticket).filter((t): t is string => t !== null))];
    const claims = new Map<string, ClaimRow>(tickets.length > 0 ? (await lockClaims(tx, tickets)).map((r) => [r.ticket, r]) : []);
    const config = await currentConfig(tx);
    const allowance = await allowanceOf(tx, terminalId, enrolledAt, config);
    const retailer = facts?.retailer ?? '';
    const packRetailers = new Map<string, { state: string; retailer: string } | null>();
    const now = c.now();
    const epoch = await currentEpoch(c, tx);
    let offlineCount = 0;
    let offlineTotal = 0;
    for (const p of toJudge) {
      const e = p.entry;
      const why = await judgePayout(c, tx, terminalId, retailer, p, claims.get(p.ticket ?? ''), now, packRetailers, epoch);
      if (why) {
        refuse(e, p.ticket, p.amount, p.offline, why[0], why[1]);
        continue;
      }
      // Credited on central's facts alone (its claim lost in a restore): listed for the lottery to review.
      if (claimLostInRestore(p, claims.get(p.ticket ?? ''), epoch)) {
        await insertIntegrityAlert(tx, terminalId, now, {
          reason: 'payout_after_restore',
          at_seq: e.seq,
          held_hash: null,
          offered_hash: e.hash,
          detail: `entry ${e.seq} (payout of ${p.ticket}, ${euros(p.amount)}): paid online before central's restore of ${epoch.started_at}, its claim lost; credited on central's print data and packs`,
        });
      }
      if (!p.offline || claims.get(p.ticket ?? '')?.state === 'paid') continue;
      // Inside the allowance central signed: per ticket, count and total of the offline payouts after its acknowledged entry.
      const a = allowance;
      let over: string | null = null;
      if (p.amount > a.max_ticket_cents) over = `${euros(p.amount)} paid offline, above the allowance per ticket (${euros(a.max_ticket_cents)})`;
      else if (offlineCount + 1 > a.max_count) over = `offline payout number ${offlineCount + 1} since entry ${a.acked_seq}, beyond the allowance of ${a.max_count}`;
      else if (offlineTotal + p.amount > a.max_total_cents) over = `${euros(offlineTotal + p.amount)} paid offline since entry ${a.acked_seq}, beyond the allowance of ${euros(a.max_total_cents)}`;
      else if (e.at > a.valid_until) over = `paid offline on ${e.at}, after the allowance central signed ran out (${a.valid_until})`;
      if (over) {
        refuse(e, p.ticket, p.amount, true, 'payout_allowance', over);
        continue;
      }
      offlineCount++;
      offlineTotal += p.amount;
    }
  }
  if (refused.length === 0) return new Set();
  await recordUncredited(tx, terminalId, c.now(), refused, fresh);
  return new Set(refused.map((r) => r.seq));
}

/** An online payout journaled before a restore's epoch began, whose claim central no longer holds (or holds as paid elsewhere since). */
function claimLostInRestore(p: Payout, claim: ClaimRow | undefined, epoch: EpochRow): boolean {
  return !p.offline && epoch.reason === 'restore' && p.entry.at < epoch.started_at && (!claim || (claim.state === 'paid' && claim.terminal_id !== p.entry.terminal));
}

/** Why one payout is not credited ([reason, detail]), or null when central's facts agree. */
async function judgePayout(
  c: Central,
  tx: Queryable,
  terminalId: string,
  retailer: string,
  p: Payout,
  claim: ClaimRow | undefined,
  now: string,
  packs: Map<string, { state: string; retailer: string } | null>,
  epoch: EpochRow,
): Promise<[UncreditedReason, string] | null> {
  if (!p.id || !p.ticket) return ['payout_no_ticket', 'a payout that names no ticket central knows'];
  if (p.lines !== 1 || p.stated !== p.amount) return ['payout_amount', `its money block pays ${p.lines} ticket(s), ${euros(p.amount)}, not the one ticket its payload names`];
  // Paid before by this terminal: the same payout again (reconciliation keeps it once).
  if (claim?.state === 'paid' && claim.terminal_id === terminalId) return null;
  // Paid before elsewhere: a double payment (the reconciliation's exception: charged back, or borne by the
  // lottery) only for a payout at the ticket's own prize by central's facts; online, only against this
  // terminal's own claim. Any other is never credited, whatever the exception policy.
  const paidElsewhere = claim?.state === 'paid';
  const heldByOther = claim && claim.state === 'held' && claim.terminal_id !== terminalId;
  // A restore (#21) may have lost this terminal's claim: an online payout journaled before the epoch
  // began, whose claim central no longer holds, is judged again by central's own facts, as an offline one
  // is (print data, sale, pack, held elsewhere); paid elsewhere since, it is the reconciliation's double
  // payment. The allowance is not asked: the claim was granted by central before the restore.
  if (!p.offline && !claimLostInRestore(p, claim, epoch)) {
    if (!claim || paidElsewhere) return ['payout_unclaimed', `paid online, but central holds no claim of ${p.ticket} for terminal ${terminalId}${paidElsewhere ? ` (it was paid at terminal ${claim.terminal_id})` : ''}`];
    if (heldByOther) return ['payout_held_elsewhere', `paid online, but ${p.ticket} is held by terminal ${claim.terminal_id}'s claim, not this terminal's`];
    const prize = Number(claim.prize_cents ?? -1);
    if (p.amount !== prize) return ['payout_amount', `paid ${euros(p.amount)}, but central's claim is for a prize of ${euros(prize)}`];
    // The claim carried the validation barcode, checked by central then: an entry of a terminal from before
    // proofs (#39) is credited on it; a proof it carries must be the right one.
    if (p.proof === undefined) return null;
    const print = await printOf(c, tx, p.id);
    return print ? possession(print, terminalId, p) : ['payout_unknown_ticket', `central has no print data for ${p.ticket}`];
  }
  if (heldByOther && (claim.held_until ?? '') >= now) {
    const where = await retailerOf(tx, claim.terminal_id);
    return ['payout_held_elsewhere', `paid offline while ${p.ticket} is held by terminal ${claim.terminal_id} (${where})`];
  }
  const id = p.id;
  const print = await printOf(c, tx, id);
  if (!print) return ['payout_unknown_ticket', `central has no print data for ${id.game} emission ${id.emission} block ${id.block}`];
  if (id.unit >= print.header.block_size) return ['payout_unknown_ticket', `unit ${id.unit} is not in the block`];
  // Proof that the terminal saw the ticket's hidden code (#39): a guessed prize, without it, is never money.
  const unproven = possession(print, terminalId, p);
  if (unproven) return unproven;
  const prize = print.header.tier_amounts[print.tiers[id.unit] as number] ?? 0;
  if (prize <= 0) return ['payout_not_winner', `${p.ticket} is not a winning ticket by the lottery's print data`];
  if (p.amount !== prize) return ['payout_amount', `paid ${euros(p.amount)}, but the prize of ${p.ticket} by the lottery's print data is ${euros(prize)}`];
  if (paidElsewhere) return null;
  if (gameByCode(id.game).kind === 'digital') {
    if ((await digitalSaleStatus(tx, id)) !== 'sold') return ['payout_not_sold', `central never sold the digital unit ${p.ticket} (or voided its sale)`];
    return null;
  }
  const pack = packOfTicket(id.game, id.emission, id.block, id.unit);
  if (pack) {
    const key = `${pack.game}/${pack.emission}/${pack.block}/${pack.pack}`;
    if (!packs.has(key)) {
      const row = await packRow(tx, pack);
      packs.set(key, row ? { state: row.state, retailer: await retailerOf(tx, row.terminal_id) } : null);
    }
    const at = packs.get(key);
    if (!at || (at.state !== 'active' && at.state !== 'settled')) return ['payout_pack', `paid offline, but its pack ${key} is ${at ? at.state : 'received by no terminal'} at central`];
    if (at.retailer !== retailer) return ['payout_pack', `paid offline, but its pack ${key} is another retailer's (${at.retailer})`];
  }
  return null;
}

/** The print data of the payout's block, when central published it. */
async function printOf(c: Central, tx: Queryable, id: UnitId): Promise<PrintData | null> {
  const pub = await publishedBlock(c, tx, id);
  return pub?.print_name ? printData(c, pub.print_name) : null;
}

/**
 * The payout's proof of possession against the hidden code central's print data give its unit
 * (node/outcome/payout-proof.ts): null when it proves the terminal saw the code, else why not.
 */
function possession(print: PrintData, terminalId: string, p: Payout): [UncreditedReason, string] | null {
  const id = p.id as UnitId;
  if (id.unit >= print.header.block_size) return ['payout_unknown_ticket', `unit ${id.unit} is not in the block`];
  if (p.proof === undefined) return ['payout_no_proof', `${p.ticket} paid with no proof that the terminal saw its hidden code (a ticket number alone is no ticket)`];
  const code = unitSecrets(print.master, id.unit).hiddenCode;
  if (!payoutProofMatches(code, { terminal: terminalId, id, amount_cents: p.amount }, p.proof)) {
    return ['payout_bad_proof', `${p.ticket} paid with a proof of possession that is not the one its hidden code gives for terminal ${terminalId} and ${euros(p.amount)}`];
  }
  return null;
}

/**
 * Signs and records the terminal's next offline allowance, counted from entry `ackedSeq`: central's
 * configuration limits, or nothing at all for a terminal central disabled (it neither sells nor pays).
 */
export async function issueAllowance(c: Central, tx: Queryable, terminalId: string, ackedSeq: number): Promise<SignedAllowance> {
  const facts = await terminalMoneyFacts(tx, terminalId);
  const disabled = facts !== undefined && facts.disabled_at !== null;
  const config = offlineLimitsOf(await currentConfig(tx));
  const l = disabled ? { offline_max_ticket_cents: 0, offline_max_count: 0, offline_max_total_cents: 0, offline_max_hours: 0 } : config;
  const now = c.now();
  const allowance: OfflineAllowance = {
    terminal: terminalId,
    acked_seq: ackedSeq,
    issued_at: now,
    valid_until: new Date(Date.parse(now) + l.offline_max_hours * 3_600_000).toISOString(),
    max_ticket_cents: l.offline_max_ticket_cents,
    max_count: l.offline_max_count,
    max_total_cents: l.offline_max_total_cents,
  };
  const signature = signLotteryDocument('allowance', allowance, c.lotteryKey.privateKey);
  await saveAllowance(tx, terminalId, allowance, c.lotteryKey.fingerprint, signature);
  return { allowance, signer: c.lotteryKey.fingerprint, signature };
}

/** An entry central stores but does not credit, as `guichet central uncredited` lists it. */
export interface UncreditedEntry {
  terminal: string;
  retailer: string;
  journal_seq: number;
  type: string;
  ticket: string | null;
  at: string;
  amount_cents: number;
  offline: boolean;
  reason: string;
  detail: string;
  received_at: string;
}

/** Every entry central did not credit, oldest first. */
export async function uncreditedEntriesList(c: Central): Promise<UncreditedEntry[]> {
  return (await uncreditedRows(c.db)).map((r) => ({
    terminal: r.terminal_id,
    retailer: r.retailer ?? '',
    journal_seq: Number(r.seq),
    type: r.type,
    ticket: r.ticket,
    at: r.at,
    amount_cents: Number(r.amount_cents),
    offline: r.offline,
    reason: r.reason,
    detail: r.detail,
    received_at: r.received_at,
  }));
}
