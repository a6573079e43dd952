/**
 * Selling a digital unit (Happy 2014, Millionnaire) at the counter: online only.
 *
 * 1. Every local check first (terminal enabled, permission, open cash session, enough cash), then a
 *    row `pending` with a fresh sale key is committed before central is asked: a crash in between
 *    leaves a key to void at central, never a unit lost or sold twice.
 * 2. Central hands out the next unsold unit under that key (a retry answers the same unit), without its
 *    prize; the terminal asks central to make the sale final, and only that answer carries the unit's
 *    validation barcode and prize (central bills every unit it hands out, #19).
 * 3. One transaction: the sale, its journal entry (the unit number and its validation barcode on the
 *    receipt), the money, the outbox event, and the unit with its play data, play state empty.
 * A refusal from central, or central out of reach, refuses the sale with the reason; the pending key
 * is voided at central (now, or by `settlePendingDigital` once central answers again, within central's
 * void window: a key found final at central is closed here as billed by central and never completed).
 */
import { randomUUID } from 'node:crypto';
import { cutText } from '../../../common/text.js';
import { DigitalSaleAnswer, DigitalUnitAnswer, DigitalVoidAnswer, ENDPOINTS } from '../../../common/protocol/index.js';
import { gameByCode, isGameCode } from '../../../games/index.js';
import { parseBarcode } from '../../../games/ticket-id.js';
import { digitalByKey, insertPendingDigital, markDigitalSold, markDigitalVoided, pendingDigital } from '../../../db/queries/digital-units.js';
import { insertSale, setSaleReceipt } from '../../../db/queries/sales.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { requireOpenCashSession } from '../cash/sessions.js';
import { inTransaction } from '../../kernel/transaction.js';
import { record } from '../../kernel/record.js';
import type { SaleReceipt } from '../receipts/types.js';
import { SaleError } from '../sales/errors.js';
import { changeDue, moneyLinesByGame } from '../sales/money.js';
import { saleReceipt } from '../sales/receipts.js';
import { CentralAnswerError, CentralUnreachableError, type CentralClient } from '../sync/client.js';
import { checkTicket } from '../tickets/check.js';
import { digitalReceiptLine } from './codes.js';
import { assertGameOnSale, assertTerminalEnabled } from '../terminal/enabled.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

export interface DigitalSellInput {
  readonly game: string;
  readonly tendered_cents: number;
}

export interface DigitalSaleResult {
  readonly sale_key: string;
  readonly sale_id: number;
  readonly receipt_no: number;
  readonly at: string;
  readonly game: string;
  readonly number: string;
  readonly validation_barcode: string;
  readonly price_cents: number;
  readonly tendered_cents: number;
  readonly change_cents: number;
  readonly receipt: SaleReceipt;
}

function refusalOf(err: unknown): SaleError | null {
  if (err instanceof CentralUnreachableError) return new SaleError('central-unreachable', `digital games are sold online only, and central cannot be reached: ${err.message}`);
  if (err instanceof CentralAnswerError) return new SaleError(`central-${err.reason.replace(/_/g, '-')}`, `central refused the digital sale: ${err.message}`);
  return null;
}

/** Voids pending sale keys at central (best effort): those a crash or an unreachable central left. */
export async function settlePendingDigital(t: LotteryTerminal, client: CentralClient, reason = 'sale not completed at the terminal'): Promise<number> {
  let settled = 0;
  for (const row of pendingDigital(t.db)) {
    try {
      await client.call('POST', ENDPOINTS.digitalVoid, { sale_key: row.sale_key, reason }, DigitalVoidAnswer);
    } catch (err) {
      // Final at central (its window passed): billed there; closed here, never completed.
      if (err instanceof CentralAnswerError && err.reason === 'sale_final') {
        markDigitalVoided(t.db, row.sale_key, t.now(), cutText(`final at central, not completed here: ${err.message}`, 200));
        settled++;
        continue;
      }
      if (!(err instanceof CentralAnswerError && err.reason === 'no_such_sale')) continue; // try again later
    }
    markDigitalVoided(t.db, row.sale_key, t.now(), reason);
    settled++;
  }
  return settled;
}

