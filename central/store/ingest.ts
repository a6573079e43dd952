/**
 * Receiving a push: the terminal's journal entries and outbox events, exactly once. The whole batch is
 * checked against what central holds, under a lock on the terminal's row, and stored in one
 * transaction, or refused whole with an integrity alert. Beyond hashes and signatures central checks
 * the money and the dates of each entry (store/entry-checks.ts); an entry or event it cannot store as
 * text (a NUL, a lone surrogate) is quarantined as its canonical bytes with an integrity alert
 * ('entry_quarantined', 'event_quarantined'), and the chain goes on after it.
 */
import { MAX_CLOCK_SKEW_MS, type PushAnswer, type PushRefusal, type PushRequest, type WireJournalEntry } from '../../common/protocol/index.js';
import { checkEntries } from '../protocol/verify-pool.js';
import { ENTRY_PROBLEMS, parseEd25519PublicKey } from '../protocol/verify.js';
import { CentralError, type Central } from './context.js';
import { dateProblem, FIRST_ENTRY_SLACK_MS, moneyProblem, unstorable } from './entry-checks.js';
import { deferAnnouncements } from './feed.js';
import { currentEpoch } from './epoch.js';
import type { Queryable } from './db.js';
import { settleNewExceptions } from './chargebacks.js';
import { reconcilePayouts } from './claims.js';
import { applyQueuedPackOps, settlePacks } from './packs.js';
import { announcePaidTickets } from './paid-feed.js';
import { issueAllowance, uncreditedEntries } from './payout-checks.js';
import { recordPrizeClaims } from './prize-claims.js';
import { checkSales, uncreditedSales } from './sale-checks.js';
import { recordSoftware } from './updates.js';
import { uncreditedVoids } from './void-checks.js';
import { noteResync } from './restore-hold.js';
import {
  heldEntryAt,
  heldEntryHashes,
  insertEntries,
  insertIntegrityAlert,
  insertQuarantinedEntries,
  insertQuarantinedEvent,
  insertRefusedPush,
  moveHeadAndStoreEvents,
  type RefusalRow,
} from './queries/journals.js';
import { canonicalJson } from '../../common/canonical-json.js';
import { lockTerminalChain, terminalChain, touchTerminalAt } from './queries/terminals.js';

export interface PushRefused {
  readonly refused: true;
  readonly reason: PushRefusal;
  readonly at_seq: number;
  readonly detail: string;
  readonly held_hash: string | null;
  readonly offered_hash: string | null;
  readonly last_seq: number;
  readonly last_hash: string;
}

export type PushResult = ({ readonly refused: false } & PushAnswer) | PushRefused;

class Refusal extends Error {
  constructor(
    readonly reason: PushRefusal,
    readonly at_seq: number,
    message: string,
    readonly held_hash: string | null = null,
    readonly offered_hash: string | null = null,
  ) {
    super(message);
  }
}

/** Stores a batch; answers what central now holds, or why the batch was refused (then recorded as an alert). */
export async function ingestPush(c: Central, terminalId: string, batch: PushRequest): Promise<PushResult> {
  for (const e of batch.entries) {
    if (e.terminal !== terminalId) throw new CentralError('wrong_terminal', `entry ${e.seq} belongs to terminal ${e.terminal}, not ${terminalId}`, 403);
  }
  for (const ev of batch.events) {
    if (!ev.key.startsWith(`${terminalId}/`)) throw new CentralError('wrong_terminal', `event ${ev.key} is not one of terminal ${terminalId}'s`, 403);
  }
  try {
    return await c.db.transaction((tx) => deferAnnouncements(c, tx, () => storeBatch(c, tx, terminalId, batch)));
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    return recordRefusal(c, terminalId, batch, err);
  }
}

