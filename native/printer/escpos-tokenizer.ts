// Splits an ESC/POS byte stream into the commands Guichet emits (see encode-layout.ts), so that the
// virtual printer can draw them and test printers can answer status requests found in the stream.

export type EscPosCommand =
  | { readonly kind: 'text'; readonly bytes: Uint8Array }
  | { readonly kind: 'lf' }
  | { readonly kind: 'cr' }
  | { readonly kind: 'init' }
  | { readonly kind: 'cancel-kanji' }
  | { readonly kind: 'font'; readonly font: number }
  | { readonly kind: 'codepage'; readonly table: number }
  | { readonly kind: 'bold'; readonly on: boolean }
  | { readonly kind: 'underline'; readonly thickness: number }
  | { readonly kind: 'invert'; readonly on: boolean }
  | { readonly kind: 'size'; readonly width: number; readonly height: number }
  | { readonly kind: 'align'; readonly align: 'left' | 'center' | 'right' }
  | { readonly kind: 'line-spacing'; readonly dots: number | null }
  | { readonly kind: 'feed'; readonly lines: number }
  | { readonly kind: 'raster'; readonly mode: number; readonly widthBytes: number; readonly height: number; readonly data: Uint8Array }
  | { readonly kind: 'cut'; readonly partial: boolean; readonly feed: number }
  | { readonly kind: 'pulse'; readonly pin: 2 | 5; readonly onMs: number; readonly offMs: number }
  | { readonly kind: 'status-request'; readonly n: number }
  /** A control sequence this tokenizer does not know: its first two bytes (the length of the rest is unknown). */
  | { readonly kind: 'unknown'; readonly bytes: Uint8Array };

/** A command and where it starts in the stream. */
export type PositionedCommand = EscPosCommand & { readonly offset: number };

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DLE = 0x10;

/** Result of trying to read one command at `i`: the command and its length, or null when more bytes are needed. */
type Step = { command: EscPosCommand; length: number } | null;

function alignOf(n: number): 'left' | 'center' | 'right' {
  const v = n >= 0x30 ? n - 0x30 : n;
  return v === 1 ? 'center' : v === 2 ? 'right' : 'left';
}

