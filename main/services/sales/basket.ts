/**
 * One basket (issue #25): paper tickets, digital units and prizes in one sale, one payment, one receipt.
 *
 * Each part stays its own journaled act, composed from the services that already do it — the paper
 * sale (sellTickets), each digital unit (reserveDigital / completeDigitalSale), each prize
 * (payTicket, after central's claim: centralGate) — and a `basket` journal entry binds them by the
 * basket id, with the cash tendered, the change and its own receipt number (the one receipt printed).
 *
 * 1. Every local check first, nothing kept: the paper sale as a dry run, each prize's counter verdict
 *    (only a winner payable here goes in a basket), the money (cash tendered + prizes ≥ purchases).
 * 2. The network, before the transaction: central's claim of each prize, then a unit reserved for each
 *    digital line (its pending key committed first, as a lone digital sale does).
 * 3. One IMMEDIATE transaction: the paper sale, the digital sales, the payouts and the `basket` entry
 *    (outbox `basket/<id>`). A throw anywhere rolls all of it back; the digital units are released.
 *
 * Completing is idempotent by the basket id: a basket already completed answers its journaled result
 * (`replayed: true`) and pays nothing, whether the second request comes from a double press, a retry
 * after a lost answer, or another window (checked again under the write lock).
 */
import { gameByCode } from '../../../games/index.js';
import type { OperatorSession } from '../auth/session.js';
import { requireOpenCashSession } from '../cash/sessions.js';
import { digitalReceiptLine, soldDigitalCode, withCode } from '../digital/codes.js';
import { completeDigitalSale, releaseDigital, reserveDigital, settlePendingDigital, type DigitalSaleResult, type ReservedDigital } from '../digital/sell.js';
import type { CentralClient } from '../sync/client.js';
import { checkTrustedClock } from '../sync/trusted-clock.js';
import { centralGate } from '../tickets/acts.js';
import { CounterChecker } from '../tickets/counter-verdict.js';
import { PayoutError } from '../tickets/pay-errors.js';
import { payTicket, type PayResult } from '../tickets/pay.js';
import { assertTerminalEnabled } from '../terminal/enabled.js';
import { authorize } from '../auth/authorize.js';
import { inTransaction } from '../../kernel/transaction.js';
import { record } from '../../kernel/record.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import type { SaleReceipt } from '../receipts/types.js';
import { basketReceipt } from './basket-receipt.js';
import { dryRun } from './acts.js';
import { SaleError } from './errors.js';
import { assertCents, changeDue, sumCents } from './money.js';
import { sellTickets, type SaleResult } from './sell.js';

export interface BasketInput {
  /** Chosen by the screen when the basket starts; the same id completes it once. */
  readonly basket_id: string;
  /** Paper tickets' inventory barcodes. */
  readonly barcodes: readonly string[];
  /** One game code per digital unit. */
  readonly digital: readonly string[];
  /** Validation barcodes of winning tickets whose prize goes towards the purchase. */
  readonly prizes: readonly string[];
  /** Cash handed over by the customer (0 when the prizes cover the purchase). */
  readonly tendered_cents: number;
}

export interface BasketPrizeLine {
  readonly barcode: string;
  readonly game: string;
  readonly ticket: string;
  readonly amount_cents: number;
  readonly receipt_no: number;
}

export interface BasketDigitalLine {
  readonly sale_key: string;
  readonly game: string;
  readonly number: string;
  readonly validation_barcode: string;
  readonly price_cents: number;
  readonly receipt_no: number;
}

export interface BasketResult {
  readonly basket_id: string;
  /** The basket's own receipt number: the receipt printed. */
  readonly receipt_no: number;
  readonly at: string;
  /** The paper sale's receipt number, or null with no paper ticket. */
  readonly sale_receipt_no: number | null;
  readonly paper_cents: number;
  readonly digital: readonly BasketDigitalLine[];
  readonly prizes: readonly BasketPrizeLine[];
  /** Paper + digital. */
  readonly purchases_cents: number;
  readonly prizes_cents: number;
  readonly tendered_cents: number;
  /** What goes back to the player: tendered + prizes − purchases. */
  readonly change_cents: number;
  /** What the till gains: tendered − change (= purchases − prizes; negative when prizes exceed purchases). */
  readonly till_cents: number;
  readonly receipt: SaleReceipt;
  /** True when the basket had already been completed: nothing was done again. */
  readonly replayed: boolean;
}

