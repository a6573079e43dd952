// What is plugged in: serial ports and HID devices, with a guess of what each is, for `guichet devices`.
// Never throws for a missing udev, libusb or native binary: it says what is missing instead.
import { readdir } from 'node:fs/promises';
import { HID_POS_USAGE_PAGE, HID_POS_USAGE_SCANNER } from './hid-pos-report.js';
import { loadNodeHid, loadSerialPort } from './load-native.js';

export interface ProbedDevice {
  readonly kind: 'serial' | 'hid';
  /** URI to give `--scanner`/`--printer` (a serial port's parameters still need choosing). */
  readonly uri: string;
  /** What it probably is, in words. */
  readonly guess: string;
  readonly path: string;
  readonly vendorId?: string;
  readonly productId?: string;
  readonly manufacturer?: string;
  readonly product?: string;
  readonly serialNumber?: string;
  readonly usagePage?: number;
  readonly usage?: number;
}

export interface ProbeProblem {
  /** What could not be looked at: `serial ports` or `HID devices`. */
  readonly what: string;
  readonly message: string;
}

export interface DeviceProbe {
  readonly devices: readonly ProbedDevice[];
  readonly problems: readonly ProbeProblem[];
}

/** USB vendors commonly met at a counter (vendor id as 4 lower-case hex digits). */
const VENDORS: Readonly<Record<string, { name: string; makes: 'scanner' | 'printer' | 'usb-serial' }>> = {
  '0c2e': { name: 'Honeywell (Metrologic)', makes: 'scanner' },
  '0536': { name: 'Hand Held Products (Honeywell)', makes: 'scanner' },
  '05e0': { name: 'Zebra (Symbol)', makes: 'scanner' },
  '05f9': { name: 'Datalogic', makes: 'scanner' },
  '1eab': { name: 'Newland', makes: 'scanner' },
  '0483': { name: 'STMicroelectronics (many generic scanners)', makes: 'scanner' },
  '04b8': { name: 'Epson', makes: 'printer' },
  '0519': { name: 'Star Micronics', makes: 'printer' },
  '0dd4': { name: 'Custom', makes: 'printer' },
  '1504': { name: 'Bixolon', makes: 'printer' },
  '154f': { name: 'SNBC', makes: 'printer' },
  '0fe6': { name: 'ICS Advent (generic thermal printers)', makes: 'printer' },
  '0416': { name: 'Winbond (generic thermal printers)', makes: 'printer' },
  '0403': { name: 'FTDI', makes: 'usb-serial' },
  '067b': { name: 'Prolific', makes: 'usb-serial' },
  '1a86': { name: 'QinHeng (CH340)', makes: 'usb-serial' },
  '10c4': { name: 'Silicon Labs (CP210x)', makes: 'usb-serial' },
};

const SCANNER_WORDS = /scan|barcode|bar code|imager|reader|honeywell|zebra|symbol|datalogic|newland|metrologic|zebex|voyager|xenon/i;

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/** What a guess says a device is, for a screen that names it in its own language. */
export function likelyOf(guess: string): 'scanner' | 'printer' | 'serial' | 'keyboard' | 'other' {
  // A keyboard-wedge scanner types into the window: like a keyboard, nothing to set up.
  if (/^keyboard/.test(guess)) return 'keyboard';
  if (/adapter|CDC-ACM|^USB–serial device|^built-in serial|^serial device$/.test(guess)) return 'serial';
  if (/scanner/i.test(guess)) return 'scanner';
  if (/printer/i.test(guess)) return 'printer';
  return 'other';
}

/** A guess for a serial port from its USB ids, names and path. */
export function guessSerial(port: { path: string; vendorId?: string; manufacturer?: string; pnpId?: string }): string {
  const vendor = port.vendorId ? VENDORS[port.vendorId.toLowerCase()] : undefined;
  if (vendor?.makes === 'scanner') return `serial barcode scanner (${vendor.name})`;
  if (vendor?.makes === 'printer') return `serial receipt printer (${vendor.name})`;
  if (vendor?.makes === 'usb-serial') return `USB–serial adapter (${vendor.name}): a scanner, printer or drawer behind it`;
  if (SCANNER_WORDS.test(`${port.manufacturer ?? ''} ${port.pnpId ?? ''}`)) return 'serial barcode scanner';
  if (/ttyACM/.test(port.path)) return 'USB CDC-ACM device (scanners in USB-COM mode appear so)';
  if (/ttyUSB/.test(port.path)) return 'USB–serial device';
  if (/ttyS\d+$|^COM\d+$/.test(port.path)) return 'built-in serial port (often nothing attached)';
  return 'serial device';
}

