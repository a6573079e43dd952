// Opens a printer from its device URI.
import type { Printer } from '../../main/devices/printer.js';
import { DeviceUriError, formatDeviceUri, parseDeviceUriOf } from '../../main/devices/uri.js';
import { EscPosPrinter } from './escpos-printer.js';
import { openFileLink } from './file-link.js';
import { PAPER_80MM, type Paper } from './paper.js';
import { openSerialLink } from './serial-link.js';
import { openTcpLink } from './tcp-link.js';
import { VirtualPrinter } from './virtual-printer.js';

export interface OpenPrinterOptions {
  readonly paper?: Paper;
  /** Connect/write timeout of the link (defaults: 5 s TCP, 10 s serial and device file). */
  readonly timeoutMs?: number;
  /** Wait for each status answer (default 1500 ms). */
  readonly statusTimeoutMs?: number;
  /** Folder where a virtual printer saves its receipts (bytes and PNG). */
  readonly virtualDir?: string;
}

const virtualPrinters = new Map<string, VirtualPrinter>();

/**
 * A printer for `serial:…`, `tcp://host:port`, `file:/dev/usb/lp0` or `virtual:[name]`. Nothing is
 * opened yet: each job opens the link. The same virtual name gives the same virtual printer within
 * the process. Throws a `DeviceUriError` for a malformed URI or a scheme that is not a printer's.
 */
export function openPrinter(uri: string, options: OpenPrinterOptions = {}): Printer {
  const device = parseDeviceUriOf(uri, ['serial', 'tcp', 'file', 'virtual']);
  const name = formatDeviceUri(device);
  const paper = options.paper ?? PAPER_80MM;
  const timeouts = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  const printerOptions = { paper, ...(options.statusTimeoutMs === undefined ? {} : { statusTimeoutMs: options.statusTimeoutMs }) };
  switch (device.scheme) {
    case 'tcp':
      return new EscPosPrinter(name, () => openTcpLink(device, name, timeouts), printerOptions);
    case 'serial':
      return new EscPosPrinter(name, () => openSerialLink(device, name, timeouts), printerOptions);
    case 'file':
      return new EscPosPrinter(name, () => openFileLink(device, name, timeouts), printerOptions);
    case 'virtual': {
      let printer = virtualPrinters.get(device.name);
      if (!printer) {
        printer = new VirtualPrinter(name, { paper, ...(options.virtualDir ? { dir: options.virtualDir } : {}) });
        virtualPrinters.set(device.name, printer);
      }
      return printer;
    }
    default:
      throw new DeviceUriError(uri, 'not a printer');
  }
}
