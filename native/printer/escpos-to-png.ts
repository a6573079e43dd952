// Draws ESC/POS bytes as a receipt picture, the way a thermal printer would print them: the
// commands of encode-layout.ts only (text in font A with bold, underline, inverse, sizes and
// alignment; GS v 0 raster images; feeds; cuts). Anything else is refused, not guessed.
import { existsSync } from 'node:fs';
import resvg from '@resvg/resvg-js';
import pngjs from 'pngjs';
import { tokenize, type PositionedCommand } from './escpos-tokenizer.js';

/** Font A cell: 12 × 24 dots; default line feed: 30 dots (Epson's 1/6 inch at 180 dpi). */
const CELL_W = 12;
const CELL_H = 24;
const DEFAULT_SPACING = 30;
/** DejaVu Sans Mono advances 0.602 em: this size makes one glyph exactly 12 dots wide. */
const FONT_SIZE = CELL_W / 0.60205;
const BASELINE = 19;
const MARGIN_X = 32;
const MARGIN_Y = 24;

const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const FONT_FILES = [`${FONT_DIR}/DejaVuSansMono.ttf`, `${FONT_DIR}/DejaVuSansMono-Bold.ttf`];

/** The bytes hold a command this decoder does not draw, or are cut short. */
export class EscPosDecodeError extends Error {
  override readonly name = 'EscPosDecodeError';
  constructor(
    readonly offset: number,
    problem: string,
  ) {
    super(`ESC/POS byte ${offset}: ${problem}`);
  }
}

export interface DecodedReceipt {
  /** The picture, as PNG. */
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
  /** Printed text, one entry per printed line (trailing spaces trimmed); images appear as `[image W×H]`. */
  readonly lines: readonly string[];
  readonly cuts: number;
  /** Drawer kick pulses found in the stream. */
  readonly pulses: readonly { readonly pin: 2 | 5; readonly onMs: number }[];
}

interface Style {
  bold: boolean;
  underline: number;
  invert: boolean;
  width: number;
  height: number;
}

interface Glyph extends Style {
  char: string;
}

interface DrawnGlyph extends Glyph {
  x: number;
  top: number;
}

interface DrawnRaster {
  x: number;
  y: number;
  widthBytes: number;
  height: number;
  scaleX: number;
  scaleY: number;
  data: Uint8Array;
}

/**
 * WPC1252 bytes 0x80–0x9F (the rest is Latin-1). Written out because Node's TextDecoder reads
 * 'windows-1252' as Latin-1 and would turn the euro sign into a control character. '' = unassigned.
 */
const CP1252_80_9F = [
  '€', '', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '', 'Ž', '',
  '', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '', 'ž', 'Ÿ',
];

function decodeText(bytes: Uint8Array, table: number, offset: number): string {
  if (table !== 0 && table !== 16) throw new EscPosDecodeError(offset, `code page ${table} is not supported (only 0 and 16, WPC1252)`);
  let text = '';
  for (const [k, b] of bytes.entries()) {
    if (b < 0x80) text += String.fromCharCode(b);
    else if (table === 0) throw new EscPosDecodeError(offset + k, 'characters above 0x7F in code page 0 (PC437) are not drawn');
    else if (b >= 0xa0) text += String.fromCharCode(b);
    else {
      const char = CP1252_80_9F[b - 0x80];
      if (!char) throw new EscPosDecodeError(offset + k, `byte 0x${b.toString(16)} has no character in WPC1252`);
      text += char;
    }
  }
  return text;
}

const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Decodes ESC/POS bytes into a receipt picture `paperDots` wide (576 for 80 mm paper, 384 for 58 mm),
 * with white margins. Throws an {@link EscPosDecodeError} on a command it does not know.
 */
