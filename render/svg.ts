/** Small helpers to write SVG text by hand: escaping, text with a width budget, placed blocks. */

/** A drawn piece in its own coordinates, from (0, 0) to (width, height). */
export interface Block {
  readonly width: number;
  readonly height: number;
  readonly svg: string;
}

export const FONT_SANS = 'DejaVu Sans';
export const FONT_MONO = 'DejaVu Sans Mono';

/** Escapes text for SVG character data and attribute values. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Number written compactly for attributes (no float noise). */
export function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * Approximate advance width of `text` in DejaVu Sans at `size` px; good enough to keep labels inside
 * their boxes (capitals and digits are wider than lower case, spaces narrower).
 */
export function textWidth(text: string, size: number, bold = false): number {
  let em = 0;
  for (const ch of text) {
    if (ch === ' ' || ch === '\u00a0') em += 0.32;
    else if (/[0-9]/.test(ch)) em += 0.64;
    else if (/[MWÆŒ]/.test(ch)) em += 0.88;
    else if (/[A-ZÀ-Ý]/.test(ch)) em += 0.72;
    else if (/[ijlI'.,:;!|]/.test(ch)) em += 0.3;
    else if (/[mw]/.test(ch)) em += 0.9;
    else if (ch === '€') em += 0.64;
    else em += 0.58;
  }
  return em * size * (bold ? 1.1 : 1);
}

/** The largest size ≤ `size` (and ≥ 60 % of it) at which `text` fits `maxWidth`. */
export function fitSize(text: string, size: number, maxWidth: number, bold = false): number {
  const w = textWidth(text, size, bold);
  if (w <= maxWidth) return size;
  return Math.max(size * 0.6, (size * maxWidth) / w);
}

export interface TextStyle {
  readonly size: number;
  readonly fill?: string;
  readonly bold?: boolean;
  readonly anchor?: 'start' | 'middle' | 'end';
  readonly mono?: boolean;
  /** Shrinks the font so that the text fits this width. */
  readonly maxWidth?: number;
  readonly spacing?: number;
  readonly opacity?: number;
}

/** A single line of text whose baseline is at `y`. */
export function text(x: number, y: number, content: string, style: TextStyle): string {
  const bold = style.bold ?? false;
  const size = style.maxWidth === undefined ? style.size : fitSize(content, style.size, style.maxWidth, bold);
  const attrs = [
    `x="${n(x)}"`,
    `y="${n(y)}"`,
    `font-family="${style.mono ? FONT_MONO : FONT_SANS}"`,
    `font-size="${n(size)}"`,
    bold ? 'font-weight="bold"' : '',
    `fill="${style.fill ?? '#1a1a1a'}"`,
    `text-anchor="${style.anchor ?? 'start'}"`,
    style.spacing ? `letter-spacing="${n(style.spacing)}"` : '',
    style.opacity !== undefined ? `opacity="${n(style.opacity)}"` : '',
  ].filter(Boolean);
  return `<text ${attrs.join(' ')}>${esc(content)}</text>`;
}

/** Places a block with its top-left corner at (x, y). */
export function place(block: Block, x: number, y: number): string {
  return `<g transform="translate(${n(x)} ${n(y)})">${block.svg}</g>`;
}

/** A rounded rectangle. */
export function rect(x: number, y: number, w: number, h: number, attrs: string, r = 0): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${r ? ` rx="${n(r)}"` : ''} ${attrs}/>`;
}

/** Splits words into at most `maxLines` lines of about `maxChars` characters. */
export function wrapWords(content: string, maxChars: number, maxLines = 2): string[] {
  const words = content.split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && (line + ' ' + word).length > maxChars && lines.length < maxLines - 1) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}