async function storeBatch(c: Central, tx: Queryable, terminalId: string, batch: PushRequest): Promise<PushResult> {
  const t = await lockTerminalChain(tx, terminalId);
  const key = t?.public_key ? parseEd25519PublicKey(t.public_key) : null;
  if (!t || !key) throw new CentralError('unknown_terminal', `terminal ${terminalId} is not enrolled`, 401);
  const now = c.now();
  // What it runs, reported with every push (#23): kept even when central refuses its claims for it.
  if (batch.software) await recordSoftware(tx, terminalId, batch.software, now);

  // Order by seq; the same entry twice in one batch is a harmless repeat, two different ones a break.
  const bySeq = new Map<number, WireJournalEntry>();
  for (const e of batch.entries) {
    const seen = bySeq.get(e.seq);
    if (seen && seen.hash !== e.hash) throw new Refusal('chain_broken', e.seq, `the batch holds two different entries ${e.seq}`, seen.hash, e.hash);
    bySeq.set(e.seq, e);
  }
  const entries = [...bySeq.values()].sort((a, b) => a.seq - b.seq);

  // Entries central already holds must be the very same (a rewritten entry, even re-signed, is refused).
  const held = entries.filter((e) => e.seq <= t.last_seq);
  if (held.length > 0) {
    const heldRows = await heldEntryHashes(tx, terminalId, held.map((e) => e.seq));
    const heldHash = new Map(heldRows.map((r) => [r.seq, r.hash]));
    for (const e of held) {
      const h = heldHash.get(e.seq);
      if (h !== e.hash) {
        throw new Refusal('chain_broken', e.seq, `entry ${e.seq} differs from the one central acknowledged: the journal was rewritten after central saw it`, h ?? null, e.hash);
      }
    }
  }

  // New entries continue the chain from the last acknowledged one, each sealed and signed by the terminal.
  // Hashes and signatures are checked in worker threads, chunk by chunk (verify-pool.ts); each chunk is
  // written as soon as it passes, while the next ones are still being checked. The writes go one after
  // the other on the transaction's one connection (never two statements in flight on a client: pg
  // deprecates it). A refusal rolls back the whole transaction, chunks written included.
  const fresh = entries.filter((e) => e.seq > t.last_seq);
  let prevSeq = t.last_seq;
  let prevHash = t.last_hash;
  // Dates: never before the entry followed (its time, or the enrolment for a first entry), never ahead of central's clock.
  let prevAt = fresh.length === 0 ? undefined : t.last_seq > 0 ? await heldEntryAt(tx, terminalId, t.last_seq) : undefined;
  const firstAt = t.enrolled_at && Number.isFinite(Date.parse(t.enrolled_at)) ? new Date(Date.parse(t.enrolled_at) - FIRST_ENTRY_SLACK_MS).toISOString() : undefined;
  const latestAt = new Date(Date.parse(now) + MAX_CLOCK_SKEW_MS).toISOString();
  let written: Promise<void> = Promise.resolve();
  const quarantined: { entry: WireJournalEntry; bytes: Buffer; reason: string }[] = [];
  try {
    for (const chunk of checkEntries(fresh, t.public_key!)) {
      const problems = await chunk.problems;
      for (let i = chunk.from; i < chunk.to; i++) {
        const e = fresh[i]!;
        if (e.seq !== prevSeq + 1) throw new Refusal('out_of_order', prevSeq + 1, `entry ${prevSeq + 1} is missing: the batch jumps from ${prevSeq} to ${e.seq}; send from ${t.last_seq + 1}`);
        if (e.prev_hash !== prevHash) {
          throw new Refusal('chain_broken', e.seq, `entry ${e.seq} does not follow entry ${prevSeq}: its previous hash differs from the one central holds`, prevHash, e.prev_hash);
        }
        const problem = ENTRY_PROBLEMS[problems[i - chunk.from] ?? 2];
        if (problem === 'entry_hash') throw new Refusal(problem, e.seq, `entry ${e.seq} was altered: its contents do not match its hash`, null, e.hash);
        if (problem === 'entry_signature') throw new Refusal(problem, e.seq, `entry ${e.seq} is not signed by terminal ${terminalId}'s enrolled key`, null, e.hash);
        const bad = moneyProblem(e);
        if (bad) throw new Refusal('bad_money', e.seq, bad, null, e.hash);
        const date = dateProblem(e, prevAt, prevSeq === 0 ? firstAt : undefined, latestAt);
        if (date) throw new Refusal(date.reason, e.seq, date.detail, null, e.hash);
        const why = unstorable(e);
        if (why) quarantined.push({ entry: e, bytes: Buffer.from(canonicalJson(e), 'utf8'), reason: `entry ${e.seq}${why}: central cannot store it as text` });
        prevSeq = e.seq;
        prevHash = e.hash;
        prevAt = e.at;
      }
      const rows = fresh.slice(chunk.from, chunk.to).filter((e) => !quarantined.some((q) => q.entry === e));
      if (rows.length === 0) continue;
      // After the previous chunk's write (a failed one stops the chain: its error is thrown below).
      written = written.then(async () => {
        await insertEntries(tx, terminalId, now, rows);
      });
      written.catch(() => undefined); // awaited below; a refusal meanwhile must not leave it unobserved
    }
  } finally {
    // Nothing may still run on the transaction when it commits or rolls back.
    await written.catch(() => undefined);
  }
  await written;

  // Entries and events central cannot store as text: kept as bytes, each with an integrity alert; the chain goes on.
  await insertQuarantinedEntries(tx, terminalId, now, quarantined);
  for (const q of quarantined) {
    await insertIntegrityAlert(tx, terminalId, now, { reason: 'entry_quarantined', at_seq: q.entry.seq, held_hash: null, offered_hash: q.entry.hash, detail: q.reason });
  }
  const stored = quarantined.length === 0 ? fresh : fresh.filter((e) => !quarantined.some((q) => q.entry === e));
  const events: typeof batch.events = [];
  for (const ev of new Map(batch.events.map((x) => [x.key, x])).values()) {
    const why = unstorable(ev);
    if (!why) {
      events.push(ev);
      continue;
    }
    const detail = `event ${ev.key}${why}: central cannot store it as text`;
    if (await insertQuarantinedEvent(tx, terminalId, now, ev, Buffer.from(canonicalJson(ev), 'utf8'), detail)) {
      await insertIntegrityAlert(tx, terminalId, now, { reason: 'event_quarantined', at_seq: ev.journal_seq, held_hash: null, offered_hash: null, detail });
    }
  }

  // One statement moves the terminal's chain head and stores the events (an empty array inserts nothing).
  const storedEvents = await moveHeadAndStoreEvents(tx, terminalId, now, { seq: prevSeq, hash: prevHash }, events);
  // Pack operations queued while central was away (the same keys as online ones: each counts once),
  // then the payouts, then what they settle (of the entries stored, not those quarantined).
  await applyQueuedPackOps(c, tx, terminalId, events);
  // Payouts, voids and sales central does not credit (store/payout-checks.ts, void-checks.ts): stored as signed, never counted or paid.
  const uncredited = await uncreditedEntries(c, tx, terminalId, t.enrolled_at, stored);
  // A paper sale's money that is not its tickets at their games' prices: central bills its own figure (store/sale-checks.ts).
  for (const seq of await uncreditedSales(c, tx, terminalId, stored, uncredited)) uncredited.add(seq);
  await uncreditedVoids(c, tx, terminalId, stored, uncredited); // a void only of a sale central credited, from its lines (store/void-checks.ts)
  await checkSales(c, tx, terminalId, stored); // a paid ticket, or one of a returned or stop-listed pack, sold: an alert (store/sale-checks.ts)
  const { paid, exceptions } = await reconcilePayouts(c, tx, terminalId, uncredited.size === 0 ? stored : stored.filter((e) => !uncredited.has(e.seq)));
  if (exceptions > 0) await settleNewExceptions(c, tx, terminalId, now); // charged back or written off (store/chargebacks.ts)
  await settlePacks(c, tx, paid);
  await announcePaidTickets(c, tx, paid); // to the shop holding each one's pack (store/paid-feed.ts)
  await recordPrizeClaims(c, tx, terminalId, stored);
  // After a restore: central now holds this terminal's whole journal, the claims' hold may end (store/restore-hold.ts).
  await noteResync(c, tx, terminalId, batch.head_seq, prevSeq, now);
  return {
    allowance: await issueAllowance(c, tx, terminalId, prevSeq),
    epoch: (await currentEpoch(c, tx)).epoch,
    refused: false,
    last_seq: prevSeq,
    last_hash: prevHash,
    stored_entries: fresh.length, // quarantined ones included: central holds them, as bytes
    skipped_entries: batch.entries.length - fresh.length,
    stored_events: storedEvents,
    skipped_events: batch.events.length - storedEvents,
  };
}

async function recordRefusal(c: Central, terminalId: string, batch: PushRequest, r: Refusal): Promise<PushRefused> {
  return c.db.transaction(async (tx) => {
    const now = c.now();
    const row: RefusalRow = { reason: r.reason, at_seq: r.at_seq, held_hash: r.held_hash, offered_hash: r.offered_hash, detail: r.message };
    if (r.reason !== 'out_of_order') await insertIntegrityAlert(tx, terminalId, now, row);
    await insertRefusedPush(tx, terminalId, now, row, batch.entries.length);
    await touchTerminalAt(tx, terminalId, now);
    const t = await terminalChain(tx, terminalId);
    return {
      refused: true,
      reason: r.reason,
      at_seq: r.at_seq,
      detail: r.message,
      held_hash: r.held_hash,
      offered_hash: r.offered_hash,
      last_seq: t?.last_seq ?? 0,
      last_hash: t?.last_hash ?? '0'.repeat(64),
    };
  });
}
