/**
 * A TCP tap for tests, on loopback: it passes every byte on both ways and keeps a copy (what an
 * eavesdropper sees of a TLS channel).
 */
import net, { type AddressInfo, type Socket } from 'node:net';

export interface Tap {
  /** 127.0.0.1:PORT to connect to instead of central. */
  readonly port: number;
  /** Every byte seen so far, both ways. */
  captured(): Buffer;
  close(): Promise<void>;
}

/** A TCP tap before `target` (host:port on loopback): passes every byte on, keeps a copy. */
export async function startTap(options: { targetPort: number }): Promise<Tap> {
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server = net.createServer((client) => {
    const up = net.connect(options.targetPort, '127.0.0.1');
    for (const s of [client, up]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.on('data', (c: Buffer) => {
      chunks.push(Buffer.from(c));
      up.write(c);
    });
    up.on('data', (c: Buffer) => {
      chunks.push(Buffer.from(c));
      client.write(c);
    });
    client.on('end', () => up.end());
    up.on('end', () => client.end());
    client.on('close', () => up.destroy());
    up.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    captured: () => Buffer.concat(chunks),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
