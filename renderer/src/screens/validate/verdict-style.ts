/** How each verdict looks and sounds on the validation screen (pure: unit-tested). */
import type { VerdictKind, VerdictView } from '../../../../common/api/views.js';
import { gameByCode } from '../../../../games/index.js';
import { parseBarcode } from '../../../../games/ticket-id.js';
import type { GameCode } from '../../../../games/types.js';
import type { ToneKind } from '../../components/tones.js';
import type { TextKey } from '../../i18n/index.js';

export type VerdictTone = 'win' | 'lose' | 'paid' | 'stop' | 'warn';

export interface VerdictStyle {
  /** Colour family of the verdict panel. */
  readonly tone: VerdictTone;
  /** Sound played when the verdict arrives. */
  readonly sound: ToneKind;
  /** Whether the prize is shown big. */
  readonly showAmount: boolean;
  /** The action the cashier may take. */
  readonly action: 'pay' | 'claim' | null;
}

const STYLES: Record<VerdictKind, Omit<VerdictStyle, 'action'>> = {
  winner: { tone: 'win', sound: 'win', showAmount: true },
  'above-limit': { tone: 'win', sound: 'win', showAmount: true },
  loser: { tone: 'lose', sound: 'lose', showAmount: false },
  'already-paid': { tone: 'stop', sound: 'alert', showAmount: true },
  'pack-not-active': { tone: 'warn', sound: 'alert', showAmount: false },
  'unknown-ticket': { tone: 'warn', sound: 'alert', showAmount: false },
  'bad-check-digit': { tone: 'warn', sound: 'alert', showAmount: false },
  malformed: { tone: 'warn', sound: 'alert', showAmount: false },
  'wrong-code': { tone: 'stop', sound: 'alert', showAmount: false },
  expired: { tone: 'warn', sound: 'alert', showAmount: false },
  'stop-listed': { tone: 'stop', sound: 'alert', showAmount: false },
  tampered: { tone: 'stop', sound: 'alert', showAmount: false },
  'key-revoked': { tone: 'stop', sound: 'alert', showAmount: false },
};

/** A winner of a game the lottery suspended: the prize is shown, nothing is offered. */
const SUSPENDED: Omit<VerdictStyle, 'action'> = { tone: 'warn', sound: 'alert', showAmount: true };

export function verdictStyle(v: Pick<VerdictView, 'verdict' | 'claimed' | 'prize_cents' | 'suspended'>): VerdictStyle {
  // A prize already claimed is not a winner to hand anything to: it stops the cashier, like "already paid".
  const base = v.verdict === 'above-limit' && v.claimed ? STYLES['already-paid'] : v.suspended ? SUSPENDED : STYLES[v.verdict];
  // A suspended game's prize is neither paid nor claimed until the lottery resumes the game.
  const action = v.suspended ? null : v.verdict === 'winner' ? 'pay' : v.verdict === 'above-limit' && !v.claimed ? 'claim' : null;
  return { ...base, showAmount: base.showAmount && v.prize_cents !== null, action };
}

/**
 * Which words say what to do: the verdict's own, or a more precise case of it — a claim already
 * filed, a pack never received (receive it first), a winner of another shop's pack (central confirms it online), a winner while central does not answer (paid offline), the inventory barcode scanned where the validation
 * barcode was expected (it was read: scratch and scan the other one).
 */
export function verdictCase(v: Pick<VerdictView, 'verdict' | 'claimed' | 'pack' | 'barcode' | 'offline' | 'suspended'>): string {
  if (v.suspended) return 'suspended';
  if (v.verdict === 'above-limit' && v.claimed) return 'above-limit.claimed';
  if (v.verdict === 'pack-not-active' && v.pack?.state === 'not-received') return 'pack-not-received';
  // A pack sent back or settled cannot be activated again: no "activate it" that activation then refuses.
  if (v.verdict === 'pack-not-active' && (v.pack?.state === 'returned' || v.pack?.state === 'settled')) return `pack-${v.pack.state}`;
  if (v.verdict === 'winner' && v.pack?.state === 'not-received') return 'winner.elsewhere';
  // Central does not answer: paid offline, or not at all once this prize passes an offline limit.
  if (v.verdict === 'winner' && v.offline) return v.offline.reached ? 'winner.offline-limit' : 'winner.offline';
  if (v.verdict === 'malformed' && isInventoryBarcode(v.barcode)) return 'inventory-barcode';
  return v.verdict;
}

/** True when the text is a well-formed inventory barcode (the back of the ticket, identity only). */
export function isInventoryBarcode(text: string): boolean {
  try {
    return parseBarcode(text).kind === 'inventory';
  } catch {
    return false;
  }
}

/** True for a digital game's unit: played on a screen, there is no ticket in the player's hand. */
export function isDigitalUnit(v: Pick<VerdictView, 'game'>): boolean {
  if (!v.game) return false;
  try {
    return gameByCode(v.game as GameCode).kind === 'digital';
  } catch {
    return false;
  }
}

/** The caption under the ticket's picture: a paper ticket is compared with the one in hand, a digital unit is not. */
export function pictureCaptionKey(v: Pick<VerdictView, 'game'>): TextKey {
  return isDigitalUnit(v) ? 'validate.compare.digital' : 'validate.compare';
}

/**
 * Why no picture is shown: a code not read at all (misread, not a validation code), a hidden code read
 * and refused, or a code read whose verdict shows no picture (the ticket is not payable here).
 */
export function noPictureKey(v: Pick<VerdictView, 'verdict' | 'barcode'>): TextKey {
  if (v.verdict === 'wrong-code') return 'validate.noPicture';
  if (v.verdict === 'malformed' && isInventoryBarcode(v.barcode)) return 'validate.noPicture.inventory';
  if (v.verdict === 'bad-check-digit' || v.verdict === 'malformed') return 'validate.noPicture.unread';
  return 'validate.noPicture.read';
}

/** The SVG picture as an <img> source: an image cannot run scripts, whatever the SVG holds. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
