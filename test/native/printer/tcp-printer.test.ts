import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PrinterError } from '../../../main/devices/printer.js';
import { receiptLayout } from '../../../main/services/receipts/layout.js';
import { encodeLayout } from '../../../native/printer/encode-layout.js';
import { openPrinter } from '../../../native/printer/open.js';
import { PAYOUT } from '../../main/services/receipts/fixtures.js';
import { startTcpPrinter, type TcpPrinterServer } from './support/tcp-printer-server.js';

let server: TcpPrinterServer;
beforeEach(async () => {
  server = await startTcpPrinter();
});
afterEach(async () => {
  await server.close();
});

async function rejection(promise: Promise<unknown>): Promise<PrinterError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PrinterError);
  return err as PrinterError;
}

describe('network printer (TCP 9100) against a real listener on 127.0.0.1', () => {
  it('prints a receipt: the printer receives exactly the encoded bytes, between status checks', async () => {
    const printer = openPrinter(server.uri);
    const layout = receiptLayout(PAYOUT);
    await printer.printLayout(layout);
    expect([...server.printer.printedBytes()]).toEqual([...(await encodeLayout(layout))]);
    const requests = server.printer.commands.filter((c) => c.kind === 'status-request');
    expect(requests).toHaveLength(8); // DLE EOT 1–4 before and after
    expect(server.connections).toBe(1);
  });

  it('reads the status the printer answers', async () => {
    const printer = openPrinter(server.uri);
    expect(await printer.status()).toMatchObject({ online: true, coverOpen: false, paperOut: false, paperLow: false, reported: true });
    server.printer.state = { paperLow: true };
    expect(await printer.status()).toMatchObject({ online: true, paperLow: true, detail: 'paper low' });
    server.printer.state = { coverOpen: true };
    expect(await printer.status()).toMatchObject({ online: false, coverOpen: true });
    server.printer.state = { paperOut: true };
    expect(await printer.status()).toMatchObject({ online: false, paperOut: true });
  });

  it('refuses to print when the printer says it cannot, and sends nothing', async () => {
    server.printer.state = { paperOut: true };
    const err = await rejection(openPrinter(server.uri).print(Uint8Array.from([0x41, 0x0a])));
    expect(err.code).toBe('offline');
    expect(err.message).toMatch(/cannot print: .*paper out/);
    expect(err.status?.paperOut).toBe(true);
    expect(server.printer.printedBytes()).toHaveLength(0);
  });

  it('gives a clear error when the printer goes away mid-receipt', async () => {
    const bytes = await encodeLayout(receiptLayout(PAYOUT));
    server.closeAfterBytes = 12 + 1000; // the first status request, then part of the receipt
    const err = await rejection(openPrinter(server.uri).print(bytes));
    expect(err.code).toBe('disconnected');
    expect(err.message).toMatch(/in the middle of a receipt; the receipt may be incomplete: reprint it/);
    expect(server.printer.received.length).toBeLessThan(bytes.length);
  });

  it('reports a printer that answers garbage or nothing as offline, without hanging', async () => {
    server.printer.state = { garbage: 0x41 };
    const printer = openPrinter(server.uri, { statusTimeoutMs: 300 });
    const garbage = await printer.status();
    expect(garbage).toMatchObject({ online: false, reported: false });
    expect(garbage.detail).toMatch(/answered 0x41 to status request 1, which is not a status byte/);
    expect((await rejection(printer.print(Uint8Array.of(0x41)))).code).toBe('io');
    server.printer.state = { mute: true };
    expect((await printer.status()).detail).toMatch(/did not answer within 300 ms/);
    expect((await rejection(printer.print(Uint8Array.of(0x41)))).code).toBe('timeout');
  });

  it('says offline when nothing listens on the port', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const printer = openPrinter(`tcp://127.0.0.1:${port}`);
    const err = await rejection(printer.print(Uint8Array.of(0x41)));
    expect(err.code).toBe('offline');
    expect(err.message).toBe(`no printer at tcp://127.0.0.1:${port}: connection refused`);
    expect(await printer.status()).toMatchObject({ online: false, detail: err.message });
  });

  it('kicks the cash drawer through the printer on pin 2 or 5, even with the paper out', async () => {
    server.printer.state = { paperOut: true };
    const printer = openPrinter(server.uri);
    await printer.kickDrawer();
    await printer.kickDrawer(5);
    const pulses = server.printer.commands.filter((c) => c.kind === 'pulse');
    expect(pulses).toMatchObject([{ pin: 2, onMs: 100 }, { pin: 5, onMs: 100 }]);
  });
});
