// The virtual printer: keeps each job as its ESC/POS bytes and as a PNG picture drawn by
// escpos-to-png.ts, in memory and, when given a folder, as files. Its status and failures can be
// set, so demos and tests can play a printer that runs out of paper or goes away.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isReady, PrinterError, type DrawerPin, type Printer, type PrinterErrorCode, type PrinterStatus } from '../../main/devices/printer.js';
import type { PrintLayout } from '../../main/devices/print-layout.js';
import { encodeLayout } from './encode-layout.js';
import { escposToPng } from './escpos-to-png.js';
import { PAPER_80MM, type Paper } from './paper.js';

export interface VirtualReceipt {
  /** 1, 2, 3… in printing order. */
  readonly sequence: number;
  readonly bytes: Uint8Array;
  readonly png: Buffer;
  /** The printed text, line by line (see escpos-to-png.ts). */
  readonly lines: readonly string[];
  /** Files written, when the printer has a folder. */
  readonly files?: { readonly bytes: string; readonly png: string };
}

export interface VirtualPrinterOptions {
  readonly paper?: Paper;
  /** Folder where each job is saved as `receipt-0001.bin` and `receipt-0001.png` (numbering goes on after the files already there). */
  readonly dir?: string;
}

/** One more than the highest `receipt-NNNN.*` number in the folder. */
function nextFileNumber(dir: string): number {
  let highest = 0;
  for (const name of readdirSync(dir)) {
    const m = /^receipt-(\d+)\.(bin|png)$/.exec(name);
    if (m) highest = Math.max(highest, Number(m[1]));
  }
  return highest + 1;
}

const READY: PrinterStatus = { online: true, coverOpen: false, paperOut: false, paperLow: false, reported: true, detail: 'ready' };

export class VirtualPrinter implements Printer {
  readonly receipts: VirtualReceipt[] = [];
  readonly kicks: DrawerPin[] = [];
  private current: PrinterStatus = READY;
  private failures: PrinterErrorCode[] = [];
  private readonly paper: Paper;

  constructor(
    readonly uri: string,
    private readonly options: VirtualPrinterOptions = {},
  ) {
    this.paper = options.paper ?? PAPER_80MM;
  }

  /** Sets what the printer reports (cover open, paper out…); unspecified flags keep their value. */
  setStatus(change: Partial<Omit<PrinterStatus, 'reported'>>): void {
    const next = { ...this.current, ...change };
    const notes = [next.coverOpen && 'cover open', next.paperOut && 'paper out', !next.paperOut && next.paperLow && 'paper low'].filter(Boolean);
    const online = change.online ?? !(next.coverOpen || next.paperOut);
    this.current = { ...next, online, reported: true, detail: change.detail ?? (notes.length > 0 ? notes.join('; ') : online ? 'ready' : 'offline') };
  }

  /** Makes the next job (print or drawer kick) fail with this error code. */
  failNext(code: PrinterErrorCode): void {
    this.failures.push(code);
  }

  private takeFailure(): void {
    const code = this.failures.shift();
    if (code) throw new PrinterError(code, `virtual printer ${this.uri}: simulated '${code}' failure`);
  }

  async print(bytes: Uint8Array): Promise<void> {
    this.takeFailure();
    if (!isReady(this.current)) {
      throw new PrinterError('offline', `the printer at ${this.uri} cannot print: ${this.current.detail ?? 'offline'}`, { status: this.current });
    }
    const decoded = escposToPng(bytes, { paperDots: this.paper.dots });
    const sequence = this.receipts.length + 1;
    let files: VirtualReceipt['files'];
    if (this.options.dir) {
      mkdirSync(this.options.dir, { recursive: true });
      const base = path.join(this.options.dir, `receipt-${String(nextFileNumber(this.options.dir)).padStart(4, '0')}`);
      files = { bytes: `${base}.bin`, png: `${base}.png` };
      writeFileSync(files.bytes, bytes);
      writeFileSync(files.png, decoded.png);
    }
    this.receipts.push({ sequence, bytes: Uint8Array.from(bytes), png: decoded.png, lines: decoded.lines, ...(files ? { files } : {}) });
  }

  async printLayout(layout: PrintLayout): Promise<void> {
    await this.print(await encodeLayout(layout, this.paper));
  }

  async status(): Promise<PrinterStatus> {
    return this.current;
  }

  async kickDrawer(pin: DrawerPin = 2): Promise<void> {
    this.takeFailure();
    this.kicks.push(pin);
  }
}
