/** The sales of the open cash session, newest first, for the seller's list (void and reprint from there). */
import { gameByCode } from '../../../games/index.js';
import { journalRowsOfType } from '../../../db/queries/journal.js';
import { isDigitalSale } from '../../../db/queries/digital-units.js';
import { printedReceiptOfSale } from '../../../db/queries/receipts.js';
import { saleById, saleLines } from '../../../db/queries/sales.js';
import type { SaleSummaryView } from '../../../common/api/methods/sales.js';
import { requirePermission } from '../auth/roles.js';
import type { OperatorSession } from '../auth/session.js';
import { currentCashSession } from '../cash/sessions.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

/** Permission 'ticket.sell'; no open cash session → no sales. */
export function sessionSales(t: LotteryTerminal, session: OperatorSession): SaleSummaryView[] {
  requirePermission(session, 'ticket.sell');
  const open = currentCashSession(t);
  if (!open) return [];
  const sales: SaleSummaryView[] = [];
  for (const row of journalRowsOfType(t.db, 'sale', open.open_seq).reverse()) {
    const p = JSON.parse(row.payload) as { sale_id: number; receipt_no: number; total_cents: number; lines: { game: string; ticket: string }[] };
    const sale = saleById(t.db, p.sale_id);
    sales.push({
      receipt_no: p.receipt_no,
      printed_receipt_no: printedReceiptOfSale(t.db, p.receipt_no),
      at: row.at,
      operator: row.operator ?? '',
      count: p.lines.length,
      total_cents: p.total_cents,
      tickets: p.lines.map((l) => `${gameByCode(l.game).name} ${l.ticket}`),
      lines: sale ? saleLines(t.db, sale.id).map((l) => ({ price_cents: l.price_cents, voided: l.voided === 1 })) : [],
      voided: sale !== undefined && sale.voided_at !== null,
      void_receipt_no: sale?.void_receipt_no ?? null,
      digital: isDigitalSale(t.db, p.sale_id),
    });
  }
  return sales;
}
