// Printing to a device file such as `/dev/usb/lp0` (Linux usblp): write-only, no status answers.
import { constants, promises as fs } from 'node:fs';
import { PrinterError } from '../../main/devices/printer.js';
import type { FileDeviceUri } from '../../main/devices/uri.js';
import { openError, withTimeout, writeError, type PrinterLink } from './link.js';

export interface FileLinkOptions {
  /** Write timeout (default 10000 ms: a usblp device blocks while the printer is offline). */
  readonly timeoutMs?: number;
}

/**
 * Opens the device file for writing, without creating it: a missing `/dev/usb/lp0` means the printer
 * is unplugged or off, and is reported as `offline` rather than silently printing into a new file.
 */
export async function openFileLink(device: FileDeviceUri, uri: string, options: FileLinkOptions = {}): Promise<PrinterLink> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let handle: fs.FileHandle;
  try {
    handle = await withTimeout(fs.open(device.path, constants.O_WRONLY | constants.O_APPEND), timeoutMs, 'opening the device', uri);
  } catch (err) {
    throw err instanceof PrinterError ? err : openError(uri, err);
  }
  return {
    uri,
    bidirectional: false,
    async write(bytes) {
      try {
        // A device may take part of a buffer per call: write until all of it is taken.
        let offset = 0;
        while (offset < bytes.length) {
          const { bytesWritten } = await withTimeout(handle.write(bytes, offset), timeoutMs, 'sending the job', uri);
          offset += bytesWritten;
        }
      } catch (err) {
        throw writeError(uri, err);
      }
    },
    read() {
      return Promise.reject(new PrinterError('io', `${uri} is write-only: the printer cannot answer on it`));
    },
    discardInput() {},
    async close() {
      await handle.close().catch(() => undefined);
    },
  };
}
