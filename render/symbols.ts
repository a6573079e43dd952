/**
 * Drawings of the games' symbols, each in a 40 × 40 box centred on (0, 0), with a French caption.
 * Symbols are the games' own lowercase names; a name without a drawing gets a coloured medallion with
 * its initials, so any symbol set stays readable and two different symbols never look alike.
 */
import { esc, FONT_SANS, n } from './svg.js';

const GOLD = '#e3b23c';
const GOLD_DARK = '#9c7416';

function gem(fill: string, dark: string): string {
  return (
    `<polygon points="-16,-6 -9,-15 9,-15 16,-6 0,17" fill="${fill}" stroke="${dark}" stroke-width="1.5" stroke-linejoin="round"/>` +
    `<polyline points="-16,-6 16,-6" stroke="${dark}" stroke-width="1.2" fill="none"/>` +
    `<polyline points="-9,-15 -5,-6 0,17 5,-6 9,-15" stroke="${dark}" stroke-width="1" fill="none" opacity="0.7"/>` +
    `<polygon points="-9,-13 -4,-13 -7,-8" fill="#ffffff" opacity="0.6"/>`
  );
}

function starPoints(outer: number, inner: number, points = 5): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    out.push(`${n(r * Math.cos(a))},${n(r * Math.sin(a))}`);
  }
  return out.join(' ');
}

/** Points of a five-pointed star of the given outer radius, centred on (0, 0). */
export function star(outer: number, inner = outer * 0.45): string {
  return starPoints(outer, inner);
}

function rays(count: number, r1: number, r2: number, stroke: string, width: number): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const a = (2 * Math.PI * i) / count;
    d += `M${n(r1 * Math.cos(a))} ${n(r1 * Math.sin(a))}L${n(r2 * Math.cos(a))} ${n(r2 * Math.sin(a))}`;
  }
  return `<path d="${d}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"/>`;
}

