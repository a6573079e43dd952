/**
 * A payment refused after the verdict offered it (#41: central refused a ticket already paid at another
 * terminal, and the red "Déjà payé" banner sat above the same green "Gagnant — à payer ici" with Pay still
 * focused and "Ajouter au panier" still offered): the refusal becomes the verdict. Pure: unit-tested.
 */
import type { Translate } from '../../i18n/index.js';
import { textOf } from '../../i18n/index.js';
import type { VerdictStyle } from './verdict-style.js';

/** A refusal of Pay, Claim or "Ajouter au panier" that the verdict now says. */
export interface Refusal {
  readonly code: string;
  /** The refusal in the counter's words (errorText). */
  readonly text: string;
}

/**
 * Refusals that say this ticket is not to be paid or claimed now, whatever the cashier does next: paid
 * or held elsewhere, central's own verdicts, the claim receipt given instead of a payout. Not the ones
 * about the counter (till closed, session expired), which the screen says with the way out.
 */
const TICKET_REFUSALS: ReadonlySet<string> = new Set([
  'paid-elsewhere',
  'already-paid',
  'claimed-elsewhere',
  'already-claimed',
  'central-refused',
  'central-unreachable',
  'central-restoring',
  'pack-elsewhere-offline',
  'not-sold',
  'game-suspended',
  'loser',
  'expired',
  'pack-not-active',
  'stop-listed',
  'unknown-ticket',
  'wrong-code',
  'tampered',
  'key-revoked',
]);

/** The refusal the verdict becomes, or null when the refusal is about the counter, not the ticket. */
export function ticketRefusal(code: string | null, text: string | null): Refusal | null {
  return code !== null && text !== null && TICKET_REFUSALS.has(code) ? { code, text } : null;
}

/** The refusal's headline: the verdict of the same name when there is one, else "Paiement refusé". */
export function refusalHeadline(t: Translate, r: Refusal): string {
  return textOf(t, `verdict.${r.code}`, undefined, t('verdict.refused'));
}

/** What the verdict offers: Pay or Claim, and "Ajouter au panier" (a winner, at a counter that sells). */
export function verdictActions(o: {
  readonly style: Pick<VerdictStyle, 'action'> | null;
  readonly settled: boolean;
  readonly payBlocked: boolean;
  readonly refusal: Refusal | null;
  readonly sellScreen: boolean;
}): { readonly act: 'pay' | 'claim' | null; readonly basket: boolean } {
  const act = o.style?.action ?? null;
  if (act === null || o.settled || o.refusal !== null) return { act: null, basket: false };
  return { act: o.payBlocked ? null : act, basket: !o.payBlocked && act === 'pay' && o.sellScreen };
}
