/** SQL reading `quarantined_entries` and `quarantined_events` (what central could not store as text: store/ingest.ts). */
import type { Queryable } from '../db.js';

export interface QuarantinedRow {
  terminal_id: string;
  kind: 'entry' | 'event';
  /** The entry's seq, or the event's journal seq. */
  seq: number | string;
  /** The entry's type, or the event's key. */
  name: string;
  reason: string;
  received_at: string;
  bytes: number | string;
}

/** Every quarantined entry and event (of one terminal when given), oldest first. */
export async function quarantinedRows(q: Queryable, terminal?: string): Promise<QuarantinedRow[]> {
  return q.query<QuarantinedRow>(
    `SELECT * FROM (
       SELECT terminal_id, 'entry' AS kind, seq, type AS name, reason, received_at, octet_length(entry) AS bytes FROM quarantined_entries
       UNION ALL
       SELECT terminal_id, 'event' AS kind, journal_seq AS seq, event_key AS name, reason, received_at, octet_length(event) AS bytes FROM quarantined_events
     ) x WHERE $1::text IS NULL OR terminal_id = $1 ORDER BY received_at, terminal_id, seq, kind, name`,
    [terminal ?? null],
  );
}

/** One quarantined entry's canonical bytes and reason. */
export async function quarantinedEntry(q: Queryable, terminal: string, seq: number): Promise<{ entry: Uint8Array; reason: string; received_at: string } | undefined> {
  return (await q.query<{ entry: Uint8Array; reason: string; received_at: string }>('SELECT entry, reason, received_at FROM quarantined_entries WHERE terminal_id = $1 AND seq = $2', [terminal, seq]))[0];
}

/** One quarantined event's canonical bytes and reason. */
export async function quarantinedEvent(q: Queryable, terminal: string, key: string): Promise<{ event: Uint8Array; reason: string; received_at: string } | undefined> {
  return (await q.query<{ event: Uint8Array; reason: string; received_at: string }>('SELECT event, reason, received_at FROM quarantined_events WHERE terminal_id = $1 AND event_key = $2', [terminal, key]))[0];
}
