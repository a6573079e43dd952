/**
 * 2013 Année de la chance play area (seed 002, 4.2–4.3): the twelve months around a wheel, each with
 * two symbols and its « Gain » box, and the « Bonus » clover in the middle with its number and amount.
 * Paper ticket: every amount in figures and in French words.
 */
import { euroAmountInWords } from '../../games/french-words.js';
import { MONTH_NAMES } from '../../games/months/calendar.js';
import { band, euros, loseVeil, monthColour, symbolToken, winFrame } from '../parts.js';
import { n, rect, text, wrapWords, type Block } from '../svg.js';
import { wins, type AnneePlay, type DrawContext } from '../types.js';

const GAP = 10;
const CELL_H = 182;
const GREEN = '#1f7a3a';
const GREEN_DARK = '#14532a';

/** Grid cells of the ring, clockwise from the top-left corner: January … December. */
const RING: readonly (readonly [col: number, row: number])[] = [
  [0, 0], [1, 0], [2, 0], [3, 0],
  [3, 1], [3, 2], [3, 3],
  [2, 3], [1, 3], [0, 3],
  [0, 2], [0, 1],
];

/** The amount in figures (large) with its French words beneath on one or two lines. */
function amountBox(cents: number, x: number, y: number, w: number, h: number, figureSize: number): string {
  let svg = rect(x, y, w, h, `fill="#ffffff" stroke="#b9d8bf" stroke-width="1.5"`, 8);
  svg += text(x + w / 2, y + figureSize + 4, euros(cents), { size: figureSize, bold: true, anchor: 'middle', fill: GREEN_DARK, maxWidth: w - 16 });
  const words = euroAmountInWords(cents);
  const lines = words.length > 24 ? wrapWords(words, 22) : [words];
  lines.forEach((line, k) => {
    svg += text(x + w / 2, y + figureSize + 20 + k * 12, line, { size: 10, bold: true, anchor: 'middle', fill: '#3b3b3b', maxWidth: w - 12 });
  });
  return svg;
}

function monthCell(play: AnneePlay, i: number, x: number, y: number, w: number, ctx: DrawContext): string {
  const month = play.months[i];
  if (!month) return '';
  const colour = monthColour(i);
  let svg = rect(x, y, w, CELL_H, `fill="#f4fbf3" stroke="${colour}" stroke-width="2"`, 12);
  svg += band(x, y, w, 28, colour, (MONTH_NAMES[i] ?? '').toUpperCase(), 12);
  svg += symbolToken(month.symbols[0], x + w * 0.29, y + 64, 40);
  svg += symbolToken(month.symbols[1], x + w * 0.71, y + 64, 40);
  svg += text(x + 12, y + 114, 'GAIN', { size: 10, bold: true, fill: GREEN, spacing: 1 });
  svg += amountBox(month.gain, x + 8, y + 118, w - 16, 56, 20);
  if (ctx.showWinning) svg += wins(ctx, 'months', i) ? winFrame(x, y, w, CELL_H, 12) : loseVeil(x, y, w, CELL_H, 12);
  return svg;
}

/** A four-leaf clover of radius `r` centred on (cx, cy). */
function clover(cx: number, cy: number, r: number): string {
  const leaf = r * 0.52;
  const off = r * 0.47;
  const leaves = [
    [0, -off],
    [off, 0],
    [0, off],
    [-off, 0],
  ]
    .map(([dx, dy]) => `<circle cx="${n(cx + (dx ?? 0))}" cy="${n(cy + (dy ?? 0))}" r="${n(leaf)}" fill="#3fa34d" stroke="${GREEN_DARK}" stroke-width="2.5"/>`)
    .join('');
  const stem = `<path d="M${n(cx + r * 0.2)} ${n(cy + r * 0.3)} Q${n(cx + r * 0.55)} ${n(cy + r * 0.8)} ${n(cx + r * 0.95)} ${n(cy + r * 0.95)}" stroke="${GREEN_DARK}" stroke-width="7" fill="none" stroke-linecap="round"/>`;
  return stem + leaves + `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.42)}" fill="#4db85c"/>`;
}

function bonus(play: AnneePlay, x: number, y: number, w: number, h: number, ctx: DrawContext): string {
  let svg = rect(x, y, w, h, `fill="#e7f5e4" stroke="${GREEN}" stroke-width="2"`, 16);
  const cx = x + w / 2;
  const cy = y + 118;
  svg += clover(cx, cy, 100);
  svg += text(cx, cy - 56, 'BONUS', { size: 19, bold: true, anchor: 'middle', fill: '#ffffff', spacing: 2 });
  svg += `<circle cx="${n(cx)}" cy="${n(cy + 8)}" r="40" fill="#ffffff" stroke="${GREEN_DARK}" stroke-width="3"/>`;
  svg += text(cx, cy + 26, String(play.bonus.number), { size: 50, bold: true, anchor: 'middle', fill: GREEN_DARK });
  svg += text(cx, y + h - 92, 'Trouvez le 13, gagnez la somme :', { size: 13, bold: true, anchor: 'middle', fill: GREEN_DARK });
  svg += amountBox(play.bonus.amount, x + 40, y + h - 82, w - 80, 62, 26);
  if (ctx.showWinning) svg += wins(ctx, 'bonus', 0) ? winFrame(x, y, w, h, 16) : loseVeil(x, y, w, h, 16);
  return svg;
}

/** The ring of twelve months (4 × 4 grid border) around the bonus clover. */
export function drawAnneeChance2013(play: AnneePlay, width: number, ctx: DrawContext): Block {
  const cellW = (width - 3 * GAP) / 4;
  const top = 10;
  let svg = '';
  RING.forEach(([col, row], i) => {
    svg += monthCell(play, i, col * (cellW + GAP), top + row * (CELL_H + GAP), cellW, ctx);
  });
  svg += bonus(play, cellW + GAP, top + CELL_H + GAP, 2 * cellW + GAP, 2 * CELL_H + GAP, ctx);
  return { width, height: top + 4 * CELL_H + 3 * GAP + 4, svg };
}
