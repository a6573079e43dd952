/**
 * Proof of possession of a paid ticket (#39): the terminal that pays a ticket proves it saw its hidden
 * validation code, without writing the code in its journal (journals are read by others: central, the
 * console, the audit). The proof is `HMAC-SHA256(key = the 18-digit hidden code, canonical JSON of
 * ["guichet-payout-proof/1", terminal, game, emission, block, unit, amount_cents])`, base64url.
 *
 * The terminal computes it when it pays (main/services/tickets/pay.ts); central computes it again from
 * its print data (the unit's code) and credits the payout only when the two agree
 * (central/store/payout-checks.ts). It binds the code to that terminal, that unit and that amount: a proof
 * read in one journal pays nothing else.
 *
 * Guessing: a proof without the code means guessing the 18-digit code (10^18 ≈ 2^59.8), as opening the
 * unit's sealed record does (seal.ts); a journal's proofs tell a reader no more of a code than the
 * terminal's outcome file already does.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from '../../common/canonical-json.js';
import { HIDDEN_CODE_DIGITS, type UnitId } from '../../games/ticket-id.js';

const DOMAIN = 'guichet-payout-proof/1';
const CODE_RE = new RegExp(`^\\d{${HIDDEN_CODE_DIGITS}}$`);

/** What a payout's proof binds: who paid which unit, how much. */
export interface PayoutFacts {
  readonly terminal: string;
  readonly id: UnitId;
  readonly amount_cents: number;
}

/** The proof of possession of a payout, keyed by the unit's hidden code (base64url, 43 characters). */
export function payoutProof(hiddenCode: string, f: PayoutFacts): string {
  if (!CODE_RE.test(hiddenCode)) throw new RangeError(`a hidden validation code has exactly ${HIDDEN_CODE_DIGITS} digits`);
  const facts = canonicalJson([DOMAIN, f.terminal, f.id.game, f.id.emission, f.id.block, f.id.unit, f.amount_cents]);
  return createHmac('sha256', Buffer.from(hiddenCode, 'latin1')).update(facts, 'utf8').digest('base64url');
}

/** Whether `proof` (as a journal entry carries it: anything) is the proof of these facts under this hidden code. */
export function payoutProofMatches(hiddenCode: string, f: PayoutFacts, proof: unknown): boolean {
  if (typeof proof !== 'string') return false;
  const want = Buffer.from(payoutProof(hiddenCode, f), 'latin1');
  const got = Buffer.from(proof, 'latin1');
  return got.length === want.length && timingSafeEqual(got, want);
}
