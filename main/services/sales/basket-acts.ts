/**
 * The basket as every host keeps and completes it (issue #25): each change checked as completing would
 * check it (the paper sale as a dry run, each prize's counter verdict, digital lines only while central
 * answers), kept by the terminal (cart.ts), shown on the customer display; completing it
 * (basket.ts) then prints its one receipt, opens the drawer once and clears the basket.
 */
import { gameByCode, isGameCode } from '../../../games/index.js';
import { humanNumber, parseBarcode } from '../../../games/ticket-id.js';
import type { OperatorSession } from '../auth/session.js';
import { counterClient } from '../digital/acts.js';
import { digitalDisplay } from '../digital/display.js';
import { syncStatus } from '../sync/status.js';
import { assertGameOnSale } from '../terminal/enabled.js';
import type { CentralClient } from '../sync/client.js';
import { clientFor, measureClockOffset } from '../sync/sync.js';
import { updateSyncState } from '../../../db/queries/sync-state.js';
import { CounterChecker } from '../tickets/counter-verdict.js';
import { PayoutError } from '../tickets/pay-errors.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { openDrawerAfter, printReceipt, type AfterCommit } from '../receipts/after-commit.js';
import { previewCart, type ActDone } from './acts.js';
import { completeBasket, type BasketInput, type BasketResult } from './basket.js';
import { keepBasket, storedBasket, clearCart } from './cart.js';
import { SaleError } from './errors.js';
import { sumCents } from './money.js';
import type { SaleResult } from './sell.js';

export interface BasketContents {
  readonly barcodes: readonly string[];
  readonly digital: readonly string[];
  readonly prizes: readonly string[];
}

export interface BasketPrizePreview {
  readonly barcode: string;
  readonly game: string;
  readonly ticket: string;
  readonly amount_cents: number;
}

export interface BasketState extends BasketContents {
  readonly basket_id: string | null;
  readonly paper: SaleResult | null;
  readonly digital_lines: readonly { readonly game: string; readonly price_cents: number }[];
  readonly prize_lines: readonly BasketPrizePreview[];
  readonly purchases_cents: number;
  readonly prizes_cents: number;
}

const EMPTY: BasketContents = { barcodes: [], digital: [], prizes: [] };

/** Digital units are sold online only: central must be answering for a digital line to go in a basket. */
export function centralAnswers(t: LotteryTerminal): boolean {
  const s = syncStatus(t);
  return s.online && s.state === 'online';
}

function digitalLine(t: LotteryTerminal, game: string): { game: string; price_cents: number } {
  if (!isGameCode(game) || gameByCode(game).kind !== 'digital') throw new SaleError('not-digital', `${game} is not a digital game: sell happy-2014 or millionnaire`);
  assertGameOnSale(t, game);
  return { game, price_cents: gameByCode(game).price_cents };
}

/** Checks a basket as completing it would (nothing kept) and shows it on the customer display. */
export function previewBasket(t: LotteryTerminal, session: OperatorSession, b: BasketContents, after: AfterCommit): Omit<BasketState, 'basket_id'> {
  const paper = previewCart(t, session, b.barcodes, { ...after, emit: undefined });
  const digital_lines = b.digital.map((g) => digitalLine(t, g));
  const seen = new Set<string>();
  const checker = new CounterChecker(t);
  let prize_lines: BasketPrizePreview[];
  try {
    prize_lines = b.prizes.map((raw) => {
      const barcode = raw.replace(/\s+/g, '');
      if (seen.has(barcode)) {
        // Named as printed on the ticket (#41), not by the raw barcode the scanner read.
        const ticket = printedNumberOf(barcode);
        throw new SaleError('duplicate-in-cart', `${ticket ?? barcode} is twice in the basket`, ticket ? { ticket } : undefined);
      }
      seen.add(barcode);
      const v = checker.check(session, barcode);
      if (v.suspended) throw new PayoutError('game-suspended', v.message, v);
      if (v.verdict !== 'winner' || v.prize_cents === null || !v.game || !v.ticket) throw new PayoutError(v.verdict === 'above-limit' ? 'prize-above-limit' : v.verdict, v.message, v);
      return { barcode, game: v.game, ticket: v.ticket, amount_cents: v.prize_cents };
    });
  } finally {
    checker.close();
  }
  const purchases_cents = sumCents([paper?.total_cents ?? 0, ...digital_lines.map((d) => d.price_cents)]);
  const prizes_cents = sumCents(prize_lines.map((p) => p.amount_cents));
  const count = (paper?.lines.length ?? 0) + digital_lines.length + prize_lines.length;
  after.emit?.({ type: 'display', display: count === 0 ? { kind: 'idle' } : { kind: 'cart', count, total_cents: Math.max(0, purchases_cents - prizes_cents) } });
  return { ...b, paper, digital_lines, prize_lines, purchases_cents, prizes_cents };
}

const CENTRAL_DOWN = 'digital games are sold online only, and central does not answer: sell paper tickets and pay prizes, or try again once central is back';

/** How long adding a digital line waits for central's answer: the customer is at the counter. */
export const DIGITAL_ADD_ASK_MS = 3000;

