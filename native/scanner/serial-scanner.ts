// Serial barcode scanners (RS-232, USB CDC-ACM, USB–serial adapters) through serialport.
// The port path may be typed by hand: it is opened as given, listed or not (pseudo-terminals, some adapters).
import { statSync } from 'node:fs';
import type { SerialPort } from 'serialport';
import type { ScannerOptions } from '../../main/devices/scanner.js';
import { formatDeviceUri, type SerialDeviceUri } from '../../main/devices/uri.js';
import { loadSerialPort } from './load-native.js';
import { ScannerBase } from './scanner-base.js';
import { SerialFramer, type SerialFrame } from './serial-framer.js';

export interface SerialScannerOptions extends ScannerOptions {
  /** With suffix `none`: silence that ends a barcode, in ms (default 50). */
  readonly silenceMs?: number;
}

/** A scanner on a serial port; reopens the port when it disappears and comes back. */
export class SerialScanner extends ScannerBase {
  private port: SerialPort | undefined;
  private readonly framer: SerialFramer;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly silenceMs: number;
  private readonly decoder = new TextDecoder('utf-8');
  private watch: ReturnType<typeof setInterval> | undefined;

  constructor(
    readonly device: SerialDeviceUri,
    options: SerialScannerOptions = {},
  ) {
    super(formatDeviceUri(device), options);
    this.framer = new SerialFramer({ framing: device.framing, suffix: device.suffix });
    this.silenceMs = options.silenceMs ?? 50;
  }

  protected async connect(): Promise<void> {
    const d = this.device;
    const { SerialPort } = await loadSerialPort();
    const port = new SerialPort({
      path: d.path,
      baudRate: d.baudRate,
      dataBits: d.dataBits,
      parity: d.parity,
      stopBits: d.stopBits,
      rtscts: d.flowControl === 'rtscts',
      xon: d.flowControl === 'xonxoff',
      xoff: d.flowControl === 'xonxoff',
      autoOpen: false,
    });
    await new Promise<void>((resolve, reject) => {
      port.open((err) => (err ? reject(new Error(`cannot open ${d.path}: ${err.message.replace(/^Error: /, '')}`)) : resolve()));
    });
    this.framer.drop();
    port.on('data', (chunk: Buffer) => this.onData(chunk));
    port.on('error', (err: Error) => this.report(new Error(`${d.path}: ${err.message}`)));
    port.on('close', (err?: Error & { disconnected?: boolean }) => {
      if (this.port !== port) return;
      this.stopWatch();
      this.port = undefined;
      this.clearSilence();
      this.framer.drop(); // a barcode cut off mid-stream is not a barcode
      this.lost(err?.disconnected ? `port ${d.path} disappeared` : `port ${d.path} closed`);
    });
    this.port = port;
    this.watchDevice(port);
  }

  /**
   * The kernel does not always wake a pending read when a port goes away (a pseudo-terminal whose
   * master closed, some USB adapters): watch the device node too. Gone, or now another device behind
   * the same path, is a lost port.
   */
  private watchDevice(port: SerialPort): void {
    const path = this.device.path;
    const deviceOf = (): number | null => {
      try {
        return statSync(path).rdev;
      } catch {
        return null;
      }
    };
    const opened = deviceOf();
    this.stopWatch();
    this.watch = setInterval(() => {
      if (this.port !== port) return this.stopWatch();
      if (deviceOf() === opened) return;
      this.stopWatch();
      this.port = undefined;
      this.clearSilence();
      this.framer.drop();
      port.close(() => undefined);
      this.lost(`port ${path} disappeared`);
    }, Math.min(this.reconnectIntervalMs, 500));
    this.watch.unref?.();
  }

  private stopWatch(): void {
    if (this.watch !== undefined) clearInterval(this.watch);
    this.watch = undefined;
  }

  protected async disconnect(): Promise<void> {
    this.stopWatch();
    this.clearSilence();
    const port = this.port;
    this.port = undefined;
    if (!port?.isOpen) return;
    await new Promise<void>((resolve) => port.close(() => resolve()));
  }

  private onData(chunk: Buffer): void {
    const { frames, errors } = this.framer.push(chunk, this.now());
    for (const err of errors) this.report(err);
    for (const frame of frames) this.emitFrame(frame);
    this.clearSilence();
    if (this.device.framing === 'suffix' && this.device.suffix === 'none' && this.framer.pending) {
      this.silenceTimer = setTimeout(() => this.endFrame(), this.silenceMs);
    }
  }

  /** A suffix-less barcode is complete after silence. */
  private endFrame(): void {
    this.clearSilence();
    const frame = this.framer.flush();
    if (frame) this.emitFrame(frame);
  }

  private emitFrame(frame: SerialFrame): void {
    this.emitScan({
      data: this.decoder.decode(frame.bytes),
      receivedAt: new Date(frame.lastAt).toISOString(),
      durationMs: frame.lastAt - frame.firstAt,
    });
  }

  private clearSilence(): void {
    if (this.silenceTimer !== undefined) clearTimeout(this.silenceTimer);
    this.silenceTimer = undefined;
  }
}
