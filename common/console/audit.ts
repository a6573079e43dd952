/** The console's audit trail (`console.audit`, #22): central's journal, newest first, a page at a time. */
import { z } from 'zod';

export const JournalRow = z.object({ entry_id: z.number().int().positive(), at: z.string(), actor: z.string(), type: z.string(), payload: z.record(z.string(), z.unknown()) });
export type JournalRow = z.infer<typeof JournalRow>;

export const AuditView = z.object({ entries: z.array(JournalRow), next_before: z.number().int().positive().nullable() });
export type AuditView = z.infer<typeof AuditView>;

/** `journal.verify`: the chain checked from its first entry, against online keys certified by the lottery's root. */
export const JournalVerifyView = z.object({
  ok: z.boolean(),
  entries: z.number().int().nonnegative(),
  last_hash: z.string(),
  root_fingerprint: z.string(),
  first_break: z.object({ entry_id: z.number().int(), problem: z.string(), detail: z.string() }).optional(),
});
export type JournalVerifyView = z.infer<typeof JournalVerifyView>;

/** `journal.export`: the header (root key, online certificates, count) and every entry, to keep off the machine. */
export const JournalExportView = z.object({ header: z.record(z.string(), z.unknown()), entries: z.array(z.record(z.string(), z.unknown())) });
export type JournalExportView = z.infer<typeof JournalExportView>;
