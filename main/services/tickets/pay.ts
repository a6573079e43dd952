/**
 * Paying a winning ticket at the counter, or filing its claim when the prize is above the retailer's
 * payout limit. A ticket is one indivisible prize: it is paid whole, once, or not at all here.
 *
 * One IMMEDIATE transaction: permission, open cash session, the counter verdict (read under the write
 * lock), the payout or claim row — whose UNIQUE constraint on the ticket is what forbids paying twice —,
 * the journal entry with its receipt number and money, and the outbox event keyed by the ticket.
 */
import { cutText } from '../../../common/text.js';
import { assertGameOnSale, assertTerminalEnabled } from '../terminal/enabled.js';
import { parseBarcode } from '../../../games/ticket-id.js';
import type { UnitId } from '../../../games/ticket-id.js';
import { insertClaim, type ClaimRow } from '../../../db/queries/claims.js';
import { insertPayout, payoutOf, type PayoutRow } from '../../../db/queries/payouts.js';
import { payoutProof } from '../../../node/outcome/payout-proof.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { requireOpenCashSession } from '../cash/sessions.js';
import { inTransaction } from '../../kernel/transaction.js';
import { record, type Recorded } from '../../kernel/record.js';
import { OutboxError } from '../../kernel/errors.js';
import type { ClaimReceipt, PayoutReceipt } from '../receipts/types.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { centralConfig } from '../sync/central-config.js';
import { CounterChecker, type CounterVerdict } from './counter-verdict.js';
import { PayoutError } from './pay-errors.js';
import { claimReceipt, payoutReceipt } from './pay-receipts.js';
import { noteRefusedCode } from './refused-codes.js';
import { verdictRefusal } from './central-refusals.js';

export type PayResult =
  | {
      readonly status: 'paid';
      readonly verdict: CounterVerdict;
      readonly payout: PayoutRow;
      readonly outbox_key: string;
      readonly receipt: PayoutReceipt;
      /** Paid offline (central did not answer the claim): pending until central has the journal entry. */
      readonly pending_central?: boolean;
    }
  | { readonly status: 'claimed'; readonly verdict: CounterVerdict; readonly claim: ClaimRow; readonly outbox_key: string; readonly receipt: ClaimReceipt };

export interface PayOptions {
  /** A checker kept open between payments (default: one opened and closed for this payment). */
  readonly checker?: CounterChecker;
  /** How central agreed (enrolled terminals): the claim's key, or an offline payout within central's limits. */
  readonly central?: { readonly claim_key?: string; readonly offline?: boolean };
}

function unitKey(id: UnitId): string {
  return `${id.game}/${id.emission}/${id.block}/${id.unit}`;
}

/**
 * The ticket's rows are there already — its payout or claim (UNIQUE on the ticket), or the outbox event
 * keyed by the ticket that is written with it —: another connection got there first, and the whole
 * transaction rolls back.
 */
