/**
 * Issue 39 (medium 10): central held 400 slow bodies for 130 s and accepted 900 idle connections. Now a
 * request not fully received within the request time-out is cut off, and connections beyond the cap
 * are refused while those already open still work. The time-outs here are small ones passed as options;
 * the test waits for the server's events, never for a duration of its own.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCentralServer } from '../../../central/server/app.js';
import type { Central } from '../../../central/store/context.js';

// No answer here reads the store: a central whose every use throws; the metrics keep a handle on the database.
const refuse = (what: string) => new Proxy({}, { get: (_t, p) => { throw new Error(`asked ${what} for ${String(p)}`); } });
const noStore = new Proxy({}, { get: (_t, p) => (p === 'db' ? refuse('the database') : refuse('central')[p as never]) }) as Central;

let app: ReturnType<typeof buildCentralServer> | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await app?.close();
  app = undefined;
});

async function listening(limits: Parameters<typeof buildCentralServer>[1]): Promise<number> {
  app = buildCentralServer(noStore, { log: () => undefined, ...limits });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

/** A connection, with everything it receives until it closes. */
async function open(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<unknown> }> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let data = '';
  socket.on('data', (d: Buffer) => (data += d.toString()));
  socket.on('error', () => undefined);
  const closed = once(socket, 'close');
  await once(socket, 'connect');
  return { socket, received: () => data, closed };
}

describe("central's connection limits", () => {
  it('cuts off a request whose body comes too slowly, and a connection that sends nothing', async () => {
    const port = await listening({ limits: { requestTimeoutMs: 200, checkIntervalMs: 50 } });
    const slow = await open(port);
    slow.socket.write('POST /v1/enrol HTTP/1.1\r\nhost: central\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{');
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    // A connection that sends nothing at all is closed likewise.
    const idle = await open(port);
    await idle.closed;
    expect(idle.received()).toMatch(/^HTTP\/1\.1 408 /);
  }, 15_000);

  it('refuses connections beyond the cap, and serves those already open', async () => {
    const port = await listening({ limits: { maxConnections: 2 } });
    const bothAccepted = new Promise<void>((resolve) => {
      let n = 0;
      app!.server.on('connection', () => ++n === 2 && resolve());
    });
    const accepted = [await open(port), await open(port)];
    await bothAccepted; // the server holds both before the third arrives
    const dropped = once(app!.server, 'drop');
    const third = await open(port).catch(() => null);
    await dropped;
    if (third) await third.closed;
    expect(third?.received() ?? '').toBe('');
    accepted[0]!.socket.write('GET /no-such-page HTTP/1.1\r\nhost: central\r\nconnection: close\r\n\r\n');
    await accepted[0]!.closed;
    expect(accepted[0]!.received()).toMatch(/^HTTP\/1\.1 404 /);
  }, 15_000);
});
