/** SQL of `pack_shipments`: the retailer each pack was shipped to (the rules: store/pack-shipping.ts). */
import type { PackIdentity } from '../../../common/protocol/index.js';
import type { Queryable } from '../db.js';

/** The retailer a pack was shipped to, and when (undefined: never shipped). */
export async function shipmentOf(q: Queryable, p: PackIdentity): Promise<{ retailer: string; shipped_at: string } | undefined> {
  return (
    await q.query<{ retailer: string; shipped_at: string }>('SELECT retailer, shipped_at FROM pack_shipments WHERE game = $1 AND emission = $2 AND block = $3 AND pack = $4', [
      p.game,
      p.emission,
      p.block,
      p.pack,
    ])
  )[0];
}

/** Records (or moves, while no terminal received it) a pack's shipment to a retailer. */
export async function upsertShipment(tx: Queryable, p: PackIdentity, retailer: string, at: string): Promise<void> {
  await tx.execute(
    `INSERT INTO pack_shipments (game, emission, block, pack, retailer, shipped_at, retailer_id) VALUES ($1, $2, $3, $4, $5, $6, (SELECT id FROM retailers WHERE name_key = lower($5)))
     ON CONFLICT (game, emission, block, pack) DO UPDATE SET retailer = $5, shipped_at = $6, retailer_id = EXCLUDED.retailer_id`,
    [p.game, p.emission, p.block, p.pack, retailer, at],
  );
}
