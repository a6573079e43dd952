/** The console's published blocks (`console.emissions`, #22), newest first. */
import { z } from 'zod';

export const EmissionsView = z.array(
  z.object({ name: z.string(), game: z.string(), emission: z.number().int(), block: z.number().int(), size: z.number().int().nonnegative(), sha256: z.string(), published_at: z.string() }),
);
export type EmissionsView = z.infer<typeof EmissionsView>;

/** How far publishing an emission folder has gone (`publish.progress`): its blocks, and how many are published. */
export const PublishProgressView = z.object({ dir: z.string(), total: z.number().int().nonnegative(), published: z.number().int().nonnegative() });
export type PublishProgressView = z.infer<typeof PublishProgressView>;