const DRAWINGS: Record<string, string> = {
  sun: rays(12, 12, 19, '#f29a1d', 3) + `<circle r="10" fill="#ffcc29" stroke="#f29a1d" stroke-width="2"/>`,
  moon: `<path d="M4.73 -16.33 A17 17 0 1 0 13.58 10.23 A14 14 0 1 1 4.73 -16.33 Z" fill="#f6d743" stroke="#b79b1c" stroke-width="1.5"/>`,
  star: `<polygon points="${star(18)}" fill="#ffd23f" stroke="#c7950c" stroke-width="1.5" stroke-linejoin="round"/>`,
  heart: `<path d="M0 16 C-22 2 -16 -16 -6 -15 C-2 -15 0 -11 0 -9 C0 -11 2 -15 6 -15 C16 -16 22 2 0 16 Z" fill="#e2344a" stroke="#a11d30" stroke-width="1.5"/>`,
  clover:
    `<path d="M0 4 Q4 12 10 18" stroke="#2b7a33" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    [
      [0, -9],
      [9, 0],
      [0, 9],
      [-9, 0],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="8" fill="#3fa34d" stroke="#22672b" stroke-width="1.2"/>`)
      .join('') +
    `<circle r="3" fill="#22672b"/>`,
  horseshoe:
    `<path d="M-12 15 L-12 -2 A12 12 0 0 1 12 -2 L12 15" fill="none" stroke="#8a6a45" stroke-width="7" stroke-linecap="square"/>` +
    [-12, 12].map((x) => `<circle cx="${x}" cy="6" r="1.5" fill="#f4e7d0"/><circle cx="${x}" cy="-3" r="1.5" fill="#f4e7d0"/>`).join(''),
  diamond: gem('#8fe3f5', '#2a8aa6'),
  ruby: gem('#e0304f', '#8e1228'),
  emerald: gem('#2fbf71', '#16693c'),
  sapphire: gem('#3b6fe0', '#1b3a8a'),
  pearl: `<circle r="14" fill="#f6f1ea" stroke="#b9ad9b" stroke-width="1.5"/><circle cx="-5" cy="-5" r="4" fill="#ffffff"/>`,
  gold: `<polygon points="-17,12 -10,-8 10,-8 17,12" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1.5" stroke-linejoin="round"/><polygon points="-10,-8 10,-8 6,-3 -6,-3" fill="#f7da7a"/>`,
  silver: `<polygon points="-17,12 -10,-8 10,-8 17,12" fill="#c9ced6" stroke="#7d8591" stroke-width="1.5" stroke-linejoin="round"/><polygon points="-10,-8 10,-8 6,-3 -6,-3" fill="#eef0f3"/>`,
  bell: `<path d="M0 -16 C-10 -16 -12 -6 -12 2 L-16 10 L16 10 L12 2 C12 -6 10 -16 0 -16 Z" fill="#f0c02f" stroke="#a9820f" stroke-width="1.5"/><circle cy="13" r="3.5" fill="#a9820f"/>`,
  cherry:
    `<path d="M-7 6 Q-4 -8 6 -16 M7 6 Q6 -6 6 -16" stroke="#3c7a2a" stroke-width="2" fill="none"/>` +
    `<circle cx="-8" cy="9" r="7" fill="#d3203a"/><circle cx="8" cy="9" r="7" fill="#b0172d"/>`,
  gift:
    `<rect x="-15" y="-6" width="30" height="21" fill="#e2344a" stroke="#9d1b2d" stroke-width="1.5"/>` +
    `<rect x="-17" y="-11" width="34" height="7" fill="#f05468" stroke="#9d1b2d" stroke-width="1.5"/>` +
    `<rect x="-3" y="-11" width="6" height="26" fill="#ffd23f"/>` +
    `<path d="M0 -11 C-8 -20 -14 -14 -6 -11 M0 -11 C8 -20 14 -14 6 -11" stroke="#ffd23f" stroke-width="2.5" fill="none"/>`,
  crown: `<polygon points="-17,12 -17,-10 -8,0 0,-15 8,0 17,-10 17,12" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1.5" stroke-linejoin="round"/><circle cy="5" r="3" fill="#e0304f"/>`,
  sac:
    `<path d="M-6 -11 L-10 -17 L10 -17 L6 -11 C16 -5 18 16 0 16 C-18 16 -16 -5 -6 -11 Z" fill="#c9a267" stroke="#7a5a2a" stroke-width="1.5" stroke-linejoin="round"/>` +
    `<path d="M-7 -11 L7 -11" stroke="#7a5a2a" stroke-width="2.5"/>` +
    `<text y="10" font-family="${FONT_SANS}" font-size="15" font-weight="bold" text-anchor="middle" fill="#5a3d12">€</text>`,
  coin: `<circle r="16" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="2"/><circle r="11" fill="none" stroke="${GOLD_DARK}" stroke-width="1"/><text y="6" font-family="${FONT_SANS}" font-size="15" font-weight="bold" text-anchor="middle" fill="${GOLD_DARK}">€</text>`,
  key: `<circle cx="-8" r="8" fill="none" stroke="#c7950c" stroke-width="4"/><path d="M0 0 L17 0 M12 0 L12 7 M17 0 L17 6" stroke="#c7950c" stroke-width="4" fill="none"/>`,
  snowflake: rays(6, 0, 17, '#4aa3df', 3) + rays(6, 9, 13, '#bfe3fa', 5),
  rainbow: ['#e2344a', '#f29a1d', '#ffd23f', '#3fa34d', '#3b6fe0']
    .map((c, i) => `<path d="M${-17 + i * 3} 10 A${17 - i * 3} ${17 - i * 3} 0 0 1 ${17 - i * 3} 10" stroke="${c}" stroke-width="3" fill="none"/>`)
    .join(''),
  ladybug:
    `<circle r="15" fill="#e0304f" stroke="#1a1a1a" stroke-width="1.5"/><path d="M0 -15 L0 15" stroke="#1a1a1a" stroke-width="2"/>` +
    `<circle cy="-13" r="6" fill="#1a1a1a"/><circle cx="-7" cy="0" r="3" fill="#1a1a1a"/><circle cx="7" cy="0" r="3" fill="#1a1a1a"/><circle cx="-6" cy="8" r="2.5" fill="#1a1a1a"/><circle cx="6" cy="8" r="2.5" fill="#1a1a1a"/>`,
  champagne:
    `<path d="M-8 -16 L8 -16 L6 -2 C4 4 -4 4 -6 -2 Z" fill="#f7e08a" stroke="#9c7416" stroke-width="1.5"/>` +
    `<path d="M0 3 L0 13 M-7 15 L7 15" stroke="#9c7416" stroke-width="2.5" stroke-linecap="round"/>`,
  firework: rays(10, 5, 18, '#e2344a', 2.5) + rays(10, 3, 10, '#ffd23f', 2.5),
  balloon: `<ellipse cy="-4" rx="11" ry="13" fill="#3b6fe0" stroke="#1b3a8a" stroke-width="1.5"/><path d="M0 9 Q4 13 -2 18" stroke="#555" stroke-width="1.5" fill="none"/>`,
  seven: `<text y="13" font-family="${FONT_SANS}" font-size="36" font-weight="bold" text-anchor="middle" fill="#e2344a" stroke="#8e1228" stroke-width="1">7</text>`,
  cake:
    `<rect x="-15" y="-2" width="30" height="16" rx="3" fill="#f5c6d6" stroke="#b0577a" stroke-width="1.5"/>` +
    `<path d="M-15 4 Q-10 8 -5 4 Q0 8 5 4 Q10 8 15 4" stroke="#ffffff" stroke-width="2.5" fill="none"/>` +
    `<rect x="-1.5" y="-13" width="3" height="11" fill="#3b6fe0"/><path d="M0 -19 Q3 -15 0 -13 Q-3 -15 0 -19 Z" fill="#f29a1d"/>`,
  clock: `<circle r="16" fill="#ffffff" stroke="#1b2a5c" stroke-width="3"/><path d="M0 0 L0 -11 M0 0 L8 4" stroke="#1b2a5c" stroke-width="2.5" stroke-linecap="round"/>`,
  flower:
    [0, 72, 144, 216, 288]
      .map((a) => `<ellipse cx="0" cy="-9" rx="6" ry="9" fill="#f07aa6" transform="rotate(${a})"/>`)
      .join('') + `<circle r="5" fill="#ffd23f"/>`,
  jade: `<ellipse rx="15" ry="12" fill="#3fae7a" stroke="#1c6b45" stroke-width="1.5"/><ellipse cx="-5" cy="-5" rx="5" ry="3" fill="#b9f0d3" opacity="0.8"/>`,
  onyx: `<ellipse rx="12" ry="16" fill="#26262b" stroke="#000000" stroke-width="1.5"/><ellipse cx="-4" cy="-7" rx="3.5" ry="5" fill="#8a8a96" opacity="0.8"/>`,
  opal:
    `<ellipse rx="16" ry="12" fill="#f3eef7" stroke="#9b8fb0" stroke-width="1.5"/>` +
    `<circle cx="-6" cy="-2" r="3" fill="#7fd3e6"/><circle cx="4" cy="-4" r="2.5" fill="#f7a3c4"/><circle cx="5" cy="5" r="3" fill="#a8e08a"/><circle cx="-3" cy="6" r="2" fill="#f6d46b"/>`,
  topaz:
    `<polygon points="-7,-16 7,-16 16,-7 16,7 7,16 -7,16 -16,7 -16,-7" fill="#6cc6f0" stroke="#2a7fa8" stroke-width="1.5" stroke-linejoin="round"/>` +
    `<polygon points="-4,-9 4,-9 9,-4 9,4 4,9 -4,9 -9,4 -9,-4" fill="#a9e2fa" stroke="#2a7fa8" stroke-width="1"/>`,
  amber: `<path d="M0 -17 C8 -6 14 2 14 7 A14 11 0 0 1 -14 7 C-14 2 -8 -6 0 -17 Z" fill="#f0901e" stroke="#a3560a" stroke-width="1.5"/><ellipse cx="-5" cy="4" rx="3" ry="5" fill="#ffd08a" opacity="0.8"/>`,
  note:
    `<ellipse cx="-7" cy="11" rx="7" ry="5.5" fill="#7b4bd1" transform="rotate(-20 -7 11)"/>` +
    `<ellipse cx="11" cy="7" rx="7" ry="5.5" fill="#7b4bd1" transform="rotate(-20 11 7)"/>` +
    `<path d="M-1 10 L-1 -14 L17 -18 L17 6" stroke="#7b4bd1" stroke-width="3" fill="none"/><path d="M-1 -14 L17 -18 L17 -12 L-1 -8 Z" fill="#7b4bd1"/>`,
  dice:
    `<rect x="-15" y="-15" width="30" height="30" rx="6" fill="#ffffff" stroke="#1a1a1a" stroke-width="2"/>` +
    [[-8, -8], [8, -8], [0, 0], [-8, 8], [8, 8]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="#d3203a"/>`).join(''),
  acorn:
    `<path d="M-12 -2 Q-12 16 0 18 Q12 16 12 -2 Z" fill="#c98a3e" stroke="#7a4f1d" stroke-width="1.5"/>` +
    `<path d="M-15 -2 Q-14 -14 0 -14 Q14 -14 15 -2 Z" fill="#7a5230" stroke="#4f3216" stroke-width="1.5"/>` +
    `<path d="M0 -14 Q1 -19 4 -20" stroke="#4f3216" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
  anchor:
    `<circle cy="-13" r="4" fill="none" stroke="#2c4f7c" stroke-width="3"/>` +
    `<path d="M0 -9 L0 16 M-8 -4 L8 -4 M-15 5 Q-13 15 0 16 Q13 15 15 5" stroke="#2c4f7c" stroke-width="3.5" fill="none" stroke-linecap="round"/>`,
};

