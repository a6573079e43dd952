/**
 * The crash test's child: sells, pays and voids in a loop until it is killed (SIGKILL, at any moment).
 * `node worker.mjs DATA PLAN.json [--no-pin]` (bundled by the test) or `node bin/run-ts.js test/main/crash/worker.ts DATA PLAN.json`.
 * PLAN.json: { inventory: string[], validation: string[] } — inventory barcodes to sell, validation barcodes to pay.
 * Prints `ready` once authenticated; refusals (already sold, already paid…) are expected and ignored.
 */
import { readFileSync } from 'node:fs';
import { operatorByName } from '../../../../db/queries/operators.js';
import { authenticate } from '../../../../main/services/auth/login.js';
import { issueSession, type OperatorSession } from '../../../../main/services/auth/session.js';
import { payTicket } from '../../../../main/services/tickets/pay.js';
import { sellTickets } from '../../../../main/services/sales/sell.js';
import { voidSale } from '../../../../main/services/sales/void.js';
import { ServiceError } from '../../../../main/kernel/errors.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import { CounterChecker } from '../../../../main/services/tickets/counter-verdict.js';

const [data, planFile] = process.argv.slice(2) as [string, string];
const plan = JSON.parse(readFileSync(planFile, 'utf8')) as { inventory: string[]; validation: string[] };
const t = openLotteryTerminal(data);
// `--no-pin` skips the scrypt PIN check (≈100 ms a start, 200+ starts): the session is issued for the
// stored operator exactly as `authenticate` would; PIN checking has its own tests.
const alice = process.argv.includes('--no-pin') ? sessionOf('alice') : await authenticate(t, 'alice', '123456');
function sessionOf(name: string): OperatorSession {
  const row = operatorByName(t.db, name);
  if (!row) throw new Error(`no operator ${name}`);
  return issueSession({ operator_id: row.id, name: row.name, role: row.role, since: t.now() });
}
const checker = new CounterChecker(t);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const openSales = t.db.prepare<[], { receipt_no: number }>('SELECT receipt_no FROM sales WHERE voided_at IS NULL ORDER BY random() LIMIT 1');

process.stdout.write('ready\n');
for (;;) {
  const r = Math.random();
  try {
    if (r < 0.5) {
      const cart = [...new Set(Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => pick(plan.inventory)))];
      sellTickets(t, alice, { barcodes: cart, tendered_cents: cart.length * 300 + Math.floor(Math.random() * 3) * 100 });
    } else if (r < 0.8) {
      payTicket(t, alice, pick(plan.validation), { checker });
    } else {
      const sale = openSales.get();
      if (sale) voidSale(t, alice, { receipt_no: sale.receipt_no, reason: 'crash test' });
    }
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
  }
}
