/**
 * Digital games sold at the counter (Happy 2014, Millionnaire): central hands out the next unsold unit
 * of a published digital block, once across the network. The terminal chooses the sale key; a retry
 * with the same key answers the same unit. A sale the terminal never completes is voided at central
 * (its unit is never handed out again).
 */
import { z } from 'zod';
import { Count, GameCode, IsoUtc } from './primitives.js';

/** A sale key: chosen by the terminal, unique among its digital sales (a UUID fits). */
export const DigitalSaleKey = z.string().regex(/^[A-Za-z0-9._:-]{8,80}$/, 'a sale key: 8–80 letters, digits, . _ : -');

export const DigitalSellRequest = z.object({ sale_key: DigitalSaleKey, game: GameCode }).strict();
export type DigitalSellRequest = z.infer<typeof DigitalSellRequest>;

export const DigitalUnitAnswer = z.object({
  sale_key: DigitalSaleKey,
  game: GameCode,
  emission: Count,
  block: Count,
  unit: Count,
  /** The unit's printed number (humanNumber). */
  number: z.string(),
  /** The validation barcode with its hidden code: revealed to the buyer. */
  validation_barcode: z.string().regex(/^\d{34}$/),
  inventory_barcode: z.string().regex(/^\d{16}$/),
  price_cents: Count,
  prize_cents: Count,
  /** Play data in the game's canonical JSON shape. */
  play: z.unknown(),
  status: z.enum(['sold', 'voided']),
  sold_at: IsoUtc,
});
export type DigitalUnitAnswer = z.infer<typeof DigitalUnitAnswer>;

export const DigitalVoidRequest = z.object({ sale_key: DigitalSaleKey, reason: z.string().min(1).max(200) }).strict();
export type DigitalVoidRequest = z.infer<typeof DigitalVoidRequest>;

export const DigitalVoidAnswer = z.object({ sale_key: DigitalSaleKey, status: z.literal('voided'), voided_at: IsoUtc, already: z.boolean() });
export type DigitalVoidAnswer = z.infer<typeof DigitalVoidAnswer>;

/** Refusal reasons of /v1/digital/*. */
export const DIGITAL_REFUSALS = ['not_digital', 'game_disabled', 'sold_out', 'sale_key_reused', 'no_such_sale'] as const;
