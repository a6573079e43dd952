// Serial printing (RS-232 or USB-serial): the port is opened for one job and closed after.
import { SerialPort } from 'serialport';
import { PrinterError } from '../../main/devices/printer.js';
import type { SerialDeviceUri } from '../../main/devices/uri.js';
import { Inbox, openError, withTimeout, writeError, type PrinterLink } from './link.js';

export interface SerialLinkOptions {
  /** Write timeout (default 10000 ms: a slow line with flow control may hold a receipt for seconds). */
  readonly timeoutMs?: number;
}

/** Opens a serial printer port. Rejects with a `PrinterError` (`offline` when the port does not exist). */
export async function openSerialLink(device: SerialDeviceUri, uri: string, options: SerialLinkOptions = {}): Promise<PrinterLink> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const port = new SerialPort({
    path: device.path,
    baudRate: device.baudRate,
    dataBits: device.dataBits,
    parity: device.parity,
    stopBits: device.stopBits,
    rtscts: device.flowControl === 'rtscts',
    xon: device.flowControl === 'xonxoff',
    xoff: device.flowControl === 'xonxoff',
    autoOpen: false,
  });
  const inbox = new Inbox(uri);

  await new Promise<void>((resolve, reject) => {
    port.open((err) => (err ? reject(openError(uri, err)) : resolve()));
  });

  port.on('data', (chunk: Buffer) => inbox.push(chunk));
  port.on('error', (err) => inbox.end(writeError(uri, err)));
  port.on('close', (err?: Error & { disconnected?: boolean }) => {
    inbox.end(
      new PrinterError('disconnected', `the printer at ${uri} went away (${err?.disconnected ? 'port disconnected' : 'port closed'})`, {
        cause: err,
      }),
    );
  });

  return {
    uri,
    bidirectional: true,
    async write(bytes) {
      if (inbox.endedWith) throw inbox.endedWith;
      const written = new Promise<void>((resolve, reject) => {
        // When the port has just been found gone, that is the better explanation of a failed write.
        const fail = (err: Error): void => reject(inbox.endedWith ?? writeError(uri, err));
        port.write(Buffer.from(bytes), (err) => {
          if (err) return fail(err);
          port.drain((drainErr) => (drainErr ? fail(drainErr) : resolve()));
        });
      });
      await withTimeout(written, timeoutMs, 'sending the job', uri);
      if (inbox.endedWith) throw inbox.endedWith;
    },
    read: (count, ms) => inbox.read(count, ms),
    discardInput: () => inbox.discard(),
    async close() {
      if (!port.isOpen) return;
      await new Promise<void>((resolve) => port.close(() => resolve()));
    },
  };
}