export async function sellDigital(t: LotteryTerminal, session: OperatorSession, input: DigitalSellInput, client: CentralClient): Promise<DigitalSaleResult> {
  const reserved = await reserveDigital(t, session, input.game, input.tendered_cents, client);
  try {
    return completeDigitalSale(t, session, reserved, input.tendered_cents);
  } catch (err) {
    await releaseDigital(t, client, reserved.sale_key, err);
    throw err;
  }
}

/** A unit central handed out under a pending sale key, final at central, not yet sold here. */
export interface ReservedDigital {
  readonly sale_key: string;
  readonly unit: DigitalUnitAnswer;
}

/**
 * Steps 1 and 2 of a digital sale (see the file's comment): every local check with `tendered_cents`
 * (a basket passes the unit's price), the pending key committed, central's unit. Refusals throw SaleError.
 */
export async function reserveDigital(
  t: LotteryTerminal,
  session: OperatorSession,
  gameCode: string,
  tenderedCents: number,
  client: CentralClient,
  options: { readonly settlePending?: boolean } = {},
): Promise<ReservedDigital> {
  assertTerminalEnabled(t);
  if (!isGameCode(gameCode) || gameByCode(gameCode).kind !== 'digital') {
    throw new SaleError('not-digital', `${gameCode} is not a digital game: sell happy-2014 or millionnaire`);
  }
  const game = gameByCode(gameCode);
  assertGameOnSale(t, gameCode);
  // Keys a crash or an unreachable central left pending are voided at central first (best effort);
  // a basket does it once, before its first unit (its own keys are pending until it commits).
  if (options.settlePending !== false) await settlePendingDigital(t, client).catch(() => 0);
  const saleKey = randomUUID();
  inTransaction(t, () => {
    authorize(t, session, 'ticket.sell');
    requireOpenCashSession(t);
    changeDue(game.price_cents, tenderedCents);
    insertPendingDigital(t.db, { sale_key: saleKey, game: game.code, operator_id: session.operator_id, tendered_cents: tenderedCents, created_at: t.now() });
  });
  try {
    const sold = await client.call('POST', ENDPOINTS.digitalSell, { sale_key: saleKey, game: game.code }, DigitalSaleAnswer);
    if (sold.status === 'voided' || sold.sale_key !== saleKey) throw new SaleError('central-bad-answer', `central answered a ${sold.status} unit for another sale`);
    const unit = await client.call('POST', ENDPOINTS.digitalFinalise, { sale_key: saleKey }, DigitalUnitAnswer);
    return { sale_key: saleKey, unit };
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    // A definite refusal: nothing was handed out under this key. Unreachable: it stays pending, voided later.
    if (err instanceof CentralAnswerError) markDigitalVoided(t.db, saleKey, t.now(), refusal.message);
    throw refusal;
  }
}

/** Releases a reserved unit at central (now, or later by settlePendingDigital) when the terminal could not sell it. */
export async function releaseDigital(t: LotteryTerminal, client: CentralClient, saleKey: string, why: unknown): Promise<void> {
  const message = why instanceof Error ? why.message : String(why);
  await client
    .call('POST', ENDPOINTS.digitalVoid, { sale_key: saleKey, reason: cutText(`terminal could not complete the sale: ${message}`, 200) }, DigitalVoidAnswer)
    .then(() => markDigitalVoided(t.db, saleKey, t.now(), cutText(message, 200)))
    .catch(() => undefined);
}

/**
 * Step 3: the reserved unit sold here (one transaction; inside a caller's transaction, part of it).
 * Commits nothing when it throws: the caller releases the unit (releaseDigital).
 */