/** Whether `b` has a digital line more than the basket in progress. */
function addsDigital(t: LotteryTerminal, b: BasketContents): boolean {
  return b.digital.length > (storedBasket(t)?.digital.length ?? 0);
}

/**
 * Asks central now (its signed time) whether it answers, rather than trusting the last contact (up to
 * a minute old): an answer is recorded as a contact, a failure as the last error, so the status (and
 * the sell screen's digital buttons) says offline at once.
 */
export async function askCentral(t: LotteryTerminal, client: CentralClient = clientFor(t, { client: { maxAttempts: 1, timeoutMs: DIGITAL_ADD_ASK_MS } })): Promise<boolean> {
  try {
    await measureClockOffset(t, client);
    return true;
  } catch (err) {
    updateSyncState(t.db, { last_error: err instanceof Error ? err.message : String(err), last_error_at: t.now() });
    return false;
  }
}

/**
 * `setBasket` for a screen: a digital line more than before first asks central whether it answers
 * ('central-unreachable' otherwise, the basket unchanged).
 */
export async function setBasketAsking(t: LotteryTerminal, session: OperatorSession, b: BasketContents, after: AfterCommit, ask: () => Promise<boolean> = () => askCentral(t)): Promise<BasketState> {
  if (addsDigital(t, b) && centralAnswers(t) && !(await ask())) throw new SaleError('central-unreachable', CENTRAL_DOWN);
  return setBasket(t, session, b, after);
}

/**
 * Replaces the basket in progress: checked first (a refusal keeps the previous basket). A digital line
 * more than before needs central answering ('central-unreachable' otherwise).
 */
export function setBasket(t: LotteryTerminal, session: OperatorSession, b: BasketContents, after: AfterCommit): BasketState {
  if (addsDigital(t, b) && !centralAnswers(t)) throw new SaleError('central-unreachable', CENTRAL_DOWN);
  const state = previewBasket(t, session, b, after);
  const kept = keepBasket(t, session, b);
  return { ...state, basket_id: kept?.basket_id ?? null };
}

/** The basket in progress, checked again; lines that no longer pass (sold, paid elsewhere …) are dropped. */
export function currentBasket(t: LotteryTerminal, session: OperatorSession, after: AfterCommit): BasketState {
  const b = storedBasket(t) ?? { ...EMPTY, basket_id: null };
  try {
    return { ...previewBasket(t, session, b, after), basket_id: b.basket_id };
  } catch {
    const kept: { barcodes: string[]; digital: string[]; prizes: string[] } = { barcodes: [], digital: [], prizes: [] };
    const quiet = { printer: null, drawer: null, language: after.language };
    for (const field of ['barcodes', 'digital', 'prizes'] as const) {
      for (const x of b[field]) {
        try {
          previewBasket(t, session, { ...kept, [field]: [...kept[field], x] }, quiet);
          kept[field].push(x);
        } catch {
          // no longer in order: left out
        }
      }
    }
    return setBasket(t, session, kept, after);
  }
}

/** Adds a winning ticket's prize to the basket in progress (Valider's "Ajouter au panier"). */
export function addPrize(t: LotteryTerminal, session: OperatorSession, barcode: string, after: AfterCommit): BasketState {
  const b = storedBasket(t) ?? EMPTY;
  return setBasket(t, session, { barcodes: b.barcodes, digital: b.digital, prizes: [...b.prizes, barcode] }, after);
}

/** Completes the basket, then its one receipt, the drawer once, the display; the basket in progress is cleared. */
export async function completeBasketAct(t: LotteryTerminal, session: OperatorSession, input: BasketInput, after: AfterCommit): Promise<ActDone<BasketResult>> {
  const result = await completeBasket(t, session, input, () => counterClient(t));
  if (storedBasket(t)?.basket_id === input.basket_id) clearCart(t);
  if (result.replayed) {
    // Nothing done again: the receipt was printed by the completion itself.
    return { result, receipt: { receipt_no: result.receipt_no, kind: 'sale', printed: false, error: `basket already completed: receipt ${result.receipt_no}` }, drawer: null };
  }
  // Digital units in the basket: the player follows each on the customer display, the first one played first.
  const unit = result.digital[0];
  after.emit?.({
    type: 'display',
    display: unit
      ? digitalDisplay(t, unit.sale_key, after.language)
      : { kind: 'sale', total_cents: Math.max(0, result.purchases_cents - result.prizes_cents), tendered_cents: result.tendered_cents, change_cents: result.change_cents },
  });
  const receipt = await printReceipt(t, after, result.receipt, { receiptNo: result.receipt_no });
  const drawer = await openDrawerAfter(t, session, after, 'sale', result.receipt_no);
  return { result, receipt, drawer };
}

/** A ticket's number as printed on it, from either of its barcodes; null when the barcode does not read. */
function printedNumberOf(barcode: string): string | null {
  try {
    const { id } = parseBarcode(barcode);
    return humanNumber(id, gameByCode(id.game).pack_size);
  } catch {
    return null;
  }
}
