/** The console's retailers (`console.retailers`, #22): each with its terminals. */
import { z } from 'zod';

export const RetailersView = z.array(z.object({ retailer: z.string(), terminals: z.array(z.string()) }));
export type RetailersView = z.infer<typeof RetailersView>;
