// Cuts the byte stream of a serial scanner into barcodes: data + suffix (CR, CRLF, LF, Tab), data wrapped
// in STX … ETX, or (suffix `none`) data followed by silence. Keeps when each barcode's first and last bytes
// arrived, which serialport's stock parsers do not.
import { serialSuffixBytes, type SerialFraming, type SerialSuffix } from '../../main/devices/uri.js';

const STX = 0x02;
const ETX = 0x03;

export interface SerialFrame {
  readonly bytes: Uint8Array;
  /** Arrival of the chunk holding the first and last byte (ms, caller's clock). */
  readonly firstAt: number;
  readonly lastAt: number;
}

export interface SerialFramerOptions {
  readonly framing: SerialFraming;
  readonly suffix: SerialSuffix;
  /** Longest frame; a longer run without terminator is dropped as garbage (default 4096). */
  readonly maxFrame?: number;
}

/** Something in the stream that is not a barcode; the frames around it are unaffected. */
export class SerialFrameError extends Error {
  override readonly name = 'SerialFrameError';
}

/**
 * Frame splitter. `push` returns the complete frames and the problems found (garbage is dropped, never
 * thrown); `flush` ends a suffix-less frame after silence.
 */
export class SerialFramer {
  private buf: number[] = [];
  private firstAt = 0;
  private lastAt = 0;
  private inside = false; // STX seen
  private discarding = false; // inside an overlong run, until its terminator
  private readonly terminator: Uint8Array;
  private readonly maxFrame: number;

  constructor(private readonly options: SerialFramerOptions) {
    this.terminator = serialSuffixBytes(options.suffix);
    this.maxFrame = options.maxFrame ?? 4096;
  }

  /** True when bytes are waiting for their end. */
  get pending(): boolean {
    return this.buf.length > 0 || this.inside;
  }

  push(chunk: Uint8Array, time: number): { frames: SerialFrame[]; errors: SerialFrameError[] } {
    const frames: SerialFrame[] = [];
    const errors: SerialFrameError[] = [];
    let noise = 0;
    for (const byte of chunk) {
      if (this.options.framing === 'stx-etx') noise += this.pushStxEtx(byte, time, frames, errors);
      else this.pushSuffixed(byte, time, frames);
      if (this.buf.length > this.maxFrame) {
        if (!this.discarding) errors.push(new SerialFrameError(`more than ${this.maxFrame} bytes without an end of barcode: dropped`));
        this.drop();
        // The rest of that run, up to its terminator, is not a barcode either.
        this.discarding = this.options.framing === 'suffix' && this.terminator.length > 0;
      }
    }
    if (noise > 0) errors.push(new SerialFrameError(`${noise} byte(s) outside STX…ETX ignored`));
    return { frames, errors };
  }

  /** Ends a suffix-less frame after silence; with any other framing an unterminated frame is dropped. */
  flush(): SerialFrame | undefined {
    if (this.options.framing === 'stx-etx' || this.options.suffix !== 'none' || this.buf.length === 0) {
      this.drop();
      return undefined;
    }
    return this.take(this.buf.length);
  }

  /** Forgets any partial frame. */
  drop(): void {
    this.buf = [];
    this.inside = false;
    this.discarding = false;
  }

  private add(byte: number, time: number): void {
    if (this.buf.length === 0 && !this.inside) this.firstAt = time;
    this.buf.push(byte);
    this.lastAt = time;
  }

  private take(length: number): SerialFrame | undefined {
    const bytes = Uint8Array.from(this.buf.slice(0, length));
    const frame = { bytes, firstAt: this.firstAt, lastAt: this.lastAt };
    this.drop();
    return bytes.length > 0 ? frame : undefined;
  }

  private pushSuffixed(byte: number, time: number, frames: SerialFrame[]): void {
    const t = this.terminator;
    // A lone LF after a CR-suffixed frame (scanner set to CRLF, port to CR) is not an empty barcode.
    if (this.buf.length === 0 && (byte === 0x0a || byte === 0x0d) && t.length > 0 && byte !== t[0]) return;
    this.add(byte, time);
    if (t.length === 0 || this.buf.length < t.length) return;
    for (let i = 0; i < t.length; i++) if (this.buf[this.buf.length - t.length + i] !== t[i]) return;
    const discarding = this.discarding;
    const frame = this.take(this.buf.length - t.length); // also ends any discarding
    if (frame && !discarding) frames.push(frame);
  }

  /** Returns 1 when the byte was noise outside a frame. */
  private pushStxEtx(byte: number, time: number, frames: SerialFrame[], errors: SerialFrameError[]): number {
    if (byte === STX) {
      if (this.inside && this.buf.length > 0) errors.push(new SerialFrameError('STX inside a frame: partial barcode dropped'));
      this.buf = [];
      this.inside = true;
      this.firstAt = time;
      return 0;
    }
    if (!this.inside) {
      // Bytes outside STX…ETX: a suffix the scanner adds after ETX is expected; anything else is noise.
      return this.terminator.includes(byte) || byte === 0x0d || byte === 0x0a ? 0 : 1;
    }
    if (byte === ETX) {
      this.lastAt = time;
      const frame = this.take(this.buf.length);
      if (frame) frames.push(frame);
      return 0;
    }
    this.add(byte, time);
    return 0;
  }
}
