/**
 * Millionnaire play area (seed 003, 4.3–4.6): Jeu 1, a wheel of six zones with three stars and a
 * « GAIN » box each; Jeu 2, eight ingots with amounts; Jeu 3, three zones Diamant / Saphir weights in
 * grams with a « GAIN » box; Jeu 4, six coins with a symbol and an amount.
 */
import { coating, euros, INK, roundCoating, WIN } from '../parts.js';
import { n, rect, text, type Block } from '../svg.js';
import { star, symbolCaption, symbolGlyph } from '../symbols.js';
import { isCovered, wins, type DrawContext, type MillionnairePlay } from '../types.js';

const GOLD = '#d4af37';
const GOLD_LIGHT = '#f5e3a3';
const PURPLE = '#2a1346';
const CREAM = '#fdf7e6';
const SECTION_HEAD = 34;
const JEU2_H = SECTION_HEAD + 106;
const JEU4_H = SECTION_HEAD + 146;

/** A section: cream box with a purple title strip "JEU 1" and its one-line rule. */
function section(x: number, y: number, w: number, h: number, title: string, rule: string): string {
  return (
    rect(x, y, w, h, `fill="${CREAM}" stroke="${GOLD}" stroke-width="2"`, 14) +
    rect(x, y, w, SECTION_HEAD, `fill="${PURPLE}"`, 14) +
    rect(x, y + SECTION_HEAD / 2, w, SECTION_HEAD / 2, `fill="${PURPLE}"`) +
    text(x + 14, y + 23, title, { size: 17, bold: true, fill: GOLD, spacing: 1.5 }) +
    text(x + w - 12, y + 22, rule, { size: 11.5, fill: '#f1e6ff', anchor: 'end', maxWidth: w - 110 })
  );
}

function winRing(cx: number, cy: number, r: number): string {
  return (
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r + 3)}" fill="none" stroke="${WIN}" stroke-width="5"/>` +
    rect(cx - 39, cy - r - 12, 78, 18, `fill="${WIN}"`, 9) +
    text(cx, cy - r + 1.5, 'GAGNANT', { size: 11, bold: true, fill: '#ffffff', anchor: 'middle', spacing: 0.5 })
  );
}

function veilCircle(cx: number, cy: number, r: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#ffffff" fill-opacity="0.45"/>`;
}

/** The GAIN box: a small label above an amount. */
function gainBox(cx: number, y: number, w: number, cents: number, size = 17): string {
  return (
    rect(cx - w / 2, y, w, 40, `fill="#ffffff" stroke="${GOLD}" stroke-width="1.5"`, 7) +
    text(cx, y + 12, 'GAIN', { size: 9, bold: true, anchor: 'middle', fill: '#7a5c12', spacing: 1 }) +
    text(cx, y + 32, euros(cents), { size, bold: true, anchor: 'middle', fill: PURPLE, maxWidth: w - 10 })
  );
}