export function escposToPng(bytes: Uint8Array, options: { paperDots?: number } = {}): DecodedReceipt {
  const dots = options.paperDots ?? 576;
  const style: Style = { bold: false, underline: 0, invert: false, width: 1, height: 1 };
  let align: 'left' | 'center' | 'right' = 'left';
  let table = 0;
  let spacing: number | null = null;
  let y = 0;
  let line: Glyph[] = [];
  let lineWidth = 0;
  const glyphs: DrawnGlyph[] = [];
  const rasters: DrawnRaster[] = [];
  const cutsAt: number[] = [];
  const lines: string[] = [];
  const pulses: { pin: 2 | 5; onMs: number }[] = [];
  /** Whether anything visible was printed since the last cut (blank feed after the last cut is not paper). */
  let visibleSinceCut = false;

  const xFor = (width: number): number =>
    align === 'center' ? Math.floor((dots - width) / 2) : align === 'right' ? Math.max(0, dots - width) : 0;

  /** Prints the line buffer (an empty buffer is a blank line). */
  const flush = (): void => {
    const tallest = line.reduce((m, g) => Math.max(m, g.height), 1);
    let x = xFor(lineWidth);
    for (const g of line) {
      glyphs.push({ ...g, x, top: y + (tallest - g.height) * CELL_H });
      if (g.char.trim() !== '' || g.invert || g.underline > 0) visibleSinceCut = true;
      x += g.width * CELL_W;
    }
    lines.push(line.map((g) => g.char).join('').trimEnd());
    y += Math.max(spacing ?? DEFAULT_SPACING, tallest * CELL_H + (spacing ?? DEFAULT_SPACING) - CELL_H);
    line = [];
    lineWidth = 0;
  };
  const flushIfPending = (): void => {
    if (line.length > 0) flush();
  };

  const commands: PositionedCommand[] = tokenize(bytes);
  for (const c of commands) {
    switch (c.kind) {
      case 'text':
        for (const char of decodeText(c.bytes, table, c.offset)) {
          const w = style.width * CELL_W;
          if (lineWidth + w > dots) flush();
          line.push({ char, ...style });
          lineWidth += w;
        }
        break;
      case 'lf':
        flush();
        break;
      case 'cr':
        break;
      case 'init':
        Object.assign(style, { bold: false, underline: 0, invert: false, width: 1, height: 1 });
        align = 'left';
        table = 0;
        spacing = null;
        line = [];
        lineWidth = 0;
        break;
      case 'cancel-kanji':
        break;
      case 'font':
        if (c.font !== 0) throw new EscPosDecodeError(c.offset, `font ${c.font} is not drawn (only font A)`);
        break;
      case 'codepage':
        table = c.table;
        break;
      case 'bold':
        style.bold = c.on;
        break;
      case 'underline':
        style.underline = Math.min(2, c.thickness);
        break;
      case 'invert':
        style.invert = c.on;
        break;
      case 'size':
        if (c.width > 2 || c.height > 2) throw new EscPosDecodeError(c.offset, `character size ${c.width}×${c.height} is not drawn (1 or 2 only)`);
        style.width = c.width;
        style.height = c.height;
        break;
      case 'align':
        align = c.align;
        break;
      case 'line-spacing':
        spacing = c.dots;
        break;
      case 'feed':
        flushIfPending();
        y += c.lines * (spacing ?? DEFAULT_SPACING);
        break;
      case 'raster': {
        flushIfPending();
        const scaleX = c.mode & 1 ? 2 : 1;
        const scaleY = c.mode & 2 ? 2 : 1;
        const width = c.widthBytes * 8 * scaleX;
        if (width > dots) throw new EscPosDecodeError(c.offset, `image ${width} dots wide does not fit on ${dots} dots`);
        rasters.push({ x: xFor(width), y, widthBytes: c.widthBytes, height: c.height, scaleX, scaleY, data: c.data });
        lines.push(`[image ${width}×${c.height * scaleY}]`);
        visibleSinceCut = true;
        y += c.height * scaleY;
        break;
      }
      case 'cut':
        flushIfPending();
        y += c.feed;
        cutsAt.push(y);
        visibleSinceCut = false;
        break;
      case 'pulse':
        pulses.push({ pin: c.pin, onMs: c.onMs });
        break;
      case 'status-request':
        break;
      case 'unknown':
        throw new EscPosDecodeError(
          c.offset,
          `unknown or incomplete command ${[...c.bytes.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' ')}`,
        );
    }
  }
  flushIfPending();
  // The paper ends at the last cut unless something was printed after it.
  const lastCut = cutsAt[cutsAt.length - 1];
  if (lastCut !== undefined && !visibleSinceCut) y = lastCut;

  const width = dots + 2 * MARGIN_X;
  const height = Math.max(y, CELL_H) + 2 * MARGIN_Y;
  const rgba = renderText(glyphs, cutsAt.filter((at) => at < y), width, height);
  for (const r of rasters) blit(rgba, width, r);
  const png = pngjs.PNG.sync.write(Object.assign(new pngjs.PNG({ width, height }), { data: rgba }));
  return { png, width, height, lines, cuts: cutsAt.length, pulses };
}

