/** The console's payout exceptions (`exceptions`, #22): a ticket paid twice, both payouts, what was done, its investigation and closing. */
import { z } from 'zod';

const Payout = z.object({ terminal: z.string(), retailer: z.string(), at: z.string(), amount_cents: z.number().int().nonnegative() });

/**
 * The reason central records when it settles a new exception by the lottery's policy
 * (`payout_exception_policy`), not by an operator's act: the console says it in its own words.
 */
export const POLICY_SETTLE_REASONS = {
  charged_back: 'paid second: charged back to its retailer (payout_exception_policy chargeback)',
  written_off: 'the lottery bears it (payout_exception_policy lottery_bears)',
} as const;

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
    /** Who investigates it, since when, and their note (the latest investigation). */
    investigating_at: z.string().nullable(),
    investigating_by: z.string().nullable(),
    note: z.string().nullable(),
    /** Closed once its money was decided: when, by whom, why. */
    closed_at: z.string().nullable(),
    closed_by: z.string().nullable(),
    close_reason: z.string().nullable(),
  }),
);
export type ExceptionsView = z.infer<typeof ExceptionsView>;

/** Where an exception stands, in one word for people: closed, else its money's decision, else investigated, else open. */
export type ExceptionStage = 'open' | 'investigating' | 'charged_back' | 'written_off' | 'closed';

export function exceptionStage(x: Pick<ExceptionsView[number], 'state' | 'investigating_at' | 'closed_at'>): ExceptionStage {
  if (x.closed_at) return 'closed';
  if (x.state !== 'open') return x.state;
  return x.investigating_at ? 'investigating' : 'open';
}
