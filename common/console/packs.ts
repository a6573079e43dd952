/** The console's pack inventory (`console.packs`, #22): counts by state, the packs central holds (with their shipment), and those shipped, not yet received. */
import { z } from 'zod';
import { CentralPackView, PackIdentity } from '../protocol/packs.js';

const Shipment = { shipped_to: z.string().nullable(), shipped_at: z.string().nullable() };

export const PacksView = z.object({
  by_state: z.record(z.string(), z.number().int().nonnegative()),
  packs: z.array(CentralPackView.extend(Shipment)),
  in_transit: z.array(PackIdentity.extend({ number: z.string(), state: z.literal('shipped'), shipped_to: z.string(), shipped_at: z.string() })),
});
export type PacksView = z.infer<typeof PacksView>;
