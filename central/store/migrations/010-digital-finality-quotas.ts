/**
 * Version 10 (#19): a digital sale becomes final (its validation barcode and prize answered only then,
 * store/digital.ts), and counters of what each terminal did per window (store/quotas.ts).
 */
import type { CentralMigration } from './migration.js';

export const digitalFinalityQuotas: CentralMigration = {
  version: 10,
  name: 'digital sales final, quota counters',
  statements: [
    `ALTER TABLE digital_sales ADD COLUMN final_at text`,
    // The statement bills central's own sales by retailer and week.
    `CREATE INDEX digital_sales_by_time ON digital_sales (terminal_id, sold_at)`,
    // One row per terminal (or address), counter and window: incremented in the transaction of what it counts.
    `CREATE TABLE quota_counters (
         subject       text NOT NULL,
         counter       text NOT NULL,
         window_start  text NOT NULL,
         n             bigint NOT NULL,
         PRIMARY KEY (subject, counter, window_start)
       )`,
  ],
};
