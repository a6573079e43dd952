/** The console's configuration (`console.config`, #22): the values with when each was set, and their history (central's `config.set` entries). */
import { z } from 'zod';
import { JournalRow } from './audit.js';

export const ConfigView = z.object({
  values: z.array(z.object({ key: z.string(), value: z.unknown(), updated_at: z.string() })),
  /** Each `config.set` entry: its key and value (and whatever else it journaled). */
  history: z.array(JournalRow.extend({ payload: z.looseObject({ key: z.string(), value: z.unknown() }) })),
});
export type ConfigView = z.infer<typeof ConfigView>;
