/** How each verdict looks and sounds on the validation screen (pure: unit-tested). */
import type { VerdictKind, VerdictView } from '../../../../main/api/views.js';
import type { ToneKind } from '../../components/tones.js';

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

export function verdictStyle(v: Pick<VerdictView, 'verdict' | 'claimed' | 'prize_cents'>): VerdictStyle {
  const base = STYLES[v.verdict];
  const action = v.verdict === 'winner' ? 'pay' : v.verdict === 'above-limit' && !v.claimed ? 'claim' : null;
  return { ...base, showAmount: base.showAmount && v.prize_cents !== null, action };
}

/** The SVG picture as an <img> source: an image cannot run scripts, whatever the SVG holds. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