export function completeDigitalSale(t: LotteryTerminal, session: OperatorSession, reserved: ReservedDigital, tenderedCents: number): DigitalSaleResult {
  return completeSale(t, session, reserved.sale_key, reserved.unit, tenderedCents);
}

function completeSale(t: LotteryTerminal, session: OperatorSession, saleKey: string, unit: DigitalUnitAnswer, tendered: number): DigitalSaleResult {
  if (unit.status !== 'final' || unit.sale_key !== saleKey) throw new SaleError('central-bad-answer', `central answered a ${unit.status} unit for another sale`);
  const parsed = parseBarcode(unit.validation_barcode);
  if (parsed.kind !== 'validation' || parsed.id.game !== unit.game || parsed.id.emission !== unit.emission || parsed.id.block !== unit.block || parsed.id.unit !== unit.unit) {
    throw new SaleError('central-bad-answer', `central's validation barcode does not name unit ${unit.number}`);
  }
  // The play comes from this terminal's own sealed outcome record, opened by the hidden code: central's
  // answer is checked against it, never trusted alone.
  const v = checkTicket(t, unit.validation_barcode, { now: t.clock });
  if (v.verdict === 'unknown-ticket') throw new SaleError('unknown-ticket', `unit ${unit.number}: its outcome block is not imported here yet (sync with central first)`);
  if ((v.verdict !== 'winner' && v.verdict !== 'loser') || v.prize_cents !== unit.prize_cents) {
    throw new SaleError('central-bad-answer', `unit ${unit.number} does not check here (${v.verdict}: ${v.message})`);
  }
  return inTransaction(t, () => {
    const row = digitalByKey(t.db, saleKey);
    if (row?.state !== 'pending') throw new SaleError('central-bad-answer', `sale ${saleKey} is no longer pending`);
    const cash = requireOpenCashSession(t);
    const price = unit.price_cents;
    const change = changeDue(price, tendered);
    const at = t.now();
    const saleId = insertSale(t.db, { cash_session_id: cash.id, operator_id: session.operator_id, at, total_cents: price, tendered_cents: tendered, change_cents: change });
    // The validation barcode pays: it goes on the buyer's receipt, never in the journal (codes.ts).
    const line = { ticket: unit.number, game: unit.game, emission: unit.emission, block: unit.block, unit: unit.unit, price_cents: price, digital: true, sale_key: saleKey };
    const r = record(t, {
      type: 'sale',
      operator: session,
      payload: { sale_id: saleId, cash_session_id: cash.id, lines: [line], total_cents: price, tendered_cents: tendered, change_cents: change },
      receipt: true,
      money: { kind: 'sale', lines: moneyLinesByGame([line]) },
      outbox: { key: `sale/${saleId}` },
    });
    const receiptNo = r.receipt_no as number;
    setSaleReceipt(t.db, saleId, receiptNo, r.seq);
    markDigitalSold(t.db, {
      sale_key: saleKey,
      emission: unit.emission,
      block: unit.block,
      unit: unit.unit,
      number: unit.number,
      validation_barcode: unit.validation_barcode,
      price_cents: price,
      prize_cents: unit.prize_cents,
      play: JSON.stringify(v.play),
      sale_id: saleId,
      receipt_no: receiptNo,
      sold_at: at,
    });
    return {
      sale_key: saleKey,
      sale_id: saleId,
      receipt_no: receiptNo,
      at,
      game: unit.game,
      number: unit.number,
      validation_barcode: unit.validation_barcode,
      price_cents: price,
      tendered_cents: tendered,
      change_cents: change,
      receipt: saleReceipt({
        terminal: t.id,
        operator: session.name,
        at,
        receipt_no: receiptNo,
        lines: [{ description: digitalReceiptLine(unit.game, unit.number, unit.validation_barcode), price_cents: price }],
        total_cents: price,
        tendered_cents: tendered,
        change_cents: change,
      }),
    };
  });
}