function isDuplicate(err: unknown): boolean {
  if (err instanceof OutboxError) return err.code === 'duplicate-event';
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Pays the ticket of a validation barcode (permission 'payout.pay', an open cash session).
 * - `winner` (prize ≤ payout limit): pays the whole prize; journal 'payout', outbox `payout/<ticket>`.
 * - `above-limit`: pays nothing, files a claim (permission 'claim.file'); journal 'claim', outbox
 *   `claim/<ticket>`; the claim receipt sends the player to a payment centre.
 * - anything else throws PayoutError with the verdict's code ('already-claimed' for a second claim);
 *   a wrong hidden code is then journaled and counted for the operator (refused-codes.ts).
 */
export function payTicket(t: LotteryTerminal, session: OperatorSession, barcode: string, options: PayOptions = {}): PayResult {
  assertTerminalEnabled(t);
  const game = gameOfBarcode(barcode);
  if (game) assertGameOnSale(t, game);
  const checker = options.checker ?? new CounterChecker(t);
  try {
    return inTransaction(t, () => {
      authorize(t, session, 'payout.pay');
      const cash = requireOpenCashSession(t);
      const v = checker.verdictOf(barcode);
      if (v.verdict === 'winner') return pay(t, session, cash.id, v, hiddenCodeOf(barcode), options.central);
      if (v.verdict === 'above-limit') {
        if (v.claim) throw new PayoutError('already-claimed', v.message, v);
        authorize(t, session, 'claim.file');
        return claim(t, session, cash.id, v);
      }
      throw verdictRefusal(t, v);
    });
  } catch (err) {
    // The payout rolled back; the wrong code is recorded on its own.
    if (err instanceof PayoutError && err.code === 'wrong-code' && err.verdict) {
      const v = err.verdict;
      inTransaction(t, () => noteRefusedCode(t, session, v));
    }
    throw err;
  } finally {
    if (!options.checker) checker.close();
  }
}

/**
 * Pays a winner. The entry carries `proof`, the proof of possession central credits it by
 * (node/outcome/payout-proof.ts): keyed by the hidden code the verdict opened, never the code itself.
 */
function pay(t: LotteryTerminal, session: OperatorSession, cashSessionId: number, v: CounterVerdict, hiddenCode: string, central?: PayOptions['central']): PayResult {
  const id = v.id as UnitId;
  const amount = v.prize_cents as number;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > v.payout_limit_cents) throw new Error(`refusing to pay ${String(amount)} cents: not a payable prize`);
  const ticket = v.ticket as string;
  const proof = payoutProof(hiddenCode, { terminal: t.id, id, amount_cents: amount });
  let r: Recorded;
  let payout: PayoutRow;
  try {
    r = record(t, {
      type: 'payout',
      operator: session,
      payload: {
        ticket, game: id.game, emission: id.emission, block: id.block, unit: id.unit, amount_cents: amount, cash_session_id: cashSessionId, proof,
        ...(central?.claim_key ? { claim_key: central.claim_key } : {}),
        ...(central?.offline ? { offline: true } : {}),
      },
      receipt: true,
      money: { kind: 'payout', lines: [{ game: id.game, count: 1, amount_cents: amount }] },
      outbox: { key: `payout/${unitKey(id)}` },
    });
    payout = insertPayout(t.db, { ...id, amount_cents: amount, terminal: t.id, receipt_no: r.receipt_no as number, journal_seq: r.seq, cash_session_id: cashSessionId, operator_id: session.operator_id, at: r.at });
  } catch (err) {
    if (!isDuplicate(err)) throw err;
    const paid = payoutOf(t.db, id);
    throw new PayoutError('already-paid', paid ? `already paid on ${paid.at} at terminal ${paid.terminal} (receipt ${paid.receipt_no})` : 'already paid', null);
  }
  const receipt = payoutReceipt({ terminal: t.id, operator: session.name, at: r.at, receipt_no: payout.receipt_no, game: id.game, ticket, amount_cents: amount, ...(central?.offline ? { pending_central: true } : {}) });
  return { status: 'paid', verdict: v, payout, outbox_key: r.outbox_key as string, receipt, ...(central?.offline ? { pending_central: true } : {}) };
}

/** Where claim forms go: central's configuration `claim_address`, when it set one. */
export function claimAddress(t: LotteryTerminal): string | undefined {
  const a = centralConfig(t).claim_address;
  // Cut on code points (never half an emoji); central's settings are clean text (central-config.ts).
  return typeof a === 'string' && a.trim() !== '' ? cutText(a.trim(), 200) : undefined;
}

function claim(t: LotteryTerminal, session: OperatorSession, cashSessionId: number, v: CounterVerdict): PayResult {
  const id = v.id as UnitId;
  const amount = v.prize_cents as number;
  const ticket = v.ticket as string;
  const sendTo = claimAddress(t);
  let r: Recorded;
  let row: ClaimRow;
  try {
    r = record(t, {
      type: 'claim',
      operator: session,
      payload: {
        ticket, game: id.game, emission: id.emission, block: id.block, unit: id.unit, amount_cents: amount, payout_limit_cents: v.payout_limit_cents, cash_session_id: cashSessionId,
        ...(sendTo ? { send_to: sendTo } : {}),
      },
      receipt: true,
      money: { kind: 'claim', lines: [{ game: id.game, count: 1, amount_cents: amount }] },
      outbox: { key: `claim/${unitKey(id)}` },
    });
    row = insertClaim(t.db, { ...id, amount_cents: amount, payout_limit_cents: v.payout_limit_cents, terminal: t.id, receipt_no: r.receipt_no as number, journal_seq: r.seq, cash_session_id: cashSessionId, operator_id: session.operator_id, at: r.at });
  } catch (err) {
    if (!isDuplicate(err)) throw err;
    throw new PayoutError('already-claimed', 'a claim was already filed for this ticket', null);
  }
  const receipt = claimReceipt({ terminal: t.id, operator: session.name, at: r.at, receipt_no: row.receipt_no, game: id.game, ticket, amount_cents: amount, payout_limit_cents: v.payout_limit_cents, ...(sendTo ? { send_to: sendTo } : {}) });
  return { status: 'claimed', verdict: v, claim: row, outbox_key: r.outbox_key as string, receipt };
}

/** The hidden code of a validation barcode (a `winner` verdict read it: its code opened the record). */
function hiddenCodeOf(barcode: string): string {
  const parsed = parseBarcode(barcode);
  if (parsed.kind !== 'validation') throw new Error('a winner is paid from its validation barcode');
  return parsed.hiddenCode;
}

/** The game a barcode names, when it reads (a misread one is refused later, with its own reason). */
function gameOfBarcode(barcode: string): string | null {
  try {
    return parseBarcode(barcode).id.game;
  } catch {
    return null;
  }
}