/** The basket's money: the change (tendered + prizes − purchases), refusing too little cash. */
export function basketChange(purchasesCents: number, prizesCents: number, tenderedCents: number): number {
  assertCents('the cash tendered', tenderedCents, 0, 'tendered_cents');
  return changeDue(purchasesCents, sumCents([tenderedCents, prizesCents]));
}

function checkShape(input: BasketInput): void {
  if (!/^[0-9a-f-]{8,64}$/i.test(input.basket_id)) throw new SaleError('bad-input', 'the basket id must be 8–64 hexadecimal digits or dashes');
  if (input.barcodes.length + input.digital.length === 0 && input.prizes.length === 0) throw new SaleError('empty-cart', 'the basket is empty: scan a ticket, add a digital game or a prize');
  const seen = new Set<string>();
  for (const p of input.prizes) {
    const k = p.replace(/\s+/g, '');
    if (seen.has(k)) throw new SaleError('duplicate-in-cart', `${p.trim()} is twice in the basket`);
    seen.add(k);
  }
}

/** The journaled result of a completed basket, or null. */
export function completedBasket(t: LotteryTerminal, basketId: string): BasketResult | null {
  const row = t.db.prepare("SELECT at, terminal, operator, payload FROM journal WHERE type = 'basket' AND json_extract(payload, '$.basket_id') = ? ORDER BY seq LIMIT 1").get(basketId) as
    | { at: string; terminal: string; operator: string | null; payload: string }
    | undefined;
  if (!row) return null;
  const p = JSON.parse(row.payload) as JournaledBasket & ({ receipt_no: number } | { printed_receipt_no: number });
  return resultOf(row.terminal, row.operator ?? '', row.at, 'receipt_no' in p ? p.receipt_no : p.printed_receipt_no, withCodes(t, p), true);
}

/** The prize of a ticket in the basket, as its counter verdict says now: only a winner payable here. */
function prizeOf(checker: CounterChecker, session: OperatorSession, barcode: string): { amount: number; game: string; ticket: string } {
  const v = checker.check(session, barcode);
  if (v.suspended) throw new PayoutError('game-suspended', `${barcode.trim()}: ${v.message}`, v);
  if (v.verdict !== 'winner' || v.prize_cents === null || !v.game || !v.ticket) {
    const code = v.verdict === 'above-limit' ? 'prize-above-limit' : v.verdict;
    throw new PayoutError(code, `${barcode.trim()}: ${v.message}`, v);
  }
  return { amount: v.prize_cents, game: v.game, ticket: v.ticket };
}

/** Baskets being completed by this process: a second request for the same id waits for the first. */
const inFlight = new Map<string, Promise<BasketResult>>();

/** Completes a basket (see the file's comment); idempotent by `basket_id`. */
export function completeBasket(t: LotteryTerminal, session: OperatorSession, input: BasketInput, client: () => CentralClient): Promise<BasketResult> {
  const key = `${t.id}/${input.basket_id}`;
  const running = inFlight.get(key);
  if (running) return running.then((r) => ({ ...r, replayed: true }));
  const p = completeOnce(t, session, input, client).finally(() => inFlight.delete(key));
  inFlight.set(key, p);
  return p;
}

