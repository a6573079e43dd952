/** The console's stop list (`console.stoplist`, #22): its entries, lifted ones too (`removed_at`), who added and who lifted each. */
import { z } from 'zod';

export const StopListView = z.array(z.object({ pack: z.string(), reason: z.string(), added_at: z.string(), added_by: z.string().nullable(), removed_at: z.string().nullable(), removed_by: z.string().nullable() }));
export type StopListView = z.infer<typeof StopListView>;
