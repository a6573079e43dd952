/** What a ticket picture shows, and the canonical play data shapes (games.md) the drawings read. */
import type { GameCode, WinningZone } from '../games/index.js';

export type PictureLocale = 'fr' | 'en';

/** Everything printed on one unit: its game, identity, play data and both barcodes. */
export interface TicketPicture {
  readonly game: GameCode;
  /** The human-readable unit number, printed as given (see `humanNumber`). */
  readonly unit: string;
  /** Play data in the canonical JSON shape of the game; checked by the rules engine before drawing. */
  readonly play: unknown;
  readonly barcodes: { readonly inventory: string; readonly validation: string };
  /** Highlights the winning zones and states the prize (validation screen). */
  readonly showWinning?: boolean;
  /** Language of the annotations around the ticket; what is printed on the ticket stays French. */
  readonly locale?: PictureLocale;
  /**
   * For a public screen (the self-check kiosk): the validation spot is drawn covered, with neither
   * the validation barcode nor its digits, so that a photo of the screen claims nothing.
   */
  readonly maskValidation?: boolean;
}

/** How a play area is drawn: which zones win, whether to show it, and which zones are still covered. */
export interface DrawContext {
  readonly showWinning: boolean;
  readonly winning: readonly WinningZone[];
  /** A digital unit part way through its play: zones not revealed yet are drawn covered, from none of their data. */
  readonly covered?: (surface: string, index: number) => boolean;
}

/** True when the zone is still covered (not revealed yet). */
export function isCovered(ctx: DrawContext, surface: string, index: number): boolean {
  return ctx.covered?.(surface, index) ?? false;
}

/**
 * A digital unit's play screen as the player sees it on the customer display: the front only, the zones
 * revealed so far, the others covered, and no validation code (a public screen never shows a code that pays).
 */
export interface PlayScreenPicture {
  readonly game: GameCode;
  readonly unit: string;
  /** The unit's whole play data (checked by the rules engine); covered zones draw none of it. */
  readonly play: unknown;
  /** Whether zone (surface, index) is still covered. */
  readonly covered: (surface: string, index: number) => boolean;
  /** Once every zone is revealed: the winning zones highlighted and the result stated. */
  readonly showWinning?: boolean;
  /** With `showWinning`: the result stated under the play area (default), or left to the screen around the picture. */
  readonly resultBanner?: boolean;
  readonly locale?: PictureLocale;
}

/** True when `showWinning` is on and the zone is among the winning ones. */
export function wins(ctx: DrawContext, surface: string, index: number): boolean {
  return ctx.showWinning && ctx.winning.some((z) => z.surface === surface && z.index === index);
}


export interface HappyPlay {
  readonly months: readonly { readonly symbols: readonly [string, string]; readonly amount: number }[];
  readonly bonus: number;
}

export interface AnneePlay {
  readonly months: readonly { readonly symbols: readonly [string, string]; readonly gain: number }[];
  readonly bonus: { readonly number: number; readonly amount: number };
}

export interface MillionnairePlay {
  readonly jeu1: readonly { readonly stars: readonly [string, string, string]; readonly gain: number }[];
  readonly jeu2: readonly number[];
  readonly jeu3: readonly { readonly diamant: number; readonly saphir: number; readonly gain: number }[];
  readonly jeu4: readonly { readonly symbol: string; readonly amount: number }[];
}
