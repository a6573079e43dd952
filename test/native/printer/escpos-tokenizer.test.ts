import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeLayout } from '../../../native/printer/encode-layout.js';
import { EscPosTokenizer, tokenize } from '../../../native/printer/escpos-tokenizer.js';

describe('ESC/POS tokenizer', () => {
  it('reads the commands of a small stream', () => {
    const bytes = Uint8Array.from([0x1b, 0x40, 0x1b, 0x45, 0x01, 0x41, 0x42, 0x0a, 0x1d, 0x21, 0x11, 0x10, 0x04, 0x02, 0x1d, 0x56, 0x42, 0x03]);
    expect(tokenize(bytes).map((c) => c.kind)).toEqual(['init', 'bold', 'text', 'lf', 'size', 'status-request', 'cut']);
    const size = tokenize(bytes).find((c) => c.kind === 'size');
    expect(size).toMatchObject({ width: 2, height: 2, offset: 8 });
    expect(tokenize(bytes).at(-1)).toMatchObject({ kind: 'cut', partial: true, feed: 3 });
  });

  it('does not take DLE EOT inside raster data for a status request', () => {
    // GS v 0: 2 bytes wide, 2 rows, whose data happens to contain 10 04 01.
    const bytes = Uint8Array.from([0x1d, 0x76, 0x30, 0x00, 0x02, 0x00, 0x02, 0x00, 0x10, 0x04, 0x01, 0xff, 0x10, 0x04, 0x03]);
    const commands = tokenize(bytes);
    expect(commands.map((c) => c.kind)).toEqual(['raster', 'status-request']);
    expect(commands[1]).toMatchObject({ n: 3, offset: 12 });
  });

  it('reports an unknown command with its offset', () => {
    const commands = tokenize(Uint8Array.from([0x41, 0x1b, 0x7a, 0x00]));
    expect(commands[1]).toMatchObject({ kind: 'unknown', offset: 1 });
  });

  it('gives the same commands however the stream is split into chunks', async () => {
    const bytes = await encodeLayout({
      lines: [
        { type: 'text', text: 'Paiement', style: { bold: true, width: 2, height: 2 } },
        { type: 'pair', left: 'Montant', right: '1 000,00 €' },
        { type: 'barcode', value: 'PAY-000042' },
      ],
    });
    const whole = tokenize(bytes);
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }), async (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
        const tokenizer = new EscPosTokenizer();
        const got = [];
        for (let i = 1; i < points.length; i++) got.push(...tokenizer.feed(bytes.subarray(points[i - 1], points[i])));
        got.push(...tokenizer.finish());
        // Text split across chunks comes out as several text commands: compare the decoded stream.
        const flatten = (cs: typeof whole) =>
          cs.flatMap((c) => (c.kind === 'text' ? [...c.bytes].map((b) => `t${b}`) : [JSON.stringify({ ...c, offset: 0 })]));
        expect(flatten(got)).toEqual(flatten(whole));
      }),
      { numRuns: 50 },
    );
  });
});
