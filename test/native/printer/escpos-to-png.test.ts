import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pngjs from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { receiptLayout } from '../../../main/services/receipts/layout.js';
import { asReprint } from '../../../main/services/receipts/reprint.js';
import { encodeLayout } from '../../../native/printer/encode-layout.js';
import { EscPosDecodeError, escposToPng } from '../../../native/printer/escpos-to-png.js';
import { PAPER_58MM } from '../../../native/printer/paper.js';
import { CLAIM, PAYOUT, TEST_PAGE } from '../../main/services/receipts/fixtures.js';
import { withCode } from '../../../main/services/digital/codes.js';
import { saleReceipt } from '../../../main/services/sales/receipts.js';

const dir = mkdtempSync(path.join(tmpdir(), 'guichet-escpos-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Decodes every barcode in a PNG with zbarimg; returns the values. */
function zbar(png: Buffer, name: string): string[] {
  const file = path.join(dir, name);
  writeFileSync(file, png);
  const out = execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return out.split('\n').filter((l) => l !== '');
}

describe('escposToPng', () => {
  it('draws a payout receipt whose barcode decodes back to its reference', async () => {
    const decoded = escposToPng(await encodeLayout(receiptLayout(PAYOUT)));
    expect(zbar(decoded.png, 'payout.png')).toEqual(['PAY-2025-000123']);
    // The reference is also printed as text beneath the bars.
    const image = decoded.lines.findIndex((l) => l.startsWith('[image '));
    expect(decoded.lines.slice(image + 1).find((l) => l.trim() !== '')?.trim()).toBe('PAY-2025-000123');
    expect(decoded.width).toBe(576 + 64);
    expect(decoded.cuts).toBe(1);
  });

  it('draws claim and test-page barcodes that scan, also on 58 mm paper', async () => {
    // The claim form carries two barcodes: the ticket's identity and the claim's reference.
    expect(zbar(escposToPng(await encodeLayout(receiptLayout(CLAIM))).png, 'claim.png').sort()).toEqual(['003-0000001-001', 'CLM-2025-000007']);
    const narrow = escposToPng(await encodeLayout(receiptLayout(TEST_PAGE), PAPER_58MM), { paperDots: PAPER_58MM.dots });
    expect(zbar(narrow.png, 'test58.png')).toEqual(['GUICHET-TEST-0123456789']);
    expect(narrow.width).toBe(384 + 64);
  });

  it("prints a digital unit's validation code on the sale receipt as a barcode the scanner reads, also on 58 mm (#41)", async () => {
    const code = '0021000000100000070123456789012345';
    expect(code).toHaveLength(34);
    const receipt = saleReceipt({
      terminal: 'T-001', operator: 'Élodie', at: '2026-12-07T10:00:00.000Z', receipt_no: 12,
      lines: [{ description: 'Le Ticket 213-001-01-00000-007', price_cents: 300 }, { description: withCode('Happy 2014 021-0000001-007', code), price_cents: 500 }],
      total_cents: 800, tendered_cents: 1000, change_cents: 200,
    });
    const layout = receiptLayout(receipt);
    expect(layout.lines).toContainEqual({ type: 'barcode', value: code });
    expect(zbar(escposToPng(await encodeLayout(layout)).png, 'digital-sale.png')).toEqual([code]);
    expect(zbar(escposToPng(await encodeLayout(layout, PAPER_58MM), { paperDots: PAPER_58MM.dots }).png, 'digital-sale58.png')).toEqual([code]);
  });

  it('decodes the text back, accents and euro sign included, at the right columns', async () => {
    const decoded = escposToPng(await encodeLayout(receiptLayout(asReprint(PAYOUT))));
    expect(decoded.lines).toContain('Opérateur                                 Élodie');
    expect(decoded.lines.some((l) => l.trim() === '1 000,00 €')).toBe(true);
    expect(decoded.lines.some((l) => l.includes('DUPLICATA - réimpression n° 1'))).toBe(true);
    expect(decoded.lines.find((l) => l.startsWith('Jeu'))).toHaveLength(48);
  });

  it('paints inverse text as white on black and leaves the page white elsewhere', async () => {
    const bytes = await encodeLayout({ lines: [{ type: 'text', text: '        ', style: { invert: true } }], cut: false });
    const decoded = escposToPng(bytes);
    const png = pngjs.PNG.sync.read(decoded.png);
    const at = (x: number, y: number) => png.data[(y * png.width + x) * 4]!;
    expect(at(32 + 5, 24 + 10)).toBe(0); // inside the inverse band (8 cells from the left margin)
    expect(at(32 + 8 * 12 + 5, 24 + 10)).toBe(255); // right of it
    expect(at(5, 5)).toBe(255); // margin
  });

  it('refuses commands it does not know instead of guessing, naming the offset', () => {
    const bytes = Uint8Array.from([0x1b, 0x40, 0x41, 0x1b, 0x7a, 0x01]);
    expect(() => escposToPng(bytes)).toThrow(EscPosDecodeError);
    expect(() => escposToPng(bytes)).toThrow(/byte 3: unknown or incomplete command 1b 7a/);
    // A raster image cut short.
    expect(() => escposToPng(Uint8Array.from([0x1d, 0x76, 0x30, 0x00, 0x02, 0x00, 0x10, 0x00, 0xff]))).toThrow(/byte 0/);
    // Code pages other than 0 and 16.
    expect(() => escposToPng(Uint8Array.from([0x1b, 0x74, 0x02, 0xe9]))).toThrow(/code page 2/);
  });
});
