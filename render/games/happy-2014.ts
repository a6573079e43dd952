/**
 * Happy 2014 play area (seed 000, 4.2–4.4): twelve characters, each carrying a month, with two symbols
 * and an amount in figures under each; then the « Bonus » box with its amount.
 */
import { MONTH_NAMES } from '../../games/months/calendar.js';
import { band, coating, euros, loseVeil, monthColour, symbolToken, winFrame } from '../parts.js';
import { rect, text, type Block } from '../svg.js';
import { isCovered, wins, type DrawContext, type HappyPlay } from '../types.js';

const COLS = 4;
const GAP = 12;
const CARD_H = 168;
const BONUS_H = 84;

/** A month card: the month on a coloured band, the two symbols and the amount. */
function monthCard(play: HappyPlay, i: number, x: number, y: number, w: number, ctx: DrawContext): string {
  const month = play.months[i];
  if (!month) return '';
  const colour = monthColour(i);
  const won = wins(ctx, 'months', i);
  let svg = rect(x, y, w, CARD_H, `fill="#fffaf0" stroke="${colour}" stroke-width="2"`, 12);
  svg += band(x, y, w, 30, colour, (MONTH_NAMES[i] ?? '').toUpperCase(), 12);
  if (isCovered(ctx, 'months', i)) return svg + coating(x + 10, y + 40, w - 20, CARD_H - 50, 8);
  const cy = y + 72;
  svg += symbolToken(month.symbols[0], x + w * 0.29, cy, 42);
  svg += symbolToken(month.symbols[1], x + w * 0.71, cy, 42);
  svg += rect(x + 14, y + CARD_H - 44, w - 28, 32, `fill="#ffffff" stroke="#d9c9a3" stroke-width="1.5"`, 8);
  svg += text(x + w / 2, y + CARD_H - 21, euros(month.amount), { size: 20, bold: true, anchor: 'middle', fill: '#1b2a5c', maxWidth: w - 40 });
  if (ctx.showWinning) svg += won ? winFrame(x, y, w, CARD_H, 12) : loseVeil(x, y, w, CARD_H, 12);
  return svg;
}

/** The twelve months in four columns, January top left, then the bonus box across the width. */
export function drawHappy2014(play: HappyPlay, width: number, ctx: DrawContext): Block {
  const cardW = (width - GAP * (COLS - 1)) / COLS;
  let svg = '';
  for (let i = 0; i < 12; i++) {
    const x = (i % COLS) * (cardW + GAP);
    const y = Math.floor(i / COLS) * (CARD_H + GAP) + 10;
    svg += monthCard(play, i, x, y, cardW, ctx);
  }
  const by = 3 * (CARD_H + GAP) + 18;
  svg += rect(0, by, width, BONUS_H, `fill="#f2c230" stroke="#b8860b" stroke-width="2"`, 14);
  svg += rect(10, by + 10, 190, BONUS_H - 20, `fill="#1b2a5c"`, 10);
  svg += text(105, by + BONUS_H / 2 + 10, 'BONUS', { size: 28, bold: true, fill: '#f2c230', anchor: 'middle', spacing: 3 });
  svg += text(220, by + BONUS_H / 2 + 6, 'Somme découverte :', { size: 16, fill: '#1b2a5c' });
  if (isCovered(ctx, 'bonus', 0)) svg += coating(width - 260, by + 12, 248, BONUS_H - 24, 10);
  else {
    svg += rect(width - 260, by + 12, 248, BONUS_H - 24, `fill="#ffffff" stroke="#b8860b" stroke-width="1.5"`, 10);
    svg += text(width - 136, by + BONUS_H / 2 + 10, euros(play.bonus), { size: 30, bold: true, anchor: 'middle', fill: '#1b2a5c' });
  }
  if (ctx.showWinning) svg += wins(ctx, 'bonus', 0) ? winFrame(0, by, width, BONUS_H, 14) : loseVeil(0, by, width, BONUS_H, 14);
  return { width, height: by + BONUS_H + 4, svg };
}
