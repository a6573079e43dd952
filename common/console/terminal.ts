/** The console's view of one terminal (`console.terminal`, #22): its record, events, integrity alerts, refused pushes and quarantine. */
import { z } from 'zod';
import { TERMINAL_STATUSES } from './fleet.js';

export const TerminalView = z.object({
  terminal: z.object({
    terminal_id: z.string(),
    retailer: z.string(),
    status: z.enum(TERMINAL_STATUSES),
    status_reason: z.string().nullable(),
    key_fingerprint: z.string().nullable(),
    enrol_expires_at: z.string().nullable(),
    enrolled_at: z.string().nullable(),
    created_at: z.string(),
    last_contact_at: z.string().nullable(),
    last_seq: z.number().int().nonnegative(),
    last_hash: z.string(),
  }),
  events: z.array(z.object({ event_key: z.string(), type: z.string(), journal_seq: z.number().int(), created_at: z.string(), received_at: z.string(), payload: z.record(z.string(), z.unknown()) })),
  integrity_alerts: z.array(z.object({ at: z.string(), reason: z.string(), at_seq: z.number().int(), held_hash: z.string().nullable(), offered_hash: z.string().nullable(), detail: z.string() })),
  refused_pushes: z.array(z.object({ at: z.string(), reason: z.string(), at_seq: z.number().int().nullable(), entries: z.number().int(), detail: z.string() })),
  quarantine: z.array(z.object({ terminal: z.string(), kind: z.enum(['entry', 'event']), seq: z.number().int(), name: z.string(), reason: z.string(), received_at: z.string(), bytes: z.number().int().nonnegative() })),
});
export type TerminalView = z.infer<typeof TerminalView>;
