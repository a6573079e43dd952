/** Drives a counter through sales, voids and payouts in-process (refusals such as "already sold" are skipped). */
import { createRng } from '../../../../games/rng.js';
import { payTicket } from '../../../../main/services/tickets/pay.js';
import { sellTickets } from '../../../../main/services/sales/sell.js';
import { voidSale } from '../../../../main/services/sales/void.js';
import { ServiceError } from '../../../../main/kernel/errors.js';
import { CounterChecker } from '../../../../main/services/tickets/counter-verdict.js';
import type { EnrolledCounter } from './sync-fixture.js';

export interface OpCounts {
  sales: number;
  voids: number;
  payouts: number;
}

/** Performs `n` successful operations (about half sales, 40 % voids, the rest payouts while winners remain). */
export function runOps(c: EnrolledCounter, n: number, seed: number | string, counts: OpCounts = { sales: 0, voids: 0, payouts: 0 }): OpCounts {
  const rng = createRng(seed);
  const checker = new CounterChecker(c.t);
  const openSale = c.t.db.prepare<[number], { receipt_no: number }>('SELECT receipt_no FROM sales WHERE voided_at IS NULL ORDER BY id LIMIT 1 OFFSET ?');
  const openCount = c.t.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM sales WHERE voided_at IS NULL');
  let done = 0;
  let tries = 0;
  while (done < n) {
    if (++tries > n * 50) throw new Error(`runOps: only ${done} of ${n} operations succeeded`);
    const r = rng.int(100);
    try {
      if (r < 50) {
        const cart = [...new Set([rng.pick(c.inventory), rng.pick(c.inventory)])];
        sellTickets(c.t, c.manager, { barcodes: cart, tendered_cents: 10_000 });
        counts.sales++;
      } else if (r < 90) {
        const open = (openCount.get() as { n: number }).n;
        if (open === 0) continue;
        const sale = openSale.get(rng.int(open));
        if (!sale) continue;
        voidSale(c.t, c.manager, { receipt_no: sale.receipt_no, reason: 'test' });
        counts.voids++;
      } else {
        payTicket(c.t, c.manager, rng.pick(c.validation), { checker });
        counts.payouts++;
      }
      done++;
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
    }
  }
  return counts;
}