/** French drawings share the English ones: `trefle` is drawn like `clover`. */
const ALIASES: Record<string, string> = {
  soleil: 'sun', lune: 'moon', etoile: 'star', coeur: 'heart', trefle: 'clover', fer: 'horseshoe',
  diamant: 'diamond', rubis: 'ruby', emeraude: 'emerald', saphir: 'sapphire', perle: 'pearl', or: 'gold',
  argent: 'silver', cloche: 'bell', cerise: 'cherry', cadeau: 'gift', couronne: 'crown', piece: 'coin',
  cle: 'key', flocon: 'snowflake', coccinelle: 'ladybug', feu: 'firework', ballon: 'balloon',
  gateau: 'cake', horloge: 'clock', fleur: 'flower', bag: 'sac', money: 'sac', '7': 'seven', de: 'dice', gland: 'acorn', ancre: 'anchor',
};

/** Captions printed under symbols, in French as on the ticket. */
const CAPTIONS: Record<string, string> = {
  sun: 'SOLEIL', moon: 'LUNE', star: 'ÉTOILE', heart: 'CŒUR', clover: 'TRÈFLE', horseshoe: 'FER',
  diamond: 'DIAMANT', ruby: 'RUBIS', emerald: 'ÉMERAUDE', sapphire: 'SAPHIR', pearl: 'PERLE', gold: 'OR',
  silver: 'ARGENT', bell: 'CLOCHE', cherry: 'CERISE', gift: 'CADEAU', crown: 'COURONNE', sac: 'SAC',
  coin: 'PIÈCE', key: 'CLÉ', snowflake: 'FLOCON', rainbow: 'ARC-EN-CIEL', ladybug: 'COCCINELLE',
  champagne: 'CHAMPAGNE', firework: 'FEU D’ARTIFICE', balloon: 'BALLON', seven: 'SEPT', cake: 'GÂTEAU',
  clock: 'HORLOGE', flower: 'FLEUR', jade: 'JADE', onyx: 'ONYX', opal: 'OPALE', topaz: 'TOPAZE',
  amber: 'AMBRE', anchor: 'ANCRE', note: 'NOTE', dice: 'DÉ', acorn: 'GLAND',
};

