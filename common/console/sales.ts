/** The console's sales chart (`console.sales`, #22): sales and payouts per game per Paris day since `from`, in cents. */
import { z } from 'zod';

export const SalesView = z.object({
  from: z.string(),
  days: z.array(z.object({ day: z.string(), game: z.string(), kind: z.enum(['sale', 'payout']), cents: z.number().int() })),
});
export type SalesView = z.infer<typeof SalesView>;
