/** What central holds, for people: per terminal its contact, acknowledged journal, events, refusals. */
import type { Central } from './context.js';
import { CentralError } from './context.js';

export interface TerminalReport {
  terminal_id: string;
  retailer: string;
  status: string;
  status_reason: string | null;
  key_fingerprint: string | null;
  enrolled_at: string | null;
  last_contact_at: string | null;
  last_seq: number;
  last_hash: string;
  events_by_type: Record<string, number>;
  integrity_alerts: number;
  refused_pushes: { at: string; reason: string; at_seq: number | null; detail: string }[];
}

export async function terminalsReport(c: Central): Promise<TerminalReport[]> {
  const terminals = await c.db.query<Omit<TerminalReport, 'events_by_type' | 'integrity_alerts' | 'refused_pushes'>>(
    `SELECT terminal_id, retailer, status, status_reason, key_fingerprint, enrolled_at, last_contact_at, last_seq, last_hash FROM terminals ORDER BY terminal_id`,
  );
  const events = await c.db.query<{ terminal_id: string; type: string; n: number }>('SELECT terminal_id, type, count(*)::int AS n FROM outbox_events GROUP BY terminal_id, type ORDER BY terminal_id, type');
  const alerts = await c.db.query<{ terminal_id: string; n: number }>('SELECT terminal_id, count(*)::int AS n FROM integrity_alerts GROUP BY terminal_id');
  const refused = await c.db.query<{ terminal_id: string; at: string; reason: string; at_seq: number | null; detail: string }>(
    'SELECT terminal_id, at, reason, at_seq, detail FROM refused_pushes ORDER BY terminal_id, refusal_id',
  );
  return terminals.map((t) => ({
    ...t,
    events_by_type: Object.fromEntries(events.filter((e) => e.terminal_id === t.terminal_id).map((e) => [e.type, e.n])),
    integrity_alerts: alerts.find((a) => a.terminal_id === t.terminal_id)?.n ?? 0,
    refused_pushes: refused.filter((r) => r.terminal_id === t.terminal_id).map(({ terminal_id: _, ...r }) => r),
  }));
}

export interface EventRow {
  event_key: string;
  type: string;
  journal_seq: number;
  created_at: string;
  received_at: string;
  payload: Record<string, unknown>;
}

/** The events central received from a terminal, in the order the terminal made them. */
export async function terminalEvents(c: Central, terminalId: string, limit = 1000): Promise<EventRow[]> {
  const t = await c.db.query('SELECT 1 FROM terminals WHERE terminal_id = $1', [terminalId]);
  if (t.length === 0) throw new CentralError('unknown_terminal', `no terminal ${terminalId}`, 404);
  return c.db.query<EventRow>(
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

export async function integrityAlerts(c: Central, terminalId: string): Promise<AlertRow[]> {
  return c.db.query<AlertRow>('SELECT at, reason, at_seq, held_hash, offered_hash, detail FROM integrity_alerts WHERE terminal_id = $1 ORDER BY alert_id', [terminalId]);
}
