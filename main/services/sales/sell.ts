/**
 * Selling a cart of paper tickets, each scanned by its inventory barcode from a pack active here.
 * One transaction: permission, open cash session, every ticket's checks, the sale and its lines, the
 * journal entry with its receipt number and money, and the outbox event `sale/<id>`.
 */
import { assertGameOnSale, assertTerminalEnabled } from '../terminal/enabled.js';
import { gameByCode } from '../../../games/index.js';
import { humanNumber, parseBarcode, TicketIdError, type UnitId } from '../../../games/ticket-id.js';
import { blockHoldingLookup } from '../../../db/queries/blocks.js';
import { centralPack } from '../../../db/queries/central-packs.js';
import { claimOf } from '../../../db/queries/claims.js';
import { findPack } from '../../../db/queries/packs.js';
import { payoutOf } from '../../../db/queries/payouts.js';
import { activeSaleLineOf, insertSale, insertSaleLine, setSaleReceipt } from '../../../db/queries/sales.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { requireOpenCashSession } from '../cash/sessions.js';
import { inTransaction } from '../../kernel/transaction.js';
import { record } from '../../kernel/record.js';
import { humanPackNumber, packOfUnit } from '../packs/pack-ref.js';
import { stopOfUnit } from '../packs/stop-list.js';
import type { SaleReceipt } from '../receipts/types.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { SaleError } from './errors.js';
import { changeDue, moneyLinesByGame, sumCents } from './money.js';
import { saleReceipt } from './receipts.js';

export interface SellInput {
  /** Inventory barcodes (16 digits, on the back of each ticket). */
  readonly barcodes: readonly string[];
  /** Cash handed over by the customer, in cents. */
  readonly tendered_cents: number;
}

export interface SoldLine {
  /** The ticket's printed number. */
  readonly ticket: string;
  readonly game: string;
  readonly emission: number;
  readonly block: number;
  readonly unit: number;
  /** `GGG-EEE-BB-PPPPP`. */
  readonly pack: string;
  readonly price_cents: number;
}

export interface SaleResult {
  readonly sale_id: number;
  readonly receipt_no: number;
  readonly at: string;
  readonly lines: readonly SoldLine[];
  readonly total_cents: number;
  readonly tendered_cents: number;
  readonly change_cents: number;
  /** The stored outbox idempotency key. */
  readonly outbox_key: string;
  /** The receipt document, to print after the sale committed. */
  readonly receipt: SaleReceipt;
}

/** Reads one scanned inventory barcode; refusals name the barcode. */
function readInventory(barcode: string): UnitId {
  let parsed;
  try {
    parsed = parseBarcode(barcode);
  } catch (err) {
    if (!(err instanceof TicketIdError)) throw err;
    const code = err.problem === 'unknown-game' ? 'unknown-ticket' : err.problem;
    throw new SaleError(code, `${barcode.trim()}: ${err.message}`);
  }
  if (parsed.kind !== 'inventory') throw new SaleError('not-inventory', 'this is a validation barcode: scan the inventory barcode on the back of the ticket to sell it');
  return parsed.id;
}

/**
 * Sells the tickets of `input.barcodes` for cash (permission 'ticket.sell', an open cash session).
 * Refuses, changing nothing: an empty cart, a barcode twice in the cart, an unreadable barcode,
 * a validation barcode, a digital game, a ticket in no imported block ('unknown-ticket'), a
 * stop-listed ticket or pack, a pack never received here, a pack not active (here, or settled or
 * returned at central by its feed), a ticket already sold
 * in a sale not voided, a ticket paid or claimed here ('already-paid', 'already-claimed'), and less cash than the total.
 */
