/**
 * Receipts are not stored as documents: each numbered receipt is the journal entry (sale, void, payout,
 * claim, the claim receipt of a winner refused for want of central, a basket) that took its number, and every reprint is a `receipt.reprint` entry. These read them back.
 */
import type { Database } from 'better-sqlite3';
import type { JournalRow } from './journal.js';

/**
 * Journal entry types that take a receipt number. A basket of several parts takes its own (the one
 * receipt printed); a basket of one part prints under that part's number and takes none.
 */
export const RECEIPT_ENTRY_TYPES = ['sale', 'void', 'payout', 'claim', 'claim.receipt', 'basket'] as const;
export type ReceiptEntryType = (typeof RECEIPT_ENTRY_TYPES)[number];

const COLUMNS = 'seq, at, terminal, type, operator, payload, prev_hash, hash, signature';

/** The journal entry that took receipt number `receiptNo`, if any. */
export function journalRowOfReceipt(db: Database, receiptNo: number): JournalRow | undefined {
  return db
    .prepare<[number], JournalRow>(
      `SELECT ${COLUMNS} FROM journal
        WHERE type IN (${RECEIPT_ENTRY_TYPES.map((t) => `'${t}'`).join(', ')}) AND json_extract(payload, '$.receipt_no') = ?
        ORDER BY seq LIMIT 1`,
    )
    .get(receiptNo);
}

/** How many times receipt `receiptNo` was reprinted. */
export function reprintCountOf(db: Database, receiptNo: number): number {
  return (
    db
      .prepare<[number], { n: number }>("SELECT count(*) AS n FROM journal WHERE type = 'receipt.reprint' AND json_extract(payload, '$.reprinted_receipt_no') = ?")
      .get(receiptNo) as { n: number }
  ).n;
}

/**
 * The number printed on the customer's receipt for the sale `saleReceiptNo` (paper or digital): the number of
 * the basket of several parts it belongs to (the one receipt printed), else its own.
 */
export function printedReceiptOfSale(db: Database, saleReceiptNo: number): number {
  const row = db
    .prepare<[number], { n: number }>(
      `SELECT json_extract(payload, '$.receipt_no') AS n FROM journal WHERE type = 'basket' AND json_extract(payload, '$.receipt_no') IS NOT NULL
          AND EXISTS (SELECT 1 FROM json_each(journal.payload, '$.parts') WHERE value = ?) ORDER BY seq LIMIT 1`,
    )
    .get(saleReceiptNo);
  return row?.n ?? saleReceiptNo;
}

/** The paper sale printed under basket receipt `receiptNo` (a basket of several parts), if any. */
export function saleReceiptOfBasket(db: Database, receiptNo: number): number | undefined {
  const row = db
    .prepare<[number], { n: number | null }>(
      "SELECT json_extract(payload, '$.sale_receipt_no') AS n FROM journal WHERE type = 'basket' AND json_extract(payload, '$.receipt_no') = ? ORDER BY seq LIMIT 1",
    )
    .get(receiptNo);
  return row?.n ?? undefined;
}
