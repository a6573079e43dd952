/**
 * A payout on a real network printer (a TCP listener on 127.0.0.1 that answers status requests) that
 * goes away in the middle of the receipt: the cashier gets a clear error, the payout stays recorded,
 * and the receipt can be reprinted once the printer is back.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportUnits } from '../../../central/emission/export.js';
import { readPrintFile } from '../../../central/emission/print-file.js';
import { openPrinter } from '../../../native/printer/open.js';
import { startTcpPrinter, type TcpPrinterServer } from '../../native/printer/support/tcp-printer-server.js';
import { demoApp, type AppFixture } from './sales-fixture.js';

let fx: AppFixture | undefined;
let server: TcpPrinterServer | undefined;
afterEach(async () => {
  fx?.cleanup();
  await server?.close();
  fx = undefined;
  server = undefined;
});

describe('payout on a network printer that goes away mid-receipt', () => {
  it('reports the printer trouble plainly and keeps the payout, which is never paid twice', async () => {
    server = await startTcpPrinter();
    // The job that the printer cuts ends on its time-out; 5 s, not half a second, so a busy machine's slow status answer is not read as a printer gone.
    fx = await demoApp({ printer: openPrinter(server.uri, { statusTimeoutMs: 5_000, timeoutMs: 5_000 }) });
    const print = readPrintFile(path.join(fx.dir, 'demo-lottery', 'happy-2014-1-1.print'));
    const winner = [...exportUnits(print, 0, 400)].find((u) => u.prize_cents > 0 && u.prize_cents <= 30_000);
    if (!winner) throw new Error('no demo winner');
    await fx.login('Camille');
    await fx.call('cash.open', { float_cents: 50_000 });

    server.closeAfterBytes = 12 + 600; // a status request, then part of the receipt
    const paid = await fx.call('ticket.pay', { barcode: winner.barcodes.validation });
    expect(paid.verdict.verdict).toBe('winner');
    expect(paid.receipt).toMatchObject({ printed: false });
    expect(paid.receipt.error).toMatch(/receipt may be incomplete: reprint it/);
    expect(fx.counts().payouts).toBe(1);
    expect((await fx.call('ticket.check', { barcode: winner.barcodes.validation })).verdict).toBe('already-paid');
    await fx.refused('ticket.pay', { barcode: winner.barcodes.validation }, 'already-paid');

    // The printer is back (switched off and on: its half-read job is gone): the duplicate prints whole.
    server.closeAfterBytes = null;
    server.printer.reset();
    const again = await fx.call('receipt.reprint', { receipt_no: paid.receipt.receipt_no as number });
    expect(again.error ?? '').toBe('');
    expect(again).toMatchObject({ printed: true });
    expect(Buffer.from(server.printer.printedBytes()).toString('latin1')).toMatch(/DUPLICATA/);
    expect(fx.counts().payouts).toBe(1);
  });
});