export function sellTickets(t: LotteryTerminal, session: OperatorSession, input: SellInput): SaleResult {
  assertTerminalEnabled(t);
  if (input.barcodes.length === 0) throw new SaleError('empty-cart', 'the cart is empty: scan at least one ticket');
  const ids = input.barcodes.map(readInventory);
  const seen = new Set<string>();
  for (const [i, id] of ids.entries()) {
    const key = `${id.game}/${id.emission}/${id.block}/${id.unit}`;
    if (seen.has(key)) {
      // Named as printed on the ticket (#41), not by the raw barcode the scanner read.
      const ticket = humanNumber(id, gameByCode(id.game).pack_size);
      throw new SaleError('duplicate-in-cart', `${ticket} (${input.barcodes[i]?.trim()}) is twice in the cart`, { ticket });
    }
    seen.add(key);
  }
  for (const id of ids) assertGameOnSale(t, id.game);
  return inTransaction(t, () => {
    authorize(t, session, 'ticket.sell');
    const cash = requireOpenCashSession(t);
    const lookup = blockHoldingLookup(t.db);
    const lines = ids.map((id) => {
      const game = gameByCode(id.game);
      const ticket = humanNumber(id, game.pack_size);
      const pack = packOfUnit(id);
      if (!pack) throw new SaleError('not-paper', `${game.name} is played on screen, not sold on paper at the counter`);
      if (!lookup(id.game, id.emission, id.block, id.unit)) throw new SaleError('unknown-ticket', `ticket ${ticket} is in no imported outcome block`, { ticket });
      const stop = stopOfUnit(t, id);
      if (stop) throw new SaleError('stop-listed', `ticket ${ticket} is on the stop list (${stop.reason}): do not sell it`, { ticket });
      const row = findPack(t.db, pack);
      if (!row) throw new SaleError('pack-not-received', `ticket ${ticket}: pack ${humanPackNumber(pack)} was not received at this terminal`, { ticket });
      if (row.state !== 'active') throw new SaleError('pack-not-active', `ticket ${ticket}: pack ${humanPackNumber(pack)} is ${row.state}, not active (ticket non enregistré)`, { ticket });
      // Central settles packs (by share, by days, on return) and tells every terminal through its feed:
      // a pack it closed is no longer for sale, whatever this terminal's own record still says.
      const central = centralPack(t.db, pack);
      if (central && (central.state === 'settled' || central.state === 'returned')) {
        const when = central.state === 'settled' ? central.settled_at : (central.returned_at ?? central.settled_at);
        throw new SaleError('pack-not-active', `ticket ${ticket}: pack ${humanPackNumber(pack)} was ${central.state} at central${when ? ` on ${when}` : ''}: not for sale (ticket non enregistré)`, { ticket });
      }
      if (activeSaleLineOf(t.db, id)) throw new SaleError('already-sold', `ticket ${ticket} was already sold`, { ticket });
      // A ticket paid or claimed is a scratched ticket: never sold again (#19), and never counted in the till.
      const paid = payoutOf(t.db, id);
      if (paid) throw new SaleError('already-paid', `ticket ${ticket} was paid on ${paid.at} (receipt ${paid.receipt_no}): a paid ticket is never sold`, { ticket });
      const claimed = claimOf(t.db, id);
      if (claimed) throw new SaleError('already-claimed', `ticket ${ticket} has a prize claim filed on ${claimed.at} (receipt ${claimed.receipt_no}): it is never sold`, { ticket });
      return { id, ticket, pack_id: row.id, pack: humanPackNumber(pack), price_cents: game.price_cents, description: `${game.name} ${ticket}` };
    });
    const total = sumCents(lines.map((l) => l.price_cents));
    const change = changeDue(total, input.tendered_cents);
    const at = t.now();
    const saleId = insertSale(t.db, { cash_session_id: cash.id, operator_id: session.operator_id, at, total_cents: total, tendered_cents: input.tendered_cents, change_cents: change });
    for (const l of lines) insertSaleLine(t.db, { sale_id: saleId, ...l.id, pack_id: l.pack_id, price_cents: l.price_cents });
    const sold: SoldLine[] = lines.map((l) => ({ ticket: l.ticket, ...l.id, pack: l.pack, price_cents: l.price_cents }));
    const r = record(t, {
      type: 'sale',
      operator: session,
      payload: {
        sale_id: saleId,
        cash_session_id: cash.id,
        lines: sold.map((l) => ({ ...l })),
        total_cents: total,
        tendered_cents: input.tendered_cents,
        change_cents: change,
      },
      receipt: true,
      money: { kind: 'sale', lines: moneyLinesByGame(sold) },
      outbox: { key: `sale/${saleId}` },
    });
    const receiptNo = r.receipt_no as number;
    setSaleReceipt(t.db, saleId, receiptNo, r.seq);
    return {
      sale_id: saleId,
      receipt_no: receiptNo,
      at,
      lines: sold,
      total_cents: total,
      tendered_cents: input.tendered_cents,
      change_cents: change,
      outbox_key: r.outbox_key as string,
      receipt: saleReceipt({ terminal: t.id, operator: session.name, at, receipt_no: receiptNo, lines, total_cents: total, tendered_cents: input.tendered_cents, change_cents: change }),
    };
  });
}
