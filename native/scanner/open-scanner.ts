// The scanner factory: a device URI in, a Scanner out. Drivers load on demand, so a missing native
// module only affects the scanners that need it.
import type { Scanner } from '../../main/devices/scanner.js';
import { DeviceUriError, formatDeviceUri, parseDeviceUri, type DeviceUri } from '../../main/devices/uri.js';
import type { SerialScannerOptions } from './serial-scanner.js';

export type OpenScannerOptions = SerialScannerOptions;

/**
 * Creates the scanner a URI names (`serial:`, `hid:`, `virtual:`) and opens it. Throws
 * {@link DeviceUriError} for a bad URI or a scheme that is not a scanner; a missing or failing device
 * does not throw: the scanner is returned `waiting` and keeps retrying (see {@link Scanner.open}).
 */
export async function openScanner(uri: string | DeviceUri, options: OpenScannerOptions = {}): Promise<Scanner> {
  const scanner = await createScanner(uri, options);
  await scanner.open();
  return scanner;
}

/** Like {@link openScanner} without opening, for callers that attach listeners first. */
export async function createScanner(uri: string | DeviceUri, options: OpenScannerOptions = {}): Promise<Scanner> {
  const device = typeof uri === 'string' ? parseDeviceUri(uri) : uri;
  switch (device.scheme) {
    case 'serial': {
      const { SerialScanner } = await import('./serial-scanner.js');
      return new SerialScanner(device, options);
    }
    case 'hid': {
      const { HidPosScanner } = await import('./hid-pos-scanner.js');
      return new HidPosScanner(device, options);
    }
    case 'virtual': {
      const { virtualScanner } = await import('./virtual-scanner.js');
      return virtualScanner(device, options);
    }
    case 'tcp':
    case 'file':
      throw new DeviceUriError(
        typeof uri === 'string' ? uri : formatDeviceUri(device),
        `a scanner cannot be reached through '${device.scheme}:' (use serial:, hid: or virtual:)`,
      );
  }
}
