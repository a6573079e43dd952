/**
 * One payment from its own process and its own database connection, for the concurrency test:
 * `node bin/run-ts.js test/main/services/tickets/pay-worker.ts DATA BARCODE`. Opens the terminal, authenticates
 * bob, prints `ready`, waits for a line on stdin, pays, and prints the outcome as one JSON line.
 */
import { createInterface } from 'node:readline';
import { authenticate } from '../../../../main/services/auth/login.js';
import { payTicket } from '../../../../main/services/tickets/pay.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import { CounterChecker } from '../../../../main/services/tickets/counter-verdict.js';

const [data, barcode] = process.argv.slice(2) as [string, string];
const t = openLotteryTerminal(data);
const bob = await authenticate(t, 'bob', '4321');
const checker = new CounterChecker(t);
checker.verdictOf(barcode); // open the outcome file before the start signal
const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
for await (const _line of lines) {
  try {
    const r = payTicket(t, bob, barcode, { checker });
    process.stdout.write(`${JSON.stringify({ status: r.status, receipt_no: r.status === 'paid' ? r.payout.receipt_no : null })}\n`);
  } catch (err) {
    process.stdout.write(`${JSON.stringify({ status: 'refused', code: (err as { code?: string }).code, message: (err as Error).message })}\n`);
  }
  break;
}
checker.close();
t.close();
