// The barcode scanner as the terminal sees it. `native/scanner/` implements it for HID POS, serial and
// virtual scanners; keyboard-wedge scanners are decoded in the renderer and produce the same ScanEvent.

/** One barcode read. */
export interface ScanEvent {
  /** The decoded text, without prefix, suffix, framing or AIM identifier. */
  readonly data: string;
  /** Symbology name when the device says it (`EAN-13`, `Code 128`, `QR Code`…). */
  readonly symbology?: string;
  /** The raw AIM symbology identifier (`]E0`, `]C1`, `]Q1`…) when the device sent one. */
  readonly aimId?: string;
  /** The device that read it: its URI (`hid:0c2e:0b61`, `serial:/dev/ttyACM0`…) or `keyboard` for a wedge. */
  readonly source: string;
  /** When the last byte or key of the scan arrived, UTC ISO. */
  readonly receivedAt: string;
  /** Time from the first byte or key to the last, in milliseconds, when known. */
  readonly durationMs?: number;
}

/**
 * Where a scanner stands. `waiting`: not connected (absent at start, unplugged, or the port vanished)
 * and retrying in the background; `open`: reading; `closed`: closed by its owner.
 */
export type ScannerState = 'closed' | 'opening' | 'open' | 'waiting';

export interface ScannerStatusEvent {
  readonly state: ScannerState;
  readonly source: string;
  /** Why, in words (`port /dev/ttyUSB0 disappeared`, `no HID device 0c2e:0b61`…). */
  readonly detail?: string;
  /** UTC ISO. */
  readonly at: string;
}

/** The events a scanner emits, as listener argument tuples. */
export interface ScannerEvents {
  scan: [ScanEvent];
  status: [ScannerStatusEvent];
  /** A problem that did not stop the scanner (garbage report, frame too long, failed reopen…). Never thrown. */
  error: [Error];
}

/**
 * A barcode scanner. A device that fails, disappears or sends garbage never blocks nor throws at the
 * caller: the scanner reports it through `status`/`error` and keeps trying to reconnect until closed.
 */
export interface Scanner {
  /** The canonical URI of the device. */
  readonly uri: string;
  readonly state: ScannerState;
  /**
   * Starts reading. Resolves after the first connection attempt, whether or not the device was there
   * (`state` then tells `open` or `waiting`); the scanner keeps retrying in the background.
   */
  open(): Promise<void>;
  /** Stops reading, releases the device and any retry timer. Safe to call twice. */
  close(): Promise<void>;
  on<E extends keyof ScannerEvents>(event: E, listener: (...args: ScannerEvents[E]) => void): this;
  off<E extends keyof ScannerEvents>(event: E, listener: (...args: ScannerEvents[E]) => void): this;
  once<E extends keyof ScannerEvents>(event: E, listener: (...args: ScannerEvents[E]) => void): this;
}

/** Options common to the scanner drivers. */
export interface ScannerOptions {
  /** Delay between reconnection attempts after the device disappears, in ms (default 1000). */
  readonly reconnectIntervalMs?: number;
  /** Clock, for tests (default `Date.now`). */
  readonly now?: () => number;
}
