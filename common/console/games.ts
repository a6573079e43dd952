/** The console's games (`console.games`, #22): every game, suspended or not. */
import { z } from 'zod';

export const GamesView = z.array(
  z.object({ game: z.string(), name: z.string(), kind: z.string(), price_cents: z.number().int().nonnegative(), enabled: z.boolean(), reason: z.string().nullable(), updated_at: z.string().nullable() }),
);
export type GamesView = z.infer<typeof GamesView>;
