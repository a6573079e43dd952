/** What central holds, for people: per terminal its contact, acknowledged journal, events, refusals. */
import type { Central } from './context.js';
import { CentralError } from './context.js';
import {
  alertCounts,
  alertRows,
  eventCounts,
  eventRows,
  refusedPushRows,
  terminalExists,
  terminalReportRows,
  type AlertRow,
  type EventRow,
  type TerminalReportRow,
} from './queries/reports.js';

export type { AlertRow, EventRow } from './queries/reports.js';

export interface TerminalReport extends TerminalReportRow {
  events_by_type: Record<string, number>;
  integrity_alerts: number;
  refused_pushes: { at: string; reason: string; at_seq: number | null; detail: string }[];
}

export async function terminalsReport(c: Central): Promise<TerminalReport[]> {
  const terminals = await terminalReportRows(c.db);
  const events = await eventCounts(c.db);
  const alerts = await alertCounts(c.db);
  const refused = await refusedPushRows(c.db);
  return terminals.map((t) => ({
    ...t,
    events_by_type: Object.fromEntries(events.filter((e) => e.terminal_id === t.terminal_id).map((e) => [e.type, e.n])),
    integrity_alerts: alerts.find((a) => a.terminal_id === t.terminal_id)?.n ?? 0,
    refused_pushes: refused.filter((r) => r.terminal_id === t.terminal_id).map(({ terminal_id: _, ...r }) => r),
  }));
}

/** The events central received from a terminal, in the order the terminal made them. */
export async function terminalEvents(c: Central, terminalId: string, limit = 1000): Promise<EventRow[]> {
  if (!(await terminalExists(c.db, terminalId))) throw new CentralError('unknown_terminal', `no terminal ${terminalId}`, 404, { terminal: terminalId });
  return eventRows(c.db, terminalId, limit);
}

export async function integrityAlerts(c: Central, terminalId: string): Promise<AlertRow[]> {
  return alertRows(c.db, terminalId);
}
