/**
 * The kiosk's browser host keeps its address from one start to the next (#41, finding 11): the port is
 * remembered in the data folder and taken again; held by another program, a free one is taken, the move
 * said and the new one remembered.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HostApp } from '../../../../main/app/app.js';
import { KIOSK_PORT_FILE, rememberedKioskPort, startKioskBrowserHost } from '../../../../main/hosts/kiosk/kiosk-port.js';

const APP: HostApp = {
  call: () => Promise.resolve({ ok: false, error: { code: 'not-provisioned', message: 'test' } }),
  subscribe: () => () => undefined,
  close: () => undefined,
};

let dataDir: string;
const closing: (() => Promise<void>)[] = [];
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-kiosk-port-'));
});
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  const started = await startKioskBrowserHost(dataDir, { app: APP, staticDir: dataDir });
  closing.push(() => started.host.close());
  return { ...started, port: Number(new URL(started.host.origin).port) };
}

function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

describe('the kiosk’s remembered port', () => {
  it('a restart serves at the same address', async () => {
    const first = await start();
    expect(rememberedKioskPort(dataDir)).toBe(first.port);
    await closing.pop()?.();
    const second = await start();
    expect(second.port).toBe(first.port);
    expect(second.movedFrom).toBeNull();
  });

  it('a remembered port held by another program: another one, said and remembered', async () => {
    const first = await start();
    await closing.pop()?.();
    // Another program takes the kiosk's port while it is stopped.
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(first.port, '127.0.0.1', resolve));
    closing.push(() => new Promise((resolve) => other.close(() => resolve())));
    expect(portOf(other)).toBe(first.port);
    const moved = await start();
    expect(moved.movedFrom).toBe(first.port);
    expect(moved.port).not.toBe(first.port);
    expect(Number(readFileSync(path.join(dataDir, KIOSK_PORT_FILE), 'utf8'))).toBe(moved.port);
  });
});