async function completeOnce(t: LotteryTerminal, session: OperatorSession, input: BasketInput, clientOf: () => CentralClient): Promise<BasketResult> {
  checkShape(input);
  const done = completedBasket(t, input.basket_id);
  if (done) return done;
  assertTerminalEnabled(t);
  inTransaction(t, () => {
    authorize(t, session, 'ticket.sell');
    if (input.prizes.length > 0) authorize(t, session, 'payout.pay');
    requireOpenCashSession(t);
  });

  // 1. Local checks, nothing kept.
  const paper = input.barcodes.length === 0 ? null : dryRun(t, () => sellTickets(t, session, { barcodes: input.barcodes, tendered_cents: Number.MAX_SAFE_INTEGER }));
  const digitalPrices = input.digital.map((g) => {
    try {
      const game = gameByCode(g);
      if (game.kind !== 'digital') throw new Error('not digital');
      return game.price_cents;
    } catch {
      throw new SaleError('not-digital', `${g} is not a digital game: sell happy-2014 or millionnaire`);
    }
  });
  const checker = new CounterChecker(t);
  try {
    const prizes = input.prizes.map((b) => prizeOf(checker, session, b));
    const purchases = sumCents([paper?.total_cents ?? 0, ...digitalPrices]);
    const prizesTotal = sumCents(prizes.map((p) => p.amount));
    basketChange(purchases, prizesTotal, input.tendered_cents);
    if (prizes.length > 0) {
      const clock = checkTrustedClock(t);
      if (clock) throw new PayoutError('clock-back', `no payout on a clock that went backwards: ${clock}; call the technician`, null);
    }

    // 2. The network: central's claim of each prize, then the digital units.
    const gates: Awaited<ReturnType<typeof centralGate>>[] = [];
    for (const b of input.prizes) gates.push(await centralGate(t, b, checker.verdictOf(b)));
    const reserved: ReservedDigital[] = [];
    const client = input.digital.length > 0 ? clientOf() : null;
    try {
      if (client) await settlePendingDigital(t, client).catch(() => 0);
      for (const [i, g] of input.digital.entries()) reserved.push(await reserveDigital(t, session, g, digitalPrices[i] as number, client as CentralClient, { settlePending: false }));
      // 3. One transaction.
      return inTransaction(t, () => commit(t, session, input, paper?.total_cents ?? 0, checker, gates, reserved));
    } catch (err) {
      for (const r of reserved) await releaseDigital(t, client as CentralClient, r.sale_key, err);
      throw err;
    }
  } finally {
    checker.close();
  }
}

function commit(
  t: LotteryTerminal,
  session: OperatorSession,
  input: BasketInput,
  paperCentsChecked: number,
  checker: CounterChecker,
  gates: readonly Awaited<ReturnType<typeof centralGate>>[],
  reserved: readonly ReservedDigital[],
): BasketResult {
  // Another window (or a lost answer's retry) completed it meanwhile: the write lock makes this final.
  const done = completedBasket(t, input.basket_id);
  if (done) throw new SaleError('basket-completed', `basket ${input.basket_id} was completed meanwhile (receipt ${done.receipt_no})`);
  const sale: SaleResult | null = input.barcodes.length === 0 ? null : sellTickets(t, session, { barcodes: input.barcodes, tendered_cents: paperCentsChecked });
  const digital: DigitalSaleResult[] = reserved.map((r) => completeDigitalSale(t, session, r, r.unit.price_cents));
  const paid: (PayResult & { status: 'paid' })[] = input.prizes.map((b, i) => {
    const gate = gates[i];
    const r = payTicket(t, session, b, { checker, ...(gate ? { central: gate } : {}) });
    if (r.status !== 'paid') throw new PayoutError('prize-above-limit', `${b.trim()}: the prize is above the payout limit; it is claimed, not paid in a basket`, r.verdict);
    return r;
  });
  const paperCents = sale?.total_cents ?? 0;
  const purchases = sumCents([paperCents, ...digital.map((d) => d.price_cents)]);
  const prizesCents = sumCents(paid.map((p) => p.payout.amount_cents));
  const change = basketChange(purchases, prizesCents, input.tendered_cents);
  const cash = requireOpenCashSession(t);
  const prizes: BasketPrizeLine[] = paid.map((p, i) => ({ barcode: (input.prizes[i] ?? '').replace(/\s+/g, ''), game: p.payout.game, ticket: p.verdict.ticket as string, amount_cents: p.payout.amount_cents, receipt_no: p.payout.receipt_no }));
  const digitalLines: BasketDigitalLine[] = digital.map((d) => ({ sale_key: d.sale_key, game: d.game, number: d.number, validation_barcode: d.validation_barcode, price_cents: d.price_cents, receipt_no: d.receipt_no }));
  const parts = [...(sale ? [sale.receipt_no] : []), ...digital.map((d) => d.receipt_no), ...prizes.map((p) => p.receipt_no)];
  const items = [
    ...(sale?.receipt.items ?? []).map((i) => ({ description: i.description, price_cents: i.unitPriceCents })),
    ...digital.map((d) => ({ description: digitalReceiptLine(d.game, d.number, d.validation_barcode), price_cents: d.price_cents })),
  ];
  const summary: BasketPayload = {
    basket_id: input.basket_id,
    cash_session_id: cash.id,
    sale_receipt_no: sale?.receipt_no ?? null,
    paper_cents: paperCents,
    digital: digitalLines,
    prizes,
    purchases_cents: purchases,
    prizes_cents: prizesCents,
    tendered_cents: input.tendered_cents,
    change_cents: change,
    till_cents: input.tendered_cents - change,
    parts,
    items,
  };
  // No money block: the parts carry it (the X report counts each sale and payout once). A basket of
  // one part (paper tickets only, one unit, one prize) prints as that part, under its number: receipt
  // numbers follow one another on paper. A basket of several takes its own and lists its parts'.
  const single = parts.length === 1 ? parts[0] : undefined;
  const r = record(t, {
    type: 'basket',
    operator: session,
    payload: { ...journaled(summary, digital), ...(single !== undefined ? { printed_receipt_no: single } : {}) },
    receipt: single === undefined,
    outbox: { key: `basket/${input.basket_id}` },
  });
  return resultOf(t.id, session.name, r.at, single ?? (r.receipt_no as number), summary, false);
}

