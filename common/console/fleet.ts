/**
 * The console's fleet view (`console.fleet`, #22): every terminal, as columns (one array per field, the
 * same length, ordered by terminal id) so that 35,000 terminals travel as a few arrays rather than
 * 35,000 objects repeating their keys; `fleetTerminals` turns them back into rows.
 */
import { z } from 'zod';

export const TERMINAL_STATUSES = ['pending', 'active', 'disabled'] as const;

/**
 * A column of 35,000 values, checked in one loop (`z.array(z.string())` runs zod's machinery per value:
 * 150 ms of the page's time for the fleet); the first wrong value is named by its index.
 */
function column<T>(what: string, test: (x: unknown) => boolean) {
  return z.custom<T[]>().superRefine((v, ctx) => {
    if (!Array.isArray(v)) return void ctx.addIssue({ code: 'custom', message: `expected an array, each ${what}` });
    const i = v.findIndex((x) => !test(x));
    if (i >= 0) ctx.addIssue({ code: 'custom', message: `expected ${what}, got ${JSON.stringify(v[i]) ?? String(v[i])}`, path: [i] });
  });
}

const isText = (x: unknown) => typeof x === 'string';
const isTextOrNull = (x: unknown) => x === null || typeof x === 'string';
const isCount = (x: unknown) => Number.isSafeInteger(x) && (x as number) >= 0;
const STATUS = new Set<unknown>(TERMINAL_STATUSES);

export const FleetColumns = z
  .object({
    terminal_id: column<string>('a string', isText),
    retailer: column<string>('a string', isText),
    status: column<(typeof TERMINAL_STATUSES)[number]>(`one of ${TERMINAL_STATUSES.join(', ')}`, (x) => STATUS.has(x)),
    /** Heard from within the answer's `online_seconds` of its `now`. */
    online: column<boolean>('a boolean', (x) => typeof x === 'boolean'),
    last_contact_at: column<string | null>('a string or null', isTextOrNull),
    last_seq: column<number>('a whole number, 0 or more', isCount),
    /** Seconds between the newest entry central holds and its arrival (null: no entry yet). */
    sync_lag_seconds: column<number | null>('a whole number or null', (x) => x === null || Number.isSafeInteger(x)),
    software_version: column<string | null>('a string or null', isTextOrNull),
    integrity_alerts: column<number>('a whole number, 0 or more', isCount),
    refused_pushes: column<number>('a whole number, 0 or more', isCount),
    /** Entries and events central keeps as bytes. */
    quarantined: column<number>('a whole number, 0 or more', isCount),
  })
  // Zod runs this even when a column failed (its checks do not abort): a column that is no array was named above.
  .refine((c) => Object.values(c as Record<string, unknown>).every((col) => !Array.isArray(col) || !Array.isArray(c.terminal_id) || col.length === c.terminal_id.length), {
    message: 'the fleet’s columns differ in length',
  });
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
