/** The console's retailers (`console.retailers`, #22): the records (id, name, address), each with its terminals. */
import { z } from 'zod';

export const RetailersView = z.array(z.object({ id: z.string(), name: z.string(), address: z.string(), terminals: z.array(z.string()) }));
export type RetailersView = z.infer<typeof RetailersView>;
