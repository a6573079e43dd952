import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PrinterError } from '../../../main/devices/printer.js';
import { receiptLayout } from '../../../main/services/receipts/layout.js';
import { encodeLayout } from '../../../native/printer/encode-layout.js';
import { openPrinter } from '../../../native/printer/open.js';
import { CLAIM, SALE } from '../../main/services/receipts/fixtures.js';
import { startSerialPrinter, type SerialPrinterHarness } from './support/serial-printer.js';

let harness: SerialPrinterHarness;
beforeEach(async () => {
  harness = await startSerialPrinter();
});
afterEach(async () => {
  await harness.close();
});

describe('serial printer on a real tty (socat pty pair)', () => {
  it('prints a receipt byte for byte and reads the status back over the line', async () => {
    const printer = openPrinter(harness.uri);
    const layout = receiptLayout(CLAIM);
    await printer.printLayout(layout);
    expect([...harness.printer.printedBytes()]).toEqual([...(await encodeLayout(layout))]);
    harness.printer.state = { paperLow: true };
    expect(await printer.status()).toMatchObject({ online: true, paperLow: true, reported: true });
    harness.printer.state = { coverOpen: true };
    const err = await printer.printLayout(receiptLayout(SALE)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrinterError);
    expect((err as PrinterError).code).toBe('offline');
    expect((err as PrinterError).message).toMatch(/cover open/);
  });

  it('reports the other end vanishing mid-stream as a disconnection, then the port as offline', async () => {
    const printer = openPrinter(harness.uri);
    harness.vanishAfterBytes = 12 + 500;
    const bytes = new Uint8Array(64 * 1024).fill(0x41); // a long job: socat dies while it flows
    const err = await printer.print(bytes).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrinterError);
    expect((err as PrinterError).code).toBe('disconnected');
    expect((err as PrinterError).message).toMatch(/went away.*in the middle of a receipt; the receipt may be incomplete: reprint it/);
    expect(harness.printer.received.length).toBeLessThan(bytes.length);

    await harness.vanished;
    const status = await printer.status();
    expect(status).toMatchObject({ online: false, reported: false });
    expect(status.detail).toMatch(/^no printer at serial:.*: the device does not exist/);
  });

  it('says offline for a port that does not exist', async () => {
    const printer = openPrinter('serial:/dev/ttyGUICHET-NOPE?baud=19200');
    const err = await printer.kickDrawer().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrinterError);
    expect((err as PrinterError).code).toBe('offline');
    expect((err as PrinterError).message).toMatch(/no printer at serial:\/dev\/ttyGUICHET-NOPE\?baud=19200/);
  });
});
