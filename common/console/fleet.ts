/**
 * The console's fleet view (`console.fleet`, #22): every terminal, as columns (one array per field, the
 * same length, ordered by terminal id) so that 35,000 terminals travel as a few arrays rather than
 * 35,000 objects repeating their keys; `fleetTerminals` turns them back into rows.
 */
import { z } from 'zod';

export const TERMINAL_STATUSES = ['pending', 'active', 'disabled'] as const;

const count = z.number().int().nonnegative();

export const FleetColumns = z
  .object({
    terminal_id: z.array(z.string()),
    retailer: z.array(z.string()),
    status: z.array(z.enum(TERMINAL_STATUSES)),
    /** Heard from within the answer's `online_seconds` of its `now`. */
    online: z.array(z.boolean()),
    last_contact_at: z.array(z.string().nullable()),
    last_seq: z.array(z.number().int().nonnegative()),
    /** Seconds between the newest entry central holds and its arrival (null: no entry yet). */
    sync_lag_seconds: z.array(z.number().int().nullable()),
    software_version: z.array(z.string().nullable()),
    integrity_alerts: z.array(count),
    refused_pushes: z.array(count),
    /** Entries and events central keeps as bytes. */
    quarantined: z.array(count),
  })
  .refine((c) => Object.values(c).every((col) => col.length === c.terminal_id.length), { message: 'the fleet’s columns differ in length' });
export type FleetColumns = z.infer<typeof FleetColumns>;

export const FleetView = z.object({
  now: z.string(),
  online_seconds: z.number().int().positive(),
  terminals: FleetColumns,
});
export type FleetView = z.infer<typeof FleetView>;

/** One terminal of the fleet (a row of its columns). */
export type FleetTerminal = { [K in keyof FleetColumns]: FleetColumns[K][number] };

/** The fleet's terminals as rows, in the answer's order. */
export function fleetTerminals(view: FleetView): FleetTerminal[] {
  const c = view.terminals;
  const rows: FleetTerminal[] = new Array(c.terminal_id.length);
  for (let i = 0; i < rows.length; i++) {
    rows[i] = {
      terminal_id: c.terminal_id[i]!,
      retailer: c.retailer[i]!,
      status: c.status[i]!,
      online: c.online[i]!,
      last_contact_at: c.last_contact_at[i] ?? null,
      last_seq: c.last_seq[i]!,
      sync_lag_seconds: c.sync_lag_seconds[i] ?? null,
      software_version: c.software_version[i] ?? null,
      integrity_alerts: c.integrity_alerts[i]!,
      refused_pushes: c.refused_pushes[i]!,
      quarantined: c.quarantined[i]!,
    };
  }
  return rows;
}
