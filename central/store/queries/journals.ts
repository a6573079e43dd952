/** SQL of a push: `journal_entries`, `outbox_events`, the chain head, quarantine, integrity alerts and refused pushes (the rules: store/ingest.ts). */
import type { WireJournalEntry, WireOutboxEvent } from '../../../common/protocol/index.js';
import type { Queryable } from '../db.js';

/** The hashes central holds for a terminal's entries `seqs` (stored or quarantined). */
export async function heldEntryHashes(tx: Queryable, terminalId: string, seqs: readonly number[]): Promise<{ seq: number; hash: string }[]> {
  return tx.query<{ seq: number; hash: string }>(
    `SELECT seq, hash FROM journal_entries WHERE terminal_id = $1 AND seq = ANY($2::bigint[])
     UNION ALL SELECT seq, hash FROM quarantined_entries WHERE terminal_id = $1 AND seq = ANY($2::bigint[])`,
    [terminalId, seqs],
  );
}

/** The time of a terminal's entry `seq` central holds, stored or quarantined (undefined when it holds none). */
export async function heldEntryAt(tx: Queryable, terminalId: string, seq: number): Promise<string | undefined> {
  return (
    await tx.query<{ at: string }>(
      'SELECT at FROM journal_entries WHERE terminal_id = $1 AND seq = $2 UNION ALL SELECT at FROM quarantined_entries WHERE terminal_id = $1 AND seq = $2',
      [terminalId, seq],
    )
  )[0]?.at;
}

/**
 * Moves the terminal's chain head (and last contact) and stores the events, in one statement (an empty
 * array inserts nothing); answers the events stored.
 */
export async function moveHeadAndStoreEvents(
  tx: Queryable,
  terminalId: string,
  now: string,
  head: { seq: number; hash: string },
  events: readonly WireOutboxEvent[],
): Promise<number> {
  const written = await tx.query<{ stored_events: number }>(
    `WITH t AS (UPDATE terminals SET last_seq = $3, last_hash = $4, last_contact_at = $2 WHERE terminal_id = $1 RETURNING 1),
     e AS (
       INSERT INTO outbox_events (terminal_id, event_key, type, journal_seq, payload, created_at, received_at)
       SELECT $1, u.event_key, u.type, u.journal_seq, u.payload::jsonb, u.created_at, $2
         FROM unnest($5::text[], $6::text[], $7::bigint[], $8::text[], $9::text[]) AS u(event_key, type, journal_seq, payload, created_at)
       ON CONFLICT (terminal_id, event_key, created_at) DO NOTHING
       RETURNING 1)
     SELECT (SELECT count(*) FROM e)::int AS stored_events, (SELECT count(*) FROM t) AS _moved`,
    [
      terminalId,
      now,
      head.seq,
      head.hash,
      events.map((e) => e.key),
      events.map((e) => e.type),
      events.map((e) => e.journal_seq),
      events.map((e) => JSON.stringify(e.payload)),
      events.map((e) => e.created_at),
    ],
  );
  return written[0]?.stored_events ?? 0;
}

/** Writes journal entries in one statement (arrays unnested: one round trip, one plan, any count). */
export async function insertEntries(tx: Queryable, terminalId: string, now: string, rows: readonly WireJournalEntry[]): Promise<void> {
  await tx.execute(
    `INSERT INTO journal_entries (terminal_id, seq, at, type, operator, payload, prev_hash, hash, signature, received_at)
     SELECT $1, u.seq, u.at, u.type, u.operator, u.payload::jsonb, u.prev_hash, u.hash, u.signature, $2
       FROM unnest($3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
         AS u(seq, at, type, operator, payload, prev_hash, hash, signature)`,
    [
      terminalId,
      now,
      rows.map((e) => e.seq),
      rows.map((e) => e.at),
      rows.map((e) => e.type),
      rows.map((e) => e.operator),
      rows.map((e) => JSON.stringify(e.payload)),
      rows.map((e) => e.prev_hash),
      rows.map((e) => e.hash),
      rows.map((e) => e.signature),
    ],
  );
}

export interface RefusalRow {
  reason: string;
  at_seq: number;
  held_hash: string | null;
  offered_hash: string | null;
  detail: string;
}

export async function insertIntegrityAlert(tx: Queryable, terminalId: string, now: string, r: RefusalRow): Promise<void> {
  await tx.execute(
    `INSERT INTO integrity_alerts (terminal_id, at, reason, at_seq, held_hash, offered_hash, detail) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [terminalId, now, r.reason, r.at_seq, r.held_hash, r.offered_hash, r.detail],
  );
}

export async function insertRefusedPush(tx: Queryable, terminalId: string, now: string, r: RefusalRow, entries: number): Promise<void> {
  await tx.execute(`INSERT INTO refused_pushes (terminal_id, at, reason, at_seq, entries, detail) VALUES ($1, $2, $3, $4, $5, $6)`, [
    terminalId,
    now,
    r.reason,
    r.at_seq,
    entries,
    r.detail,
  ]);
}

/** Keeps entries central cannot store as text, as their canonical bytes (ON CONFLICT: a resent one is kept once). */
export async function insertQuarantinedEntries(
  tx: Queryable,
  terminalId: string,
  now: string,
  rows: readonly { entry: WireJournalEntry; bytes: Buffer; reason: string }[],
): Promise<void> {
  for (const { entry: e, bytes, reason } of rows) {
    await tx.execute(
      `INSERT INTO quarantined_entries (terminal_id, seq, at, type, prev_hash, hash, entry, reason, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (terminal_id, seq) DO NOTHING`,
      [terminalId, e.seq, e.at, e.type, e.prev_hash, e.hash, bytes, reason, now],
    );
  }
}

/** Keeps an event central cannot store as text, as its canonical bytes; false when it was already kept. */
export async function insertQuarantinedEvent(tx: Queryable, terminalId: string, now: string, ev: WireOutboxEvent, bytes: Buffer, reason: string): Promise<boolean> {
  const n = await tx.execute(
    `INSERT INTO quarantined_events (terminal_id, event_key, journal_seq, event, reason, received_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (terminal_id, event_key) DO NOTHING`,
    [terminalId, ev.key, ev.journal_seq, bytes, reason, now],
  );
  return n > 0;
}
