/**
 * Push: the journal and the outbox to central, in seq order, in batches. The terminal moves its
 * acknowledged mark (and marks the events of those entries sent) only after central's answer, in one
 * transaction; a push cut anywhere is simply sent again (central skips what it already holds).
 * A 409 (the chain does not continue what central holds) is recorded as "journal refused by central".
 */
import type { Database } from 'better-sqlite3';
import { runningSoftware } from '../updates/software.js';
import { MAX_PUSH_ENTRIES, MAX_PUSH_EVENTS, PushAnswer, PushRefusalAnswer, ENDPOINTS, type PushRequest, type WireJournalEntry } from '../../../common/protocol/index.js';
import { journalCountAfter, journalRow, journalRowsAfter, lastJournalRow, type JournalRow } from '../../../db/queries/journal.js';
import { markOutboxSentUpTo, markOutboxUnsentAfter, recordOutboxFailureBetween, syncStateRow, updateSyncState } from '../../../db/queries/sync-state.js';
import { unsentOutboxUpTo } from '../../../db/queries/outbox.js';
import { GENESIS_HASH } from '../../../node/journal/entry-hash.js';
import { inTransaction } from '../../kernel/transaction.js';
import { record } from '../../kernel/record.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { keepAllowance } from './allowance.js';
import { CentralAnswerError, type CentralClient } from './client.js';
import { SyncError } from './errors.js';

export interface PushReport {
  /** Batches central accepted. */
  readonly batches: number;
  /** Entries central acknowledged during this push. */
  readonly entries: number;
  /** Last entry central holds. */
  readonly acked_seq: number;
  /** Entries still waiting. */
  readonly waiting: number;
}

function wireEntry(r: JournalRow): WireJournalEntry {
  return {
    seq: r.seq,
    at: r.at,
    terminal: r.terminal,
    type: r.type,
    operator: r.operator,
    payload: JSON.parse(r.payload) as Record<string, unknown>,
    prev_hash: r.prev_hash,
    hash: r.hash,
    signature: r.signature,
  };
}

function batchOf(db: Database, afterSeq: number, size: number): PushRequest & { readonly upto: number } {
  const rows = journalRowsAfter(db, afterSeq, size);
  let upto = rows.at(-1)?.seq ?? afterSeq;
  let events = unsentOutboxUpTo(db, upto, MAX_PUSH_EVENTS + 1);
  if (events.length > MAX_PUSH_EVENTS) {
    // More events than one request holds: stop the entries at the last event that fits.
    events = events.slice(0, MAX_PUSH_EVENTS);
    upto = Math.max(afterSeq, Math.min(upto, ...events.map((e) => e.journal_seq)) - 1);
    events = events.filter((e) => e.journal_seq <= upto);
  }
  return {
    upto,
    entries: rows.filter((r) => r.seq <= upto).map(wireEntry),
    events: events.map((e) => ({
      key: e.idempotency_key,
      type: e.type,
      journal_seq: e.journal_seq,
      payload: JSON.parse(e.payload) as Record<string, unknown>,
      created_at: e.created_at,
    })),
  };
}

/**
 * Central holds less than it acknowledged (restored from a backup, #21): the terminal's mark goes back
 * to central's head and the events of later entries are sent again, in one transaction; a new epoch is
 * journaled. The entries and events then go again (central skips what it holds, keys included).
 */
function rewindTo(t: LotteryTerminal, head: { seq: number; hash: string }, previous: number, epoch: { seen: string | null; before: string | null } | null): void {
  inTransaction(t, () => {
    updateSyncState(t.db, { acked_seq: head.seq, acked_hash: head.hash, pushed_seq: head.seq, ...(epoch?.seen ? { central_epoch: epoch.seen } : {}) });
    const again = markOutboxUnsentAfter(t.db, head.seq);
    if (epoch?.seen && epoch.before !== null) {
      record(t, { type: 'central.restored', operator: null, payload: { epoch: epoch.seen, previous_epoch: epoch.before, central_head: head.seq, acked_before: previous, events_again: again } });
    }
  });
}

function waitingAfter(db: Database, seq: number): number {
  return journalCountAfter(db, seq);
}

