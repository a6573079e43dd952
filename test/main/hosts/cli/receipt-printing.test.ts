/** `--printer` on sell and pay: the receipt prints after the commit; a dead printer never undoes it (exit 6). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpPrinter, type TcpPrinterServer } from '../../../native/printer/support/tcp-printer-server.js';
import { counterTerminal, type CounterFixture } from '../../services/packs/counter-fixture.js';
import { runGuichet } from '../../../support/guichet-runner.js';

let fx: CounterFixture;
let server: TcpPrinterServer;
const BOB = { GUICHET_OPERATOR: 'bob', GUICHET_PIN: '4321' };

beforeAll(async () => {
  fx = await counterTerminal({ activePacks: [0] });
  fx.t.close();
  server = await startTcpPrinter();
});
afterAll(async () => {
  await server.close();
  fx.cleanup();
});

const printed = (): string => Buffer.from(server.printer.printedBytes()).toString('latin1');

describe('receipts printed by the counter commands', () => {
  it('prints the sale and payout receipts on the printer given', async () => {
    const sale = await runGuichet(['sell', fx.inv(20), '--tendered', '500', '--printer', server.uri, '--data', fx.dir], BOB);
    expect(sale.code, sale.stderr).toBe(0);
    expect(printed()).toMatch(/213-001-01-00000-020/);
    server.printer.reset();
    const pay = await runGuichet(['pay', fx.val(4), '--printer', server.uri, '--data', fx.dir], BOB);
    expect(pay.code, pay.stderr).toBe(0);
    expect(printed()).toMatch(/20,00/);
  });

  it('keeps the payout when the printer is gone, says how to reprint, and exits 6', async () => {
    const gone = await startTcpPrinter();
    const uri = gone.uri;
    await gone.close();
    const pay = await runGuichet(['pay', fx.val(5), '--printer', uri, '--data', fx.dir], BOB);
    expect(pay.code).toBe(6);
    expect(pay.stdout).toMatch(/PAID 10,00/);
    expect(pay.stderr).toMatch(/recorded, but receipt \d+ was not printed .*guichet print reprint \d+/);
    const again = await runGuichet(['pay', fx.val(5), '--data', fx.dir], BOB);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/already paid/i);
  });
});