/** Jeu 1: six zone discs on a golden wheel, three stars and a GAIN box in each. */
function jeu1(play: MillionnairePlay, x: number, y: number, w: number, h: number, ctx: DrawContext): string {
  let svg = section(x, y, w, h, 'JEU 1', '2 symboles identiques dans une zone : gagnez le GAIN');
  const cx = x + w / 2;
  const cy = y + SECTION_HEAD + (h - SECTION_HEAD) / 2;
  const orbit = 150;
  const zoneR = 70;
  svg += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${orbit + zoneR + 4}" fill="${PURPLE}" stroke="${GOLD}" stroke-width="5"/>`;
  svg += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${orbit}" fill="none" stroke="${GOLD}" stroke-width="2" stroke-dasharray="4 6"/>`;
  const centres = play.jeu1.map((_, i) => {
    const a = (Math.PI / 3) * i - Math.PI / 2;
    return [cx + orbit * Math.cos(a), cy + orbit * Math.sin(a)] as const;
  });
  for (const [zx, zy] of centres) svg += `<path d="M${n(cx)} ${n(cy)}L${n(zx)} ${n(zy)}" stroke="${GOLD}" stroke-width="3"/>`;
  svg += `<circle cx="${n(cx)}" cy="${n(cy)}" r="44" fill="${GOLD}" stroke="#8a6d12" stroke-width="3"/>`;
  svg += text(cx, cy - 2, 'JEU', { size: 13, bold: true, anchor: 'middle', fill: PURPLE, spacing: 1 });
  svg += text(cx, cy + 22, '1', { size: 26, bold: true, anchor: 'middle', fill: PURPLE });
  play.jeu1.forEach((zone, i) => {
    const [zx, zy] = centres[i] ?? [cx, cy];
    const won = wins(ctx, 'jeu1', i);
    if (isCovered(ctx, 'jeu1', i)) {
      svg += roundCoating(zx, zy, zoneR);
      return;
    }
    svg += `<circle cx="${n(zx)}" cy="${n(zy)}" r="${zoneR}" fill="${CREAM}" stroke="${GOLD}" stroke-width="3"/>`;
    const pair = zone.stars.findIndex((s, k) => zone.stars.indexOf(s) !== k);
    const pairSymbol = pair >= 0 ? zone.stars[pair] : undefined;
    zone.stars.forEach((symbol, k) => {
      const sx = zx + (k - 1) * 41;
      const sy = zy - 25;
      const matched = won && symbol === pairSymbol;
      svg += `<polygon transform="translate(${n(sx)} ${n(sy)})" points="${star(21, 11)}" fill="${matched ? '#c9f2d8' : GOLD_LIGHT}" stroke="${matched ? WIN : GOLD}" stroke-width="${matched ? 2.5 : 1.5}" stroke-linejoin="round"/>`;
      svg += symbolGlyph(symbol, sx, sy + 1, 22);
      svg += text(sx, sy + 31, symbolCaption(symbol), { size: 8, bold: true, anchor: 'middle', fill: INK, maxWidth: 39 });
    });
    svg += gainBox(zx, zy + 12, 96, zone.gain, 16);
    if (ctx.showWinning) svg += won ? winRing(zx, zy, zoneR) : veilCircle(zx, zy, zoneR);
  });
  return svg;
}

/** Jeu 3: three rows Diamant (grams) against Saphir (grams) with a GAIN box. */
function jeu3(play: MillionnairePlay, x: number, y: number, w: number, h: number, ctx: DrawContext): string {
  let svg = section(x, y, w, h, 'JEU 3', 'Diamant plus lourd que Saphir : gagnez');
  const rowH = (h - SECTION_HEAD - 16) / 3;
  play.jeu3.forEach((zone, i) => {
    const ry = y + SECTION_HEAD + 8 + i * rowH;
    const rx = x + 10;
    const rw = w - 20;
    const rh = rowH - 8;
    if (isCovered(ctx, 'jeu3', i)) {
      svg += coating(rx, ry, rw, rh, 10);
      return;
    }
    svg += rect(rx, ry, rw, rh, `fill="#ffffff" stroke="#e3cf8c" stroke-width="1.5"`, 10);
    const stone = (label: string, symbol: string, grams: number, cx: number): string =>
      text(cx, ry + 20, label, { size: 10.5, bold: true, anchor: 'middle', fill: '#5b4a8a', spacing: 0.5 }) +
      symbolGlyph(symbol, cx, ry + 48, 38) +
      text(cx, ry + 92, `${grams} g`, { size: 19, bold: true, anchor: 'middle', fill: INK });
    svg += stone('DIAMANT', 'diamond', zone.diamant, rx + 52);
    svg += text(rx + 100, ry + 56, 'contre', { size: 10, anchor: 'middle', fill: '#8a7a55' });
    svg += stone('SAPHIR', 'sapphire', zone.saphir, rx + 148);
    svg += gainBox(rx + rw - 70, ry + rh / 2 - 20, 118, zone.gain, 18);
    if (ctx.showWinning) {
      svg += wins(ctx, 'jeu3', i)
        ? rect(rx - 2, ry - 2, rw + 4, rh + 4, `fill="none" stroke="${WIN}" stroke-width="5"`, 12) +
          rect(rx + rw - 70 - 39, ry - 9, 78, 18, `fill="${WIN}"`, 9) +
          text(rx + rw - 70, ry + 4.5, 'GAGNANT', { size: 11, bold: true, fill: '#ffffff', anchor: 'middle' })
        : rect(rx, ry, rw, rh, 'fill="#ffffff" fill-opacity="0.45"', 10);
    }
  });
  return svg;
}

