// Encodes a print layout (see main/devices/print-layout.ts) to ESC/POS with the
// @point-of-sale/receipt-printer-encoder library.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { DrawerPin } from '../../main/devices/printer.js';
import type { LayoutLine, PrintLayout, TextStyle } from '../../main/devices/print-layout.js';
import { code128Image } from './barcode-image.js';
import { PAPER_80MM, type Paper } from './paper.js';

/**
 * The code page every receipt uses: ESC t 16 (WPC1252) holds all French letters, « », € and the
 * no-break space, and is the one the decoder in escpos-to-png.ts reads.
 */
export const RECEIPT_CODEPAGE = 'windows1252';

function newEncoder(paper: Paper): ReceiptPrinterEncoder {
  return new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: paper.columns,
    imageMode: 'raster',
    codepageMapping: 'epson',
    newline: '\n',
    feedBeforeCut: 4,
  });
}

function applyStyle(encoder: ReceiptPrinterEncoder, style: TextStyle | undefined): void {
  if (!style) return;
  if (style.bold) encoder.bold(true);
  if (style.underline) encoder.underline(true);
  if (style.invert) encoder.invert(true);
  if ((style.width ?? 1) !== 1 || (style.height ?? 1) !== 1) encoder.size(style.width ?? 1, style.height ?? 1);
}

function resetStyle(encoder: ReceiptPrinterEncoder, style: TextStyle | undefined): void {
  if (!style) return;
  if (style.bold) encoder.bold(false);
  if (style.underline) encoder.underline(false);
  if (style.invert) encoder.invert(false);
  if ((style.width ?? 1) !== 1 || (style.height ?? 1) !== 1) encoder.size(1, 1);
}

const length = (text: string): number => [...text].length;

async function encodeLine(encoder: ReceiptPrinterEncoder, line: LayoutLine, paper: Paper): Promise<void> {
  switch (line.type) {
    case 'text': {
      encoder.align(line.align ?? 'left');
      applyStyle(encoder, line.style);
      encoder.line(line.text);
      resetStyle(encoder, line.style);
      encoder.align('left');
      return;
    }
    case 'pair': {
      const columns = Math.floor(paper.columns / (line.style?.width ?? 1));
      applyStyle(encoder, line.style);
      const gap = columns - length(line.left) - length(line.right);
      if (gap >= 1) {
        encoder.line(line.left + ' '.repeat(gap) + line.right);
      } else {
        encoder.line(line.left);
        encoder.align('right').line(line.right).align('left');
      }
      resetStyle(encoder, line.style);
      return;
    }
    case 'rule':
      encoder.line((line.double ? '=' : '-').repeat(paper.columns));
      return;
    case 'barcode': {
      const image = await code128Image(line.value, paper.dots);
      // No line spacing around the image: the caption sits right beneath the bars.
      encoder.lineSpacing('none').align('center').image(image, image.width, image.height, 'threshold').lineSpacing('default');
      encoder.align('center').line(line.caption ?? line.value).align('left');
      return;
    }
    case 'blank':
      encoder.newline(Math.max(1, line.lines ?? 1));
      return;
  }
}

/** ESC/POS bytes of a layout for the given paper (80 mm by default), cut at the end unless `cut: false`. */
export async function encodeLayout(layout: PrintLayout, paper: Paper = PAPER_80MM): Promise<Uint8Array> {
  const encoder = newEncoder(paper).initialize().codepage(RECEIPT_CODEPAGE);
  for (const line of layout.lines) await encodeLine(encoder, line, paper);
  if (layout.cut ?? true) encoder.cut('partial');
  return encoder.encode();
}

/** ESC p: the drawer kick pulse on connector pin 2 or 5 (100 ms on, 500 ms off). */
export function drawerKick(pin: DrawerPin = 2): Uint8Array {
  return newEncoder(PAPER_80MM).pulse(pin === 2 ? 0 : 1, 100, 500).encode();
}