/** A guess for a HID interface from its usage and USB ids. */
export function guessHid(d: { vendorId: number; usagePage?: number; usage?: number; manufacturer?: string; product?: string }): string {
  const vendor = VENDORS[hex4(d.vendorId)];
  const named = SCANNER_WORDS.test(`${d.manufacturer ?? ''} ${d.product ?? ''}`) || vendor?.makes === 'scanner';
  if (d.usagePage === HID_POS_USAGE_PAGE && d.usage === HID_POS_USAGE_SCANNER) return 'HID POS barcode scanner (usable as hid:)';
  if (d.usagePage === HID_POS_USAGE_PAGE) return `HID POS device (usage 0x${(d.usage ?? 0).toString(16)})`;
  if (d.usagePage === 0x01 && d.usage === 0x06) {
    return named ? 'keyboard-wedge barcode scanner (read by the UI, or switch it to HID POS mode)' : 'keyboard';
  }
  if (d.usagePage === 0x01 && d.usage === 0x02) return 'mouse';
  if (vendor?.makes === 'printer') return `receipt printer interface (${vendor.name})`;
  if (named) return 'barcode scanner (vendor interface)';
  if (d.usagePage !== undefined && d.usagePage >= 0xff00) return 'vendor-specific HID interface';
  return 'HID device';
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function probeSerial(devices: ProbedDevice[], problems: ProbeProblem[]): Promise<void> {
  let ports: Awaited<ReturnType<Awaited<ReturnType<typeof loadSerialPort>>['SerialPort']['list']>>;
  try {
    const { SerialPort } = await loadSerialPort();
    ports = await SerialPort.list();
  } catch (err) {
    const text = message(err);
    const why = /udevadm/.test(text) ? 'udev is missing (udevadm not found or failed)' : text;
    const fallback = await ttyNodes();
    problems.push({
      what: 'serial ports',
      message: `cannot list serial ports: ${why}; ${fallback.length} port(s) found in /dev instead, and any port can be used by typing its path (serial:/dev/…)`,
    });
    ports = fallback.map((path) => ({ path, manufacturer: undefined, serialNumber: undefined, pnpId: undefined, locationId: undefined, productId: undefined, vendorId: undefined }));
  }
  for (const p of ports) {
    devices.push({
      kind: 'serial',
      uri: `serial:${p.path}`,
      guess: guessSerial({ path: p.path, ...defined({ vendorId: p.vendorId, manufacturer: p.manufacturer, pnpId: p.pnpId }) }),
      path: p.path,
      ...defined({
        vendorId: p.vendorId?.toLowerCase(),
        productId: p.productId?.toLowerCase(),
        manufacturer: p.manufacturer,
        serialNumber: p.serialNumber,
      }),
    });
  }
}

/** Serial device nodes by name, when listing through udev is impossible. */
async function ttyNodes(): Promise<string[]> {
  try {
    const names = await readdir('/dev');
    return names
      .filter((n) => /^tty(USB|ACM|S|AMA)\d+$/.test(n))
      .sort()
      .map((n) => `/dev/${n}`);
  } catch {
    return [];
  }
}

async function probeHid(devices: ProbedDevice[], problems: ProbeProblem[]): Promise<void> {
  try {
    const hid = await loadNodeHid();
    for (const d of await hid.devicesAsync()) {
      devices.push({
        kind: 'hid',
        uri: `hid:${hex4(d.vendorId)}:${hex4(d.productId)}`,
        guess: guessHid({ vendorId: d.vendorId, ...defined({ usagePage: d.usagePage, usage: d.usage, manufacturer: d.manufacturer, product: d.product }) }),
        path: d.path ?? '',
        vendorId: hex4(d.vendorId),
        productId: hex4(d.productId),
        ...defined({
          manufacturer: d.manufacturer,
          product: d.product,
          serialNumber: d.serialNumber,
          usagePage: d.usagePage,
          usage: d.usage,
        }),
      });
    }
  } catch (err) {
    problems.push({ what: 'HID devices', message: `cannot list HID devices: ${message(err)}` });
  }
}

/** Drops undefined and empty-string fields (for exactOptional-style objects and tidy JSON). */
function defined<T extends Record<string, string | number | undefined>>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** Lists serial ports and HID devices. Problems (no udev, no libusb, no binary) are reported, not thrown. */
export async function probeDevices(): Promise<DeviceProbe> {
  const devices: ProbedDevice[] = [];
  const problems: ProbeProblem[] = [];
  await probeSerial(devices, problems);
  await probeHid(devices, problems);
  return { devices, problems };
}
