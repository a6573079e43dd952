import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DeviceUriError } from '../../../main/devices/uri.js';
import { PrinterError } from '../../../main/devices/printer.js';
import { receiptLayout } from '../../../main/services/receipts/layout.js';
import { escposToPng } from '../../../native/printer/escpos-to-png.js';
import { openPrinter } from '../../../native/printer/open.js';
import { VirtualPrinter } from '../../../native/printer/virtual-printer.js';
import { PAYOUT, SALE } from '../../main/services/receipts/fixtures.js';

const dir = mkdtempSync(path.join(tmpdir(), 'guichet-virtual-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('virtual printer', () => {
  it('keeps each receipt as ESC/POS bytes and as a PNG, in memory and on disk', async () => {
    const printer = new VirtualPrinter('virtual:test', { dir });
    await printer.printLayout(receiptLayout(PAYOUT));
    await printer.printLayout(receiptLayout(SALE));
    expect(printer.receipts.map((r) => r.sequence)).toEqual([1, 2]);
    const first = printer.receipts[0]!;
    expect(first.files?.png).toBe(path.join(dir, 'receipt-0001.png'));
    expect([...readFileSync(first.files!.bytes)]).toEqual([...first.bytes]);
    expect(readFileSync(first.files!.png).subarray(1, 4).toString()).toBe('PNG');
    expect(first.lines.some((l) => l.trim() === '1 000,00 €')).toBe(true);
    expect(escposToPng(first.bytes).png.equals(first.png)).toBe(true);
  });

  it('plays a printer out of paper or failing, and records drawer kicks', async () => {
    const printer = new VirtualPrinter('virtual:faulty');
    printer.setStatus({ paperOut: true });
    expect(await printer.status()).toMatchObject({ online: false, paperOut: true, detail: 'paper out' });
    await expect(printer.print(Uint8Array.of(0x41, 0x0a))).rejects.toMatchObject({ code: 'offline' });
    await printer.kickDrawer(5);
    expect(printer.kicks).toEqual([5]);
    printer.setStatus({ paperOut: false, paperLow: true });
    expect(await printer.status()).toMatchObject({ online: true, paperLow: true });
    printer.failNext('disconnected');
    const err = await printer.print(Uint8Array.of(0x41)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrinterError);
    expect((err as PrinterError).code).toBe('disconnected');
    await printer.print(Uint8Array.of(0x41, 0x0a));
    expect(printer.receipts).toHaveLength(1);
    expect(printer.receipts[0]!.files).toBeUndefined(); // no folder given: memory only
  });

  it('openPrinter gives the same virtual printer for the same name and refuses non-printer URIs', () => {
    expect(openPrinter('virtual:shared')).toBe(openPrinter('virtual:shared'));
    expect(openPrinter('virtual:')).not.toBe(openPrinter('virtual:shared'));
    expect(() => openPrinter('hid:0c2e:0b61')).toThrow(DeviceUriError);
    expect(() => openPrinter('hid:0c2e:0b61')).toThrow(/scheme 'hid' is not supported here/);
    expect(() => openPrinter('lpt1')).toThrow(/no scheme/);
  });
});