/** Jeu 2: eight gold ingots, an amount on each. A pair of identical amounts wins that amount. */
function jeu2(play: MillionnairePlay, x: number, y: number, w: number, ctx: DrawContext): string {
  const h = JEU2_H;
  let svg = section(x, y, w, h, 'JEU 2', '2 sommes identiques : gagnez cette somme');
  const gap = 10;
  const iw = (w - 20 - gap * 7) / 8;
  const won = new Set(ctx.showWinning ? ctx.winning.filter((z) => z.surface === 'jeu2').map((z) => z.amount_cents) : []);
  play.jeu2.forEach((amount, i) => {
    const ix = x + 10 + i * (iw + gap);
    const iy = y + SECTION_HEAD + 18;
    const ih = 62;
    svg += `<polygon points="${n(ix)},${n(iy + ih)} ${n(ix + 8)},${n(iy)} ${n(ix + iw - 8)},${n(iy)} ${n(ix + iw)},${n(iy + ih)}" fill="${GOLD}" stroke="#8a6d12" stroke-width="2" stroke-linejoin="round"/>`;
    svg += `<polygon points="${n(ix + 8)},${n(iy)} ${n(ix + iw - 8)},${n(iy)} ${n(ix + iw - 14)},${n(iy + 10)} ${n(ix + 14)},${n(iy + 10)}" fill="${GOLD_LIGHT}"/>`;
    if (isCovered(ctx, 'jeu2', i)) {
      svg += coating(ix + 8, iy + 14, iw - 16, ih - 18, 4);
      return;
    }
    svg += text(ix + iw / 2, iy + 44, euros(amount), { size: 17, bold: true, anchor: 'middle', fill: PURPLE, maxWidth: iw - 8 });
    if (ctx.showWinning) {
      svg +=
        won.has(amount) || wins(ctx, 'jeu2', i)
          ? rect(ix - 4, iy - 6, iw + 8, ih + 12, `fill="none" stroke="${WIN}" stroke-width="4.5"`, 8)
          : rect(ix, iy, iw, ih, 'fill="#ffffff" fill-opacity="0.45"', 4);
    }
  });
  if (ctx.showWinning && won.size > 0) {
    svg += text(x + w / 2, y + h - 9, 'PAIRE GAGNANTE', { size: 10, bold: true, anchor: 'middle', fill: WIN, spacing: 1 });
  }
  return svg;
}

/** Jeu 4: six coins, each with a symbol and an amount; a « sac » wins its amount. */
function jeu4(play: MillionnairePlay, x: number, y: number, w: number, ctx: DrawContext): string {
  const h = JEU4_H;
  let svg = section(x, y, w, h, 'JEU 4', 'Un SAC : gagnez la somme indiquée');
  const step = (w - 20) / 6;
  const r = 60;
  play.jeu4.forEach((coin, i) => {
    const cx = x + 10 + step * (i + 0.5);
    const cy = y + SECTION_HEAD + 12 + r;
    if (isCovered(ctx, 'jeu4', i)) {
      svg += roundCoating(cx, cy, r);
      return;
    }
    svg += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${r}" fill="${GOLD}" stroke="#8a6d12" stroke-width="3"/>`;
    svg += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${r - 7}" fill="${GOLD_LIGHT}" stroke="#b8941f" stroke-width="1.5"/>`;
    svg += symbolGlyph(coin.symbol, cx, cy - 22, 34);
    svg += text(cx, cy + 7, symbolCaption(coin.symbol), { size: 9, bold: true, anchor: 'middle', fill: '#5c4409', maxWidth: 80 });
    svg += text(cx, cy + 32, euros(coin.amount), { size: 18, bold: true, anchor: 'middle', fill: PURPLE, maxWidth: 88 });
    if (ctx.showWinning) svg += wins(ctx, 'jeu4', i) ? winRing(cx, cy, r) : veilCircle(cx, cy, r);
  });
  return svg;
}

/** The four surfaces: the Jeu 1 wheel beside Jeu 3, then Jeu 2's ingots, then Jeu 4's coins. */
export function drawMillionnaire(play: MillionnairePlay, width: number, ctx: DrawContext): Block {
  const gap = 14;
  const top = 12;
  const wheelW = 486;
  const rowH = SECTION_HEAD + 470;
  let svg = jeu1(play, 0, top, wheelW, rowH, ctx);
  svg += jeu3(play, wheelW + gap, top, width - wheelW - gap, rowH, ctx);
  const y2 = top + rowH + gap;
  svg += jeu2(play, 0, y2, width, ctx);
  const y4 = y2 + JEU2_H + gap;
  svg += jeu4(play, 0, y4, width, ctx);
  return { width, height: y4 + JEU4_H + 4, svg };
}
