/**
 * The self-check's device probes (#23): a new version serves only when the devices this terminal is
 * configured with still answer through it — the receipt printer gives its status (a printer that
 * answers "cover open" still answers; one that says nothing within its time does not), and each
 * configured scanner opens. The host opens the devices (native drivers or their virtual twins); these
 * only ask them, through the interfaces of main/devices/.
 */
import type { Printer } from '../../devices/printer.js';
import type { Scanner } from '../../devices/scanner.js';
import type { DeviceCheck } from './self-check.js';

/** Within this time each device must answer. */
export const DEVICE_DEADLINE_MS = 8_000;

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

export function printerCheck(printer: Printer, deadlineMs = DEVICE_DEADLINE_MS): DeviceCheck {
  return async () => {
    const s = await within(printer.status(), deadlineMs, `printer ${printer.uri}`);
    const answered = s.online || s.reported;
    return { name: 'printer', ok: answered, detail: answered ? `${printer.uri}: ${s.detail ?? 'ready'}` : `printer ${printer.uri} does not answer: ${s.detail ?? 'offline'}` };
  };
}

export function scannerCheck(uri: string, open: () => Promise<Scanner>, deadlineMs = DEVICE_DEADLINE_MS): DeviceCheck {
  return async () => {
    let scanner: Scanner | null = null;
    try {
      scanner = await within(open(), deadlineMs, `scanner ${uri}`);
      await within(scanner.open(), deadlineMs, `scanner ${uri}`);
      const ok = scanner.state === 'open';
      return { name: 'scanner', ok, detail: ok ? `${scanner.uri}: open` : `scanner ${scanner.uri} does not answer (${scanner.state})` };
    } catch (err) {
      return { name: 'scanner', ok: false, detail: `scanner ${uri} does not answer: ${err instanceof Error ? err.message : String(err)}` };
    } finally {
      await scanner?.close().catch(() => undefined);
    }
  };
}
