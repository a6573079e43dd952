/** Pieces shared by the play-area drawings: amounts, symbol tokens, winning frames, month colours. */
import { formatEuros } from '../games/money.js';
import { n, rect, text } from './svg.js';
import { symbolCaption, symbolGlyph } from './symbols.js';

export const WIN = '#12a150';
export const INK = '#1a1a1a';

/** An amount in figures, French style, as printed on tickets: "40 000 €" (cents only when not whole). */
export function euros(cents: number): string {
  return formatEuros(cents, { locale: 'fr', cents: cents % 100 !== 0 });
}

/** A symbol drawing centred on (cx, cy) with its French caption beneath. */
export function symbolToken(name: string, cx: number, cy: number, size: number, captionFill = INK): string {
  return (
    symbolGlyph(name, cx, cy, size) +
    text(cx, cy + size / 2 + 12, symbolCaption(name), {
      size: 9.5,
      bold: true,
      anchor: 'middle',
      fill: captionFill,
      maxWidth: size * 1.9,
    })
  );
}

/** A thick green outline with a "GAGNANT" tab at its top, drawn over a winning zone. */
export function winFrame(x: number, y: number, w: number, h: number, r = 10, label = 'GAGNANT'): string {
  const tabW = 78;
  return (
    rect(x - 3, y - 3, w + 6, h + 6, `fill="none" stroke="${WIN}" stroke-width="5"`, r + 3) +
    rect(x + w / 2 - tabW / 2, y - 11, tabW, 18, `fill="${WIN}"`, 9) +
    text(x + w / 2, y + 2.5, label, { size: 11, bold: true, fill: '#ffffff', anchor: 'middle', spacing: 0.5 })
  );
}

/** A faint veil over a losing zone so the winning ones stand out; the zone stays readable. */
export function loseVeil(x: number, y: number, w: number, h: number, r = 10): string {
  return rect(x, y, w, h, 'fill="#ffffff" fill-opacity="0.45"', r);
}

/** A colour per month, by season, January first (winter blues, spring greens, summer suns, autumn reds). */
export const MONTH_COLOURS = [
  '#2f6fb3', '#3d82c4', '#3f9b5a', '#4caf50', '#7cb342', '#f2a21b',
  '#ef8a17', '#e8701a', '#c2542d', '#a8432a', '#7d5a8c', '#24508c',
] as const;

/** Colour of month `index` (0 = January). */
export function monthColour(index: number): string {
  return MONTH_COLOURS[index % MONTH_COLOURS.length] as string;
}

/** A horizontal band with a label in it, e.g. a month name on top of its card. */
export function band(x: number, y: number, w: number, h: number, fill: string, label: string, r = 10): string {
  // Rounded top corners only: a rounded rect, then a square one covering its bottom half.
  return (
    rect(x, y, w, h, `fill="${fill}"`, r) +
    rect(x, y + h / 2, w, h / 2, `fill="${fill}"`) +
    text(x + w / 2, y + h / 2 + 5.5, label, { size: 15, bold: true, fill: '#ffffff', anchor: 'middle', spacing: 1, maxWidth: w - 12 })
  );
}

/** A zone not revealed yet: a silver coating with a question mark, the same for every unit (it draws no data). */
export function coating(x: number, y: number, w: number, h: number, r = 10): string {
  return (
    rect(x, y, w, h, 'fill="#c3c8cf" stroke="#8d9299" stroke-width="2"', r) +
    rect(x + 5, y + 5, w - 10, h - 10, 'fill="none" stroke="#e4e7eb" stroke-width="1.5" stroke-dasharray="6 5"', Math.max(0, r - 4)) +
    text(x + w / 2, y + h / 2 + Math.min(h, w) * 0.16, '?', { size: Math.min(h, w) * 0.45, bold: true, anchor: 'middle', fill: '#5f656e' })
  );
}

/** A round zone not revealed yet (a coin, a disc): the same coating, round. */
export function roundCoating(cx: number, cy: number, r: number): string {
  return (
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#c3c8cf" stroke="#8d9299" stroke-width="2"/>` +
    text(cx, cy + r * 0.32, '?', { size: r * 0.9, bold: true, anchor: 'middle', fill: '#5f656e' })
  );
}
