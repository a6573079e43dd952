// A network printer on 127.0.0.1 (port chosen by the OS) with a FakePrinter behind it.
import net from 'node:net';
import { FakePrinter } from './fake-printer.js';

export interface TcpPrinterServer {
  readonly port: number;
  readonly uri: string;
  readonly printer: FakePrinter;
  /** Drops the connection once this many bytes of a connection have arrived (the printer goes away mid-receipt). */
  closeAfterBytes: number | null;
  /** Connections accepted so far. */
  connections: number;
  close(): Promise<void>;
}

export async function startTcpPrinter(): Promise<TcpPrinterServer> {
  const printer = new FakePrinter();
  const sockets = new Set<net.Socket>();
  const server = net.createServer();
  const handle: TcpPrinterServer = {
    port: 0,
    uri: '',
    printer,
    closeAfterBytes: null,
    connections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  server.on('connection', (socket) => {
    handle.connections++;
    sockets.add(socket);
    let seen = 0;
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      const limit = handle.closeAfterBytes;
      if (limit !== null && seen + chunk.length >= limit) {
        printer.receive(chunk.subarray(0, Math.max(0, limit - seen)));
        seen = limit;
        socket.resetAndDestroy();
        return;
      }
      seen += chunk.length;
      const answer = printer.receive(chunk);
      if (answer.length > 0) socket.write(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return Object.assign(handle, { port, uri: `tcp://127.0.0.1:${port}` });
}
