// The scanner's virtual twin, for demos and tests: scans are fed by code (the CLI reads them from its
// arguments or stdin; the UI through the host). It can also pretend to be unplugged.
import type { ScannerOptions } from '../../main/devices/scanner.js';
import { formatDeviceUri, type VirtualDeviceUri } from '../../main/devices/uri.js';
import { symbologyOfAim } from './aim.js';
import { ScannerBase } from './scanner-base.js';

export interface VirtualScanInput {
  readonly symbology?: string;
  readonly aimId?: string;
  readonly durationMs?: number;
}

/** A scanner whose barcodes come from {@link VirtualScanner.feed}. */
export class VirtualScanner extends ScannerBase {
  private plugged = true;

  constructor(
    readonly device: VirtualDeviceUri,
    options: ScannerOptions = {},
  ) {
    super(formatDeviceUri(device), options);
  }

  protected async connect(): Promise<void> {
    if (!this.plugged) throw new Error(`virtual scanner '${this.device.name}' is unplugged`);
  }

  protected async disconnect(): Promise<void> {}

  /**
   * Delivers a scan as if read by a device. Returns false (and delivers nothing) when the scanner is not
   * open, like a real scanner whose cable is out. Throws on empty data: a scanner never sends nothing.
   */
  feed(data: string, input: VirtualScanInput = {}): boolean {
    if (data === '') throw new RangeError('a scan needs at least one character');
    if (this.state !== 'open') return false;
    const symbology = input.symbology ?? (input.aimId ? symbologyOfAim(input.aimId) : undefined);
    this.emitScan({
      data,
      ...(symbology ? { symbology } : {}),
      ...(input.aimId ? { aimId: input.aimId } : {}),
      receivedAt: new Date(this.now()).toISOString(),
      ...(input.durationMs !== undefined ? { durationMs: input.durationMs } : {}),
    });
    return true;
  }

  /** Simulates pulling the cable: the scanner goes `waiting` until {@link replug}. */
  unplug(): void {
    this.plugged = false;
    this.lost(`virtual scanner '${this.device.name}' unplugged`);
  }

  /** Simulates plugging it back; the scanner reopens at its next retry. */
  replug(): void {
    this.plugged = true;
  }
}

const registry = new Map<string, VirtualScanner>();

/**
 * The virtual scanner of that name in this process, created on first use, so the host, the UI bridge
 * and the code reading scans share one twin.
 */
export function virtualScanner(device: VirtualDeviceUri, options: ScannerOptions = {}): VirtualScanner {
  let scanner = registry.get(device.name);
  if (!scanner) {
    scanner = new VirtualScanner(device, options);
    registry.set(device.name, scanner);
  }
  return scanner;
}