function step(b: Uint8Array, i: number): Step {
  const at = (k: number): number | undefined => b[i + k];
  const need = (n: number): boolean => i + n <= b.length;
  const first = b[i]!;
  if (first === 0x0a) return { command: { kind: 'lf' }, length: 1 };
  if (first === 0x0d) return { command: { kind: 'cr' }, length: 1 };
  if (first >= 0x20) {
    let end = i;
    while (end < b.length && b[end]! >= 0x20) end++;
    return { command: { kind: 'text', bytes: b.slice(i, end) }, length: end - i };
  }
  if (!need(2)) return null;
  const second = at(1)!;
  const unknown = (): Step => ({ command: { kind: 'unknown', bytes: b.slice(i, i + 2) }, length: 2 });
  if (first === ESC) {
    switch (second) {
      case 0x40:
        return { command: { kind: 'init' }, length: 2 };
      case 0x32:
        return { command: { kind: 'line-spacing', dots: null }, length: 2 };
    }
    if (!need(3)) return null;
    const n = at(2)!;
    switch (second) {
      case 0x4d:
        return { command: { kind: 'font', font: n & 0x0f }, length: 3 };
      case 0x74:
        return { command: { kind: 'codepage', table: n }, length: 3 };
      case 0x45:
        return { command: { kind: 'bold', on: (n & 1) === 1 }, length: 3 };
      case 0x2d:
        return { command: { kind: 'underline', thickness: n >= 0x30 ? n - 0x30 : n }, length: 3 };
      case 0x61:
        return { command: { kind: 'align', align: alignOf(n) }, length: 3 };
      case 0x33:
        return { command: { kind: 'line-spacing', dots: n }, length: 3 };
      case 0x64:
        return { command: { kind: 'feed', lines: n }, length: 3 };
      case 0x70: {
        if (!need(5)) return null;
        const pin = (n & 1) === 0 ? 2 : 5;
        return { command: { kind: 'pulse', pin, onMs: at(3)! * 2, offMs: at(4)! * 2 }, length: 5 };
      }
    }
    return unknown();
  }
  if (first === GS) {
    if (second === 0x76) {
      if (!need(8)) return null;
      if (at(2) !== 0x30) return unknown();
      const mode = at(3)! & 0x03;
      const widthBytes = at(4)! + at(5)! * 256;
      const height = at(6)! + at(7)! * 256;
      const size = widthBytes * height;
      if (!need(8 + size)) return null;
      return { command: { kind: 'raster', mode, widthBytes, height, data: b.slice(i + 8, i + 8 + size) }, length: 8 + size };
    }
    if (!need(3)) return null;
    const n = at(2)!;
    switch (second) {
      case 0x21:
        return { command: { kind: 'size', width: ((n >> 4) & 0x07) + 1, height: (n & 0x07) + 1 }, length: 3 };
      case 0x42:
        return { command: { kind: 'invert', on: (n & 1) === 1 }, length: 3 };
      case 0x56: {
        // GS V m (m = 0, 1, 48, 49) or GS V m n (m = 65, 66: feed n then cut).
        if (n === 0x41 || n === 0x42) {
          if (!need(4)) return null;
          return { command: { kind: 'cut', partial: n === 0x42, feed: at(3)! }, length: 4 };
        }
        return { command: { kind: 'cut', partial: (n & 1) === 1, feed: 0 }, length: 3 };
      }
    }
    return unknown();
  }
  if (first === FS && second === 0x2e) return { command: { kind: 'cancel-kanji' }, length: 2 };
  if (first === DLE && second === 0x04) {
    if (!need(3)) return null;
    return { command: { kind: 'status-request', n: at(2)! }, length: 3 };
  }
  return { command: { kind: 'unknown', bytes: b.slice(i, i + 1) }, length: 1 };
}

/**
 * Incremental tokenizer: feed it chunks as they arrive; it returns the commands completed so far and
 * keeps an incomplete one (e.g. half a raster image) for the next chunk.
 */
export class EscPosTokenizer {
  private pending: Uint8Array = new Uint8Array(0);
  private consumed = 0;

  /** Adds bytes and returns every command they complete, with its offset in the whole stream. */
  feed(chunk: Uint8Array): PositionedCommand[] {
    const bytes = new Uint8Array(this.pending.length + chunk.length);
    bytes.set(this.pending);
    bytes.set(chunk, this.pending.length);
    const out: PositionedCommand[] = [];
    let i = 0;
    while (i < bytes.length) {
      const s = step(bytes, i);
      if (!s) break;
      // Text may continue in the next chunk: keep it until a control byte ends it.
      if (s.command.kind === 'text' && i + s.length === bytes.length) break;
      out.push({ ...s.command, offset: this.consumed + i });
      i += s.length;
    }
    this.pending = bytes.slice(i);
    this.consumed += i;
    return out;
  }

  /** Returns what is left at the end of the stream: trailing text, or an incomplete command as `unknown`. */
  finish(): PositionedCommand[] {
    const rest = this.pending;
    this.pending = new Uint8Array(0);
    if (rest.length === 0) return [];
    const offset = this.consumed;
    this.consumed += rest.length;
    const s = step(rest, 0);
    if (s && s.command.kind === 'text' && s.length === rest.length) return [{ ...s.command, offset }];
    return [{ kind: 'unknown', bytes: rest, offset }];
  }
}

/** All commands of a complete stream. */
export function tokenize(bytes: Uint8Array): PositionedCommand[] {
  const tokenizer = new EscPosTokenizer();
  return [...tokenizer.feed(bytes), ...tokenizer.finish()];
}
