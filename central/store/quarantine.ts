/**
 * Reviewing what central quarantined (#19): journal entries and outbox events whose hash and signature
 * checked but which central cannot store as text (a NUL, a lone surrogate), kept as their canonical
 * bytes (store/ingest.ts). `guichet central quarantine list [--terminal T]` and
 * `guichet central quarantine show T SEQ|EVENT_KEY` (the bytes as JSON text, escapes kept).
 */
import { CentralError, type Central } from './context.js';
import { quarantinedEntry, quarantinedEvent, quarantinedRows } from './queries/quarantine.js';

export interface QuarantinedItem {
  readonly terminal: string;
  readonly kind: 'entry' | 'event';
  readonly seq: number;
  readonly name: string;
  readonly reason: string;
  readonly received_at: string;
  readonly bytes: number;
}

export async function listQuarantine(c: Central, terminal?: string): Promise<QuarantinedItem[]> {
  return (await quarantinedRows(c.db, terminal)).map((r) => ({
    terminal: r.terminal_id,
    kind: r.kind,
    seq: Number(r.seq),
    name: r.name,
    reason: r.reason,
    received_at: r.received_at,
    bytes: Number(r.bytes),
  }));
}

/** One quarantined entry (`ref` its seq) or event (`ref` its key), as the canonical JSON it was received as. */
export async function showQuarantined(c: Central, terminal: string, ref: string): Promise<{ terminal: string; kind: 'entry' | 'event'; ref: string; reason: string; received_at: string; json: string }> {
  const isSeq = /^[1-9][0-9]{0,15}$/.test(ref);
  const row = isSeq ? await quarantinedEntry(c.db, terminal, Number(ref)) : await quarantinedEvent(c.db, terminal, ref);
  if (!row) throw new CentralError('not_found', `no quarantined ${isSeq ? `entry ${ref}` : `event ${ref}`} of terminal ${terminal} (guichet central quarantine list)`, 404);
  const bytes = 'entry' in row ? row.entry : row.event;
  return { terminal, kind: isSeq ? 'entry' : 'event', ref, reason: row.reason, received_at: row.received_at, json: Buffer.from(bytes).toString('utf8') };
}
