/** `restore.status` (#21): after a restore, whether online claims are held and which terminals have not re-synced yet. */
import { z } from 'zod';

export const RestoreStatusView = z.object({
  epoch: z.string(),
  reason: z.enum(['init', 'restore']),
  started_at: z.string(),
  held: z.boolean(),
  released_at: z.string().nullable(),
  released_by: z.string().nullable(),
  resynced: z.number().int().nonnegative(),
  waiting: z.number().int().nonnegative(),
  waiting_terminals: z.array(z.object({ terminal_id: z.string(), retailer: z.string(), last_contact_at: z.string().nullable() })),
});
export type RestoreStatusView = z.infer<typeof RestoreStatusView>;