const FALLBACK_COLOURS = ['#7b4bd1', '#d1584b', '#2f9e8f', '#c7731c', '#3d6fd1', '#b8408a', '#5f8f2a', '#8a5a3c'];

function canonical(name: string): string {
  const plain = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return ALIASES[plain] ?? plain;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

function fallback(name: string): string {
  const colour = FALLBACK_COLOURS[hash(name) % FALLBACK_COLOURS.length] as string;
  const initials = name.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 2).toUpperCase() || '?';
  return (
    `<circle r="16" fill="${colour}" stroke="#1a1a1a" stroke-opacity="0.35" stroke-width="1.5"/>` +
    `<text y="6" font-family="${FONT_SANS}" font-size="${initials.length > 1 ? 15 : 18}" font-weight="bold" text-anchor="middle" fill="#ffffff">${esc(initials)}</text>`
  );
}

/** True when `name` has its own drawing (not the initials medallion). */
export function hasDrawing(name: string): boolean {
  return Boolean(DRAWINGS[canonical(name)]);
}

/** The French caption of a symbol ("TRÈFLE"), or the name in capitals when it has none. */
export function symbolCaption(name: string): string {
  return CAPTIONS[canonical(name)] ?? name.toUpperCase();
}

/** A symbol drawing centred on (cx, cy), `size` px across. */
export function symbolGlyph(name: string, cx: number, cy: number, size: number): string {
  const drawing = DRAWINGS[canonical(name)] || fallback(name);
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${n(size / 40)})">${drawing}</g>`;
}
