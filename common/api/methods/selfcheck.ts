/**
 * The self-check kiosk's API: the only methods a host in self-check mode answers (with `app.info`-like
 * `selfcheck.status`); every counter method is refused there by the dispatcher. In counter mode,
 * `selfcheck.status` says so and the other two are refused.
 */
import { z } from 'zod';
import { cleanText } from '../../text.js';
import type { GameCode, WinningZone } from '../../../games/types.js';
import type { Language, VerdictKind } from '../views.js';

export const selfCheckMethods = {
  /** Which mode the host is in, its language and the kiosk's timings. Changes nothing. */
  'selfcheck.status': z.object({}).strict(),
  /** Checks a scanned barcode for a player; rate-limited per scanner. Nothing is paid. */
  'selfcheck.check': z
    .object({
      barcode: cleanText(z.string().trim().min(1, 'scan the barcode').max(128)),
      /** The scan's source (`wedge`, or the host scanner's), the rate limit's key. */
      scanner: cleanText(z.string().trim().min(1).max(64)).default('wedge'),
    })
    .strict(),
  /** The player's language button (self-check mode only). */
  'selfcheck.language': z.object({ language: z.enum(['fr', 'en']) }).strict(),
} as const;

/** The counter's verdicts, and the player's own: scratch-first, claimed (here or elsewhere), suspended (main/services/selfcheck). */
export type SelfCheckKind = VerdictKind | 'scratch-first' | 'claimed' | 'suspended';

export interface SelfCheckStatusView {
  /** False on a counter kiosk: the renderer shows the cashier's screens. */
  readonly self_check: boolean;
  readonly language: Language;
  /** Seconds a result stays on screen before the attract screen returns. */
  readonly reset_seconds: number;
  readonly checks_per_window: number;
  readonly window_seconds: number;
  /**
   * The host's data folder holds no terminal yet: the public screen says a technician must set it up,
   * and never offers the enrolment form (#41). Absent on a terminal that is set up.
   */
  readonly not_set_up?: true;
}

/** What the player sees of a ticket: never its barcode; the prize only once its hidden code opened the record. */
export interface SelfCheckVerdictView {
  readonly kind: SelfCheckKind;
  readonly game: GameCode | null;
  readonly game_name: string | null;
  readonly ticket: string | null;
  /** Winners (also above the counter's limit): the prize. Null otherwise. */
  readonly prize_cents: number | null;
  /** The prize in words, in both languages (whole euros). */
  readonly prize_words: { readonly fr: string; readonly en: string } | null;
  readonly winning: readonly WinningZone[] | null;
  /** The ticket as printed with its winning zones (SVG text), once the hidden code opened the record. */
  readonly picture_svg: string | null;
}

export type SelfCheckResultView =
  | { readonly status: 'checked'; readonly verdict: SelfCheckVerdictView }
  /** Too many checks from this scanner: try again after this many seconds. */
  | { readonly status: 'wait'; readonly retry_after_seconds: number };

/** What the diagnostics report says of the self-check kiosk (from the journal; counts only). */
export interface SelfCheckStatsView {
  /** Checks by verdict kind, since the terminal began. */
  readonly by_verdict: Readonly<Record<string, number>>;
  /** Wrong-code alerts journaled, and the last one's time. */
  readonly alerts: number;
  readonly last_alert_at: string | null;
}

export interface SelfCheckOutputs {
  'selfcheck.status': SelfCheckStatusView;
  'selfcheck.check': SelfCheckResultView;
  'selfcheck.language': null;
}
