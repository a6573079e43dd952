import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PrinterError } from '../../../main/devices/printer.js';
import { receiptLayout } from '../../../main/services/receipts/layout.js';
import { encodeLayout } from '../../../native/printer/encode-layout.js';
import { openPrinter } from '../../../native/printer/open.js';
import { VOID } from '../../main/services/receipts/fixtures.js';

const dir = mkdtempSync(path.join(tmpdir(), 'guichet-lp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('device-file printer (file:/dev/usb/lp0)', () => {
  it('writes the job to the device, appending, and cannot report paper or cover', async () => {
    const device = path.join(dir, 'lp0');
    writeFileSync(device, '');
    const printer = openPrinter(`file:${device}`);
    const layout = receiptLayout(VOID);
    await printer.printLayout(layout);
    await printer.kickDrawer(2);
    const written = readFileSync(device);
    const receipt = await encodeLayout(layout);
    expect([...written.subarray(0, receipt.length)]).toEqual([...receipt]);
    expect([...written.subarray(receipt.length)]).toEqual([0x1b, 0x70, 0x00, 50, 250]);
    expect(await printer.status()).toMatchObject({ online: true, reported: false });
  });

  it('never creates a missing device: an unplugged printer is offline', async () => {
    const device = path.join(dir, 'usb', 'lp9');
    const printer = openPrinter(`file:${device}`);
    const err = await printer.print(Uint8Array.of(0x41)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrinterError);
    expect((err as PrinterError).code).toBe('offline');
    expect((err as PrinterError).message).toBe(`no printer at file:${device}: the device does not exist (ENOENT)`);
    expect(await printer.status()).toMatchObject({ online: false, reported: false });
  });
});
