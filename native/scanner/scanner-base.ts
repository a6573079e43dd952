// What every scanner driver shares: typed events, the state machine, error reporting that never throws
// at the caller, and reconnection after the device disappears.
import { EventEmitter } from 'node:events';
import type { ScanEvent, Scanner, ScannerEvents, ScannerOptions, ScannerState } from '../../main/devices/scanner.js';

export const DEFAULT_RECONNECT_INTERVAL_MS = 1000;

/**
 * Base of the drivers. A subclass implements `connect` (throw when the device is not there) and
 * `disconnect`, calls `lost()` when the device vanishes, and `emitScan()` for each barcode.
 */
export abstract class ScannerBase extends EventEmitter<ScannerEvents> implements Scanner {
  private currentState: ScannerState = 'closed';
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lastDetail: string | undefined;
  private losses = 0; // bumped by lost(), so a connect that raced with a loss does not report `open`
  protected readonly reconnectIntervalMs: number;
  protected readonly now: () => number;

  protected constructor(
    readonly uri: string,
    options: ScannerOptions = {},
  ) {
    super();
    this.reconnectIntervalMs = options.reconnectIntervalMs ?? DEFAULT_RECONNECT_INTERVAL_MS;
    this.now = options.now ?? Date.now;
  }

  get state(): ScannerState {
    return this.currentState;
  }

  /** Opens the device now; throws (with a clear message) when it is not available. */
  protected abstract connect(): Promise<void>;
  /** Releases the device; must not throw. */
  protected abstract disconnect(): Promise<void>;

  async open(): Promise<void> {
    if (this.currentState !== 'closed') return;
    this.setState('opening');
    await this.attempt();
  }

  async close(): Promise<void> {
    if (this.currentState === 'closed') return;
    this.clearRetry();
    this.setState('closed');
    await this.disconnect().catch((err: unknown) => this.report(err));
  }

  /** Reports a problem that does not stop the scanner. Never throws, even without an `error` listener. */
  protected report(err: unknown): void {
    const error = err instanceof Error ? err : new Error(String(err));
    if (this.listenerCount('error') === 0) return;
    try {
      this.emit('error', error);
    } catch {
      // an error listener that throws has nowhere better to go
    }
  }

  /** The device vanished (unplugged, port gone, read error): release it and retry until closed. */
  protected lost(detail: string): void {
    if (this.currentState === 'closed') return;
    this.losses += 1;
    if (this.currentState === 'waiting') return; // a retry is already under way; attempt() sees the loss
    this.setState('waiting', detail);
    void this.disconnect()
      .catch((err: unknown) => this.report(err))
      .finally(() => this.scheduleRetry());
  }

  /** Emits a scan; a listener that throws is reported, not allowed to break the driver's read loop. */
  protected emitScan(scan: Omit<ScanEvent, 'source'>): void {
    try {
      this.emit('scan', { ...scan, source: this.uri });
    } catch (err) {
      this.report(err);
    }
  }

  private async attempt(): Promise<void> {
    const losses = this.losses;
    try {
      await this.connect();
      if (this.currentState === 'closed') {
        await this.disconnect().catch(() => undefined); // closed while connecting
        return;
      }
      if (this.losses !== losses) {
        // The device went away while we were opening it: release it and try again later.
        await this.disconnect().catch((err: unknown) => this.report(err));
        if (!this.isClosed()) {
          this.setState('waiting', this.lastDetail);
          this.scheduleRetry();
        }
        return;
      }
      this.setState('open');
    } catch (err) {
      if (this.currentState === 'closed') return;
      const detail = err instanceof Error ? err.message : String(err);
      this.setState('waiting', detail);
      this.scheduleRetry();
    }
  }

  /** Read through a call: the state changes across awaits, which narrowing cannot see. */
  private isClosed(): boolean {
    return this.currentState === 'closed';
  }

  private scheduleRetry(): void {
    this.clearRetry();
    if (this.currentState !== 'waiting') return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.currentState === 'waiting') void this.attempt();
    }, this.reconnectIntervalMs);
  }

  private clearRetry(): void {
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** Emits `status` on every change of state, and again when the reason for waiting changes. */
  private setState(state: ScannerState, detail?: string): void {
    if (state === this.currentState && detail === this.lastDetail) return;
    this.currentState = state;
    this.lastDetail = detail;
    try {
      this.emit('status', {
        state,
        source: this.uri,
        ...(detail !== undefined ? { detail } : {}),
        at: new Date(this.now()).toISOString(),
      });
    } catch (err) {
      this.report(err);
    }
  }
}