/** Pushes until central holds the whole journal (or a refusal or network failure stops it). */
export async function pushJournal(t: LotteryTerminal, client: CentralClient, options: { batchSize?: number; maxBatches?: number } = {}): Promise<PushReport> {
  // As many entries as central takes in one request: a day offline is ten round trips, not twenty.
  const size = Math.min(options.batchSize ?? MAX_PUSH_ENTRIES, MAX_PUSH_ENTRIES);
  const state = syncStateRow(t.db);
  if (!state) throw new SyncError('not-enrolled', 'this terminal is not enrolled with a central: run guichet enroll');
  let acked = state.acked_seq;
  let start = acked;
  let epoch = state.central_epoch;
  // The feed saw a new epoch the push has not acted on: ask central's head (an empty push) even with nothing new.
  let probe = state.feed_epoch !== null && state.feed_epoch !== epoch;
  let batches = 0;
  for (;;) {
    const batch = batchOf(t.db, acked, size);
    if (batch.entries.length === 0 && batch.events.length === 0 && !probe) break;
    probe = false;
    if (options.maxBatches !== undefined && batches >= options.maxBatches) break;
    updateSyncState(t.db, { pushed_seq: batch.upto });
    let answer: PushAnswer;
    try {
      // head_seq: central holding it means this terminal has re-synced (after a restore, central's claims wait for that, #21).
      const head = lastJournalRow(t.db)?.seq ?? 0;
      answer = await client.call('POST', ENDPOINTS.push, { entries: batch.entries, events: batch.events, software: runningSoftware(), head_seq: head }, PushAnswer);
    } catch (err) {
      const at = t.now();
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof CentralAnswerError && err.status === 409) {
        const refusal = PushRefusalAnswer.safeParse(err.body);
        // Not an alert: central holds less than we thought (e.g. restored); resend from its mark.
        if (refusal.success && (refusal.data.reason as string) === 'out_of_order' && batch.entries.length > 0 && refusal.data.last_seq < (batch.entries[0]?.seq ?? 0)) {
          const mine = refusal.data.last_seq === 0 ? GENESIS_HASH : journalRow(t.db, refusal.data.last_seq)?.hash;
          if (mine === refusal.data.last_hash && refusal.data.last_seq !== acked) {
            const previous = acked;
            acked = refusal.data.last_seq;
            start = Math.min(start, acked);
            rewindTo(t, { seq: acked, hash: refusal.data.last_hash }, previous, null);
            continue;
          }
        }
        const reason = refusal.success ? `${refusal.data.reason} at entry ${refusal.data.at_seq}: ${refusal.data.error}` : message;
        inTransaction(t, () => {
          updateSyncState(t.db, { refused_at: at, refused_reason: reason, last_error: `journal refused by central: ${reason}`, last_error_at: at, last_contact_at: at });
          recordOutboxFailureBetween(t.db, acked, batch.upto, at, `journal refused by central: ${reason}`);
        });
        throw new SyncError('refused', `journal refused by central: ${reason}`);
      }
      inTransaction(t, () => {
        updateSyncState(t.db, { last_error: message, last_error_at: at });
        recordOutboxFailureBetween(t.db, acked, batch.upto, at, message);
      });
      throw err;
    }
    // Central's mark must be an entry of this journal, hash for hash.
    const held = answer.last_seq === 0 ? GENESIS_HASH : journalRow(t.db, answer.last_seq)?.hash;
    if (held !== answer.last_hash) {
      const at = t.now();
      const reason = `central holds entry ${answer.last_seq} with another hash`;
      updateSyncState(t.db, { refused_at: at, refused_reason: reason, last_error: `journal refused by central: ${reason}`, last_error_at: at });
      throw new SyncError('diverged', `journal refused by central: ${reason}`);
    }
    // A new epoch (central restored, #21), or central's head below the mark it acknowledged: the journal
    // and the outbox go again from central's head.
    // (Events are stored with the head's move: a head central still holds has its events.)
    const newEpoch = answer.epoch !== undefined && answer.epoch !== epoch;
    if (answer.last_seq < acked) {
      const previous = acked;
      rewindTo(t, { seq: answer.last_seq, hash: answer.last_hash }, previous, newEpoch ? { seen: answer.epoch ?? null, before: epoch } : null);
      acked = answer.last_seq;
      start = Math.min(start, acked);
      epoch = answer.epoch ?? epoch;
      continue;
    }
    if (newEpoch && epoch !== null) rewindTo(t, { seq: answer.last_seq, hash: answer.last_hash }, acked, { seen: answer.epoch ?? null, before: epoch });
    if (newEpoch) epoch = answer.epoch ?? null;
    const at = t.now();
    inTransaction(t, () => {
      updateSyncState(t.db, {
        ...(newEpoch ? { central_epoch: epoch } : {}),
        acked_seq: answer.last_seq,
        acked_hash: answer.last_hash,
        last_push_at: at,
        last_contact_at: at,
        last_error: null,
        last_error_at: null,
        refused_at: null,
        refused_reason: null,
      });
      markOutboxSentUpTo(t.db, answer.last_seq, at);
      // The offline allowance central signed with this answer (allowance.ts): the only thing that renews it.
      if (answer.allowance) keepAllowance(t, answer.allowance, answer.last_seq);
    });
    batches++;
    if (answer.last_seq < batch.upto && answer.last_seq <= acked) {
      throw new SyncError('refused', `central did not take entries after ${answer.last_seq}`);
    }
    acked = answer.last_seq;
  }
  return { batches, entries: Math.max(0, acked - start), acked_seq: acked, waiting: waitingAfter(t.db, acked) };
}
