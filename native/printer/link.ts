// A byte link to a printer: what the serial, TCP and device-file transports have in common.
import { PrinterError } from '../../main/devices/printer.js';

export interface PrinterLink {
  /** `serial:…`, `tcp://…`, `file:…`: used in error messages. */
  readonly uri: string;
  /** Whether the printer can answer (status requests); device files are write-only. */
  readonly bidirectional: boolean;
  /** Writes all bytes and waits until the OS has taken them. Rejects with a `PrinterError`. */
  write(bytes: Uint8Array): Promise<void>;
  /** Reads exactly `count` bytes, or rejects with `timeout` / `disconnected`. Only on bidirectional links. */
  read(count: number, timeoutMs: number): Promise<Uint8Array>;
  /** Forgets bytes received and not read yet (stale answers, automatic status messages). */
  discardInput(): void;
  /** Closes the link; never rejects. */
  close(): Promise<void>;
}

/** Opens a fresh link for one job. */
export type LinkOpener = () => Promise<PrinterLink>;

/**
 * Bytes received from a printer, waiting to be read; ends when the link goes away.
 * Transports push what they receive and call `end` when the other side closes.
 */
export class Inbox {
  private buffer: Buffer = Buffer.alloc(0);
  private ended: PrinterError | null = null;
  private waiter: (() => void) | null = null;

  constructor(private readonly uri: string) {}

  push(chunk: Uint8Array): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    this.waiter?.();
  }

  /** Marks the link as gone; pending and later reads reject with this error. */
  end(error: PrinterError): void {
    if (this.ended) return;
    this.ended = error;
    this.waiter?.();
  }

  get endedWith(): PrinterError | null {
    return this.ended;
  }

  discard(): void {
    this.buffer = Buffer.alloc(0);
  }

  read(count: number, timeoutMs: number): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        if (this.buffer.length >= count) {
          const out = this.buffer.subarray(0, count);
          this.buffer = this.buffer.subarray(count);
          finish();
          resolve(Uint8Array.from(out));
          return true;
        }
        if (this.ended) {
          finish();
          reject(this.ended);
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => {
        finish();
        reject(new PrinterError('timeout', `the printer at ${this.uri} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      const finish = (): void => {
        clearTimeout(timer);
        this.waiter = null;
      };
      if (!check()) this.waiter = () => void check();
    });
  }
}

/** Maps an OS error met while opening a link to a `PrinterError` with a sentence for people. */
export function openError(uri: string, err: unknown): PrinterError {
  const why = err instanceof Error ? err.message : String(err);
  // serialport's native binding reports errors by message only.
  const code =
    (err as NodeJS.ErrnoException | undefined)?.code ??
    (/no such file or directory/i.test(why) ? 'ENOENT' : /permission denied/i.test(why) ? 'EACCES' : /resource busy/i.test(why) ? 'EBUSY' : undefined);
  switch (code) {
    case 'ENOENT':
    case 'ENODEV':
    case 'ENXIO':
      return new PrinterError('offline', `no printer at ${uri}: the device does not exist (${code})`, { cause: err });
    case 'ECONNREFUSED':
      return new PrinterError('offline', `no printer at ${uri}: connection refused`, { cause: err });
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new PrinterError('offline', `no printer at ${uri}: host unreachable (${code})`, { cause: err });
    case 'EACCES':
    case 'EPERM':
      return new PrinterError('io', `cannot open the printer at ${uri}: permission denied`, { cause: err });
    case 'EBUSY':
      return new PrinterError('io', `cannot open the printer at ${uri}: the device is busy (used by another program?)`, { cause: err });
    default:
      return new PrinterError('io', `cannot open the printer at ${uri}: ${why}`, { cause: err });
  }
}

/** Maps an OS error met while writing to a `PrinterError`: a vanished peer is `disconnected`. */
export function writeError(uri: string, err: unknown): PrinterError {
  if (err instanceof PrinterError) return err;
  const why = err instanceof Error ? err.message : String(err);
  // serialport's binding gives messages without codes; EBADF there means the port was closed under the write,
  // and so does serialport's own "Port is not open" when a drain or write loses the race with the close
  // that follows a vanished device (its 'close' event not yet emitted).
  const code =
    (err as NodeJS.ErrnoException | undefined)?.code ??
    (/bad file descriptor|port is not open/i.test(why) ? 'EBADF' : /input\/output error|\bEIO\b/i.test(why) ? 'EIO' : undefined);
  if (code === 'EPIPE' || code === 'ECONNRESET' || code === 'EIO' || code === 'EBADF' || code === 'ENXIO' || code === 'ENODEV' || code === 'ERR_STREAM_DESTROYED') {
    return new PrinterError('disconnected', `the printer at ${uri} went away during the job (${code})`, { cause: err });
  }
  return new PrinterError('io', `writing to the printer at ${uri} failed: ${why}`, { cause: err });
}

/** Rejects with a `timeout` PrinterError when `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string, uri: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PrinterError('timeout', `${what} on ${uri} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
