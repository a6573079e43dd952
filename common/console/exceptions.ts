/** The console's payout exceptions (`exceptions`, #22): a ticket paid twice, both payouts, and what was done. */
import { z } from 'zod';

const Payout = z.object({ terminal: z.string(), retailer: z.string(), at: z.string(), amount_cents: z.number().int().nonnegative() });

export const ExceptionsView = z.array(
  z.object({
    id: z.number().int().positive().nullable(),
    ticket: z.string(),
    at: z.string(),
    first: Payout,
    second: Payout.extend({ journal_seq: z.number().int().nonnegative(), offline: z.boolean() }),
    state: z.enum(['open', 'charged_back', 'written_off']),
    settled_at: z.string().nullable(),
    /** When it was charged back, if it ever was (a refunded one stays refunded). */
    charged_at: z.string().nullable(),
    settle_reason: z.string().nullable(),
  }),
);
export type ExceptionsView = z.infer<typeof ExceptionsView>;