/**
 * The basket as journaled: its digital units by sale key, without the validation barcodes that pay them
 * (digital/codes.ts); `withCodes` puts them back from this terminal's record for the buyer's receipt.
 */
function journaled(p: BasketPayload, digital: readonly DigitalSaleResult[]): JournaledBasket {
  const paper = p.items.length - digital.length;
  return {
    ...p,
    digital: p.digital.map(({ validation_barcode: _code, ...d }) => d),
    items: p.items.map((i, n) => {
      const d = n >= paper ? digital[n - paper] : undefined;
      return d ? { description: digitalReceiptLine(d.game, d.number, null), price_cents: i.price_cents, sale_key: d.sale_key } : i;
    }),
  };
}

/** A journaled basket with its digital units' validation barcodes put back (entries before they left the journal carry them). */
export function withCodes(t: LotteryTerminal, p: JournaledBasket): BasketPayload {
  return {
    ...p,
    digital: p.digital.map((d) => ({ ...d, validation_barcode: soldDigitalCode(t, d.sale_key) ?? d.validation_barcode ?? '' })),
    items: p.items.map(({ sale_key, ...i }) => (sale_key === undefined ? i : { ...i, description: withCode(i.description, soldDigitalCode(t, sale_key)) })),
  };
}

/** What the `basket` journal entry holds (with `receipt_no`): no validation barcode of a digital unit. */
interface JournaledBasket extends Omit<BasketPayload, 'digital' | 'items'> {
  readonly digital: readonly (Omit<BasketDigitalLine, 'validation_barcode'> & { readonly validation_barcode?: string })[];
  readonly items: readonly { readonly description: string; readonly price_cents: number; readonly sale_key?: string }[];
}

/** A basket's summary, as the result and the receipt give it. */
interface BasketPayload extends Omit<BasketResult, 'receipt_no' | 'at' | 'receipt' | 'replayed'> {
  readonly cash_session_id: number;
  readonly parts: readonly number[];
  readonly items: readonly { readonly description: string; readonly price_cents: number }[];
}

function resultOf(terminal: string, operator: string, at: string, receiptNo: number, p: BasketPayload, replayed: boolean): BasketResult {
  const receipt = basketReceipt({ terminal, operator, at, receiptNo }, p);
  return {
    basket_id: p.basket_id,
    receipt_no: receiptNo,
    at,
    sale_receipt_no: p.sale_receipt_no,
    paper_cents: p.paper_cents,
    digital: p.digital,
    prizes: p.prizes,
    purchases_cents: p.purchases_cents,
    prizes_cents: p.prizes_cents,
    tendered_cents: p.tendered_cents,
    change_cents: p.change_cents,
    till_cents: p.till_cents,
    receipt,
    replayed,
  };
}
