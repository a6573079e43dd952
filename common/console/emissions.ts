/** The console's published blocks (`console.emissions`, #22), newest first. */
import { z } from 'zod';

export const EmissionsView = z.array(
  z.object({ name: z.string(), game: z.string(), emission: z.number().int(), block: z.number().int(), size: z.number().int().nonnegative(), sha256: z.string(), published_at: z.string() }),
);
export type EmissionsView = z.infer<typeof EmissionsView>;
