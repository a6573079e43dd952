/** SQL of the reports for people: per terminal its contact, events, alerts and refusals (the rules: store/reports.ts). */
import type { Queryable } from '../db.js';

export interface TerminalReportRow {
  terminal_id: string;
  retailer: string;
  status: string;
  status_reason: string | null;
  key_fingerprint: string | null;
  enrolled_at: string | null;
  last_contact_at: string | null;
  last_seq: number;
  last_hash: string;
}

export async function terminalReportRows(q: Queryable): Promise<TerminalReportRow[]> {
  return q.query<TerminalReportRow>(
    `SELECT terminal_id, retailer, status, status_reason, key_fingerprint, enrolled_at, last_contact_at, last_seq, last_hash FROM terminals ORDER BY terminal_id`,
  );
}

/** Events held, counted by terminal and type. */
export async function eventCounts(q: Queryable): Promise<{ terminal_id: string; type: string; n: number }[]> {
  return q.query<{ terminal_id: string; type: string; n: number }>('SELECT terminal_id, type, count(*)::int AS n FROM outbox_events GROUP BY terminal_id, type ORDER BY terminal_id, type');
}

/** Integrity alerts, counted by terminal. */
export async function alertCounts(q: Queryable): Promise<{ terminal_id: string; n: number }[]> {
  return q.query<{ terminal_id: string; n: number }>('SELECT terminal_id, count(*)::int AS n FROM integrity_alerts GROUP BY terminal_id');
}

/** Every refused push, by terminal, oldest first. */
export async function refusedPushRows(q: Queryable): Promise<{ terminal_id: string; at: string; reason: string; at_seq: number | null; detail: string }[]> {
  return q.query<{ terminal_id: string; at: string; reason: string; at_seq: number | null; detail: string }>(
    'SELECT terminal_id, at, reason, at_seq, detail FROM refused_pushes ORDER BY terminal_id, refusal_id',
  );
}

/** Whether central knows a terminal of that id. */
export async function terminalExists(q: Queryable, terminalId: string): Promise<boolean> {
  const t = await q.query('SELECT 1 FROM terminals WHERE terminal_id = $1', [terminalId]);
  return t.length > 0;
}

export interface EventRow {
  event_key: string;
  type: string;
  journal_seq: number;
  created_at: string;
  received_at: string;
  payload: Record<string, unknown>;
}

/** A terminal's events in the order it made them, at most `limit`. */
export async function eventRows(q: Queryable, terminalId: string, limit: number): Promise<EventRow[]> {
  return q.query<EventRow>(
    'SELECT event_key, type, journal_seq, created_at, received_at, payload FROM outbox_events WHERE terminal_id = $1 ORDER BY journal_seq, event_key LIMIT $2',
    [terminalId, limit],
  );
}

export interface AlertRow {
  at: string;
  reason: string;
  at_seq: number;
  held_hash: string | null;
  offered_hash: string | null;
  detail: string;
}

export async function alertRows(q: Queryable, terminalId: string): Promise<AlertRow[]> {
  return q.query<AlertRow>('SELECT at, reason, at_seq, held_hash, offered_hash, detail FROM integrity_alerts WHERE terminal_id = $1 ORDER BY alert_id', [terminalId]);
}