/** Text, underlines, inverse backgrounds and cut marks, drawn by resvg with DejaVu Sans Mono. */
function renderText(glyphs: readonly DrawnGlyph[], cuts: readonly number[], width: number, height: number): Buffer {
  const parts: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`];
  parts.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  for (const g of glyphs) {
    const x = MARGIN_X + g.x;
    const top = MARGIN_Y + g.top;
    const w = g.width * CELL_W;
    const h = g.height * CELL_H;
    if (g.invert) parts.push(`<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="#000"/>`);
    if (g.underline > 0) parts.push(`<rect x="${x}" y="${top + h - g.underline}" width="${w}" height="${g.underline}" fill="#000"/>`);
    if (g.char.trim() === '') continue;
    parts.push(
      `<text transform="translate(${x} ${top + BASELINE * g.height}) scale(${g.width} ${g.height})" font-family="DejaVu Sans Mono"` +
        ` font-size="${FONT_SIZE.toFixed(3)}" font-weight="${g.bold ? 'bold' : 'normal'}" fill="${g.invert ? '#fff' : '#000'}">${escapeXml(g.char)}</text>`,
    );
  }
  for (const at of cuts) {
    parts.push(`<line x1="0" y1="${MARGIN_Y + at}" x2="${width}" y2="${MARGIN_Y + at}" stroke="#999" stroke-dasharray="8 6"/>`);
  }
  parts.push('</svg>');
  const fontFiles = FONT_FILES.filter((f) => existsSync(f));
  const rendered = new resvg.Resvg(parts.join(''), {
    font: { fontFiles, loadSystemFonts: fontFiles.length < FONT_FILES.length, defaultFontFamily: 'DejaVu Sans Mono' },
  }).render();
  return Buffer.from(rendered.pixels);
}

/** Paints a raster image's black dots into the RGBA picture. */
function blit(rgba: Buffer, pageWidth: number, r: DrawnRaster): void {
  const widthDots = r.widthBytes * 8;
  for (let row = 0; row < r.height; row++) {
    for (let col = 0; col < widthDots; col++) {
      const byte = r.data[row * r.widthBytes + (col >> 3)]!;
      if ((byte & (0x80 >> (col & 7))) === 0) continue;
      for (let dy = 0; dy < r.scaleY; dy++) {
        for (let dx = 0; dx < r.scaleX; dx++) {
          const px = MARGIN_X + r.x + col * r.scaleX + dx;
          const py = MARGIN_Y + r.y + row * r.scaleY + dy;
          const i = (py * pageWidth + px) * 4;
          rgba[i] = 0;
          rgba[i + 1] = 0;
          rgba[i + 2] = 0;
          rgba[i + 3] = 255;
        }
      }
    }
  }
}
