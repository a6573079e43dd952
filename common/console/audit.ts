/** The console's audit trail (`console.audit`, #22): central's journal, newest first, a page at a time. */
import { z } from 'zod';

export const JournalRow = z.object({ entry_id: z.number().int().positive(), at: z.string(), actor: z.string(), type: z.string(), payload: z.record(z.string(), z.unknown()) });
export type JournalRow = z.infer<typeof JournalRow>;

export const AuditView = z.object({ entries: z.array(JournalRow), next_before: z.number().int().positive().nullable() });
export type AuditView = z.infer<typeof AuditView>;
