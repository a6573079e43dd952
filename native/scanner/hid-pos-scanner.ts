// HID POS barcode scanners (USB HID usage page 0x8C, usage 0x02) through node-hid. Unlike keyboard-wedge
// scanners, these are read directly, whatever has focus. Survives unplug and replug.
import type { ScannerOptions } from '../../main/devices/scanner.js';
import { formatDeviceUri, type HidDeviceUri } from '../../main/devices/uri.js';
import { HID_POS_USAGE_PAGE, HID_POS_USAGE_SCANNER, HidPosAssembler } from './hid-pos-report.js';
import { loadNodeHid, type NodeHid } from './load-native.js';
import { ScannerBase } from './scanner-base.js';

type HidDevice = Awaited<ReturnType<NodeHid['devicesAsync']>>[number];
type HidHandle = Awaited<ReturnType<NodeHid['HIDAsync']['open']>>;

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/**
 * Picks the HID POS scanner interface among the interfaces of the matching devices; throws a clear
 * error when there is none (absent, or a composite device configured as a keyboard only).
 */
export function pickHidPosInterface(devices: readonly HidDevice[], want: HidDeviceUri): HidDevice {
  const id = `${hex4(want.vendorId)}:${hex4(want.productId)}`;
  const mine = devices.filter(
    (d) =>
      d.vendorId === want.vendorId &&
      d.productId === want.productId &&
      (want.serialNumber === undefined || d.serialNumber === want.serialNumber) &&
      d.path !== undefined,
  );
  if (mine.length === 0) {
    throw new Error(`no HID device ${id}${want.serialNumber ? ` with serial ${want.serialNumber}` : ''} is connected`);
  }
  const pos = mine.find((d) => d.usagePage === HID_POS_USAGE_PAGE && d.usage === HID_POS_USAGE_SCANNER);
  if (pos) return pos;
  // Some platforms do not report usages: then the device is taken at its word.
  const unknown = mine.find((d) => d.usagePage === undefined || d.usagePage === 0);
  if (unknown) return unknown;
  const usages = mine.map((d) => `0x${(d.usagePage ?? 0).toString(16)}/0x${(d.usage ?? 0).toString(16)}`).join(', ');
  throw new Error(`HID device ${id} has no HID POS scanner interface (usage page/usage ${usages}); set the scanner to HID POS mode`);
}

/** A HID POS scanner, named `hid:VVVV:PPPP`. */
export class HidPosScanner extends ScannerBase {
  private handle: HidHandle | undefined;
  private readonly assembler = new HidPosAssembler();

  constructor(
    readonly device: HidDeviceUri,
    options: ScannerOptions = {},
  ) {
    super(formatDeviceUri(device), options);
  }

  protected async connect(): Promise<void> {
    const hid = await loadNodeHid();
    const info = pickHidPosInterface(await hid.devicesAsync(), this.device);
    const handle = await hid.HIDAsync.open(info.path!);
    this.assembler.reset();
    handle.on('data', (report: Buffer) => this.onReport(report));
    handle.on('error', (err: unknown) => {
      if (this.handle !== handle) return;
      this.assembler.reset(); // lost() → disconnect() closes the handle
      const why = err instanceof Error ? err.message : String(err);
      this.lost(`HID device ${this.uri.slice(4)} lost (${why})`);
    });
    this.handle = handle;
  }

  protected async disconnect(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    this.assembler.reset();
    if (!handle) return;
    try {
      await handle.close();
    } catch {
      // already gone with the device
    }
  }

  private onReport(report: Uint8Array): void {
    try {
      const barcode = this.assembler.push(report, this.now());
      if (!barcode) return;
      this.emitScan({
        data: barcode.data,
        ...(barcode.symbology ? { symbology: barcode.symbology } : {}),
        ...(barcode.aimId ? { aimId: barcode.aimId } : {}),
        receivedAt: new Date(barcode.lastAt).toISOString(),
        durationMs: barcode.lastAt - barcode.firstAt,
      });
    } catch (err) {
      this.report(err);
    }
  }
}
