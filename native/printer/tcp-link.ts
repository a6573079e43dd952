// Raw TCP printing (AppSocket / JetDirect, port 9100): one connection per job.
import net from 'node:net';
import { PrinterError } from '../../main/devices/printer.js';
import type { TcpDeviceUri } from '../../main/devices/uri.js';
import { Inbox, openError, withTimeout, writeError, type PrinterLink } from './link.js';

export interface TcpLinkOptions {
  /** Connect and write timeout (default 5000 ms). */
  readonly timeoutMs?: number;
}

/** Connects to a network printer. Rejects with a `PrinterError` (`offline`, `timeout`, `io`). */
export async function openTcpLink(device: TcpDeviceUri, uri: string, options: TcpLinkOptions = {}): Promise<PrinterLink> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const socket = new net.Socket();
  const inbox = new Inbox(uri);
  let failure: unknown = null;

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new PrinterError('timeout', `no answer from the printer at ${uri} within ${timeoutMs} ms (connect)`));
    }, timeoutMs);
    socket.once('error', (err) => {
      clearTimeout(timer);
      socket.destroy();
      reject(openError(uri, err));
    });
    socket.connect({ host: device.host, port: device.port }, () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve();
    });
  });

  socket.setNoDelay(true);
  socket.on('data', (chunk: Buffer) => inbox.push(chunk));
  socket.on('error', (err) => {
    failure = err;
    inbox.end(writeError(uri, err));
  });
  socket.on('end', () => inbox.end(new PrinterError('disconnected', `the printer at ${uri} closed the connection`)));
  socket.on('close', () => inbox.end(new PrinterError('disconnected', `the connection to the printer at ${uri} was closed`)));

  return {
    uri,
    bidirectional: true,
    async write(bytes) {
      if (inbox.endedWith) throw failure ? writeError(uri, failure) : inbox.endedWith;
      const written = new Promise<void>((resolve, reject) => {
        socket.write(bytes, (err) => (err ? reject(writeError(uri, err)) : resolve()));
      });
      await withTimeout(written, timeoutMs, 'sending the job', uri);
    },
    read: (count, ms) => inbox.read(count, ms),
    discardInput: () => inbox.discard(),
    async close() {
      if (socket.destroyed) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          socket.destroy();
          resolve();
        }, 1000);
        socket.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        socket.end();
      });
    },
  };
}
