/**
 * Digital games sold at the counter (Happy 2014, Millionnaire): central hands out the next unsold unit
 * of a published digital block, once across the network. The terminal chooses the sale key; a retry
 * with the same key answers the same unit. Central bills every unit it hands out (#19).
 *
 * Two steps, so that selling and voiding until a winner comes gains nothing: `sell` answers the unit
 * without its validation barcode, prize or play (the terminal cannot open its sealed record without the
 * hidden code); `finalise` makes the sale final and only then answers them. A sale is voided only
 * before it is final and within the void window (`digital_void_seconds`, 60 s by default), at most
 * `digital_daily_voids` a day per terminal; once the window is over the sale is final by itself. A
 * terminal sells at most `digital_daily_sales` units a UTC day (central's configuration, on the feed).
 */
import { z } from 'zod';
import { Count, GameCode, IsoUtc } from './primitives.js';

/** A sale key: chosen by the terminal, unique among its digital sales (a UUID fits). */
export const DigitalSaleKey = z.string().regex(/^[A-Za-z0-9._:-]{8,80}$/, 'a sale key: 8–80 letters, digits, . _ : -');

export const DigitalSellRequest = z.object({ sale_key: DigitalSaleKey, game: GameCode }).strict();
export type DigitalSellRequest = z.infer<typeof DigitalSellRequest>;

/** Defaults of central's configuration for digital sales. */
export const DEFAULT_DIGITAL_VOID_SECONDS = 60;
export const DEFAULT_DIGITAL_DAILY_SALES = 1_000;
export const DEFAULT_DIGITAL_DAILY_VOIDS = 20;

export const DigitalSaleStatus = z.enum(['sold', 'final', 'voided']);

/** The answer to `sell`: the unit handed out, without what only its final sale reveals. */
export const DigitalSaleAnswer = z.object({
  sale_key: DigitalSaleKey,
  game: GameCode,
  emission: Count,
  block: Count,
  unit: Count,
  number: z.string(),
  inventory_barcode: z.string().regex(/^\d{16}$/),
  price_cents: Count,
  status: DigitalSaleStatus,
  sold_at: IsoUtc,
  /** Until when central accepts a void of this sale (never once it is final). */
  void_until: IsoUtc,
});
export type DigitalSaleAnswer = z.infer<typeof DigitalSaleAnswer>;

export const DigitalFinaliseRequest = z.object({ sale_key: DigitalSaleKey }).strict();
export type DigitalFinaliseRequest = z.infer<typeof DigitalFinaliseRequest>;

/** The answer to `finalise`: the final sale with its validation barcode, prize and play. */
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
  status: z.literal('final'),
  sold_at: IsoUtc,
  final_at: IsoUtc,
});
export type DigitalUnitAnswer = z.infer<typeof DigitalUnitAnswer>;

export const DigitalVoidRequest = z.object({ sale_key: DigitalSaleKey, reason: z.string().min(1).max(200) }).strict();
export type DigitalVoidRequest = z.infer<typeof DigitalVoidRequest>;

export const DigitalVoidAnswer = z.object({ sale_key: DigitalSaleKey, status: z.literal('voided'), voided_at: IsoUtc, already: z.boolean() });
export type DigitalVoidAnswer = z.infer<typeof DigitalVoidAnswer>;

/** Refusal reasons of /v1/digital/*. */
export const DIGITAL_REFUSALS = [
  'not_digital',
  'game_disabled',
  'sold_out',
  'sale_key_reused',
  'no_such_sale',
  /** A void of a final sale, or after the void window. */
  'sale_final',
  /** The finalise of a voided sale. */
  'sale_voided',
  /** The terminal's daily digital sales or voids are used up (429). */
  'quota_exceeded',
] as const;
