/**
 * The browser host's port, remembered in the data folder (`DATA/kiosk-port`) like the demo central's
 * (demo-central.ts): a tab left open finds the kiosk at the same address after a restart (#41). The
 * remembered port is taken again at each start; when another program holds it, a free one is taken,
 * remembered, and the move said. A port given on the command line (`--port`) is used as given and not
 * remembered.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBrowserHost, type BrowserHost, type BrowserHostOptions } from '../browser/server.js';

export const KIOSK_PORT_FILE = 'kiosk-port';

/** The port remembered in the folder, or null (none yet, or not a port). */
export function rememberedKioskPort(dataDir: string): number | null {
  const file = path.join(dataDir, KIOSK_PORT_FILE);
  if (!existsSync(file)) return null;
  const port = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(port) && port > 0 && port < 65_536 ? port : null;
}

export interface KioskHostStart {
  readonly host: BrowserHost;
  /** The remembered port was taken by another program: the one it had (the host is on another now). */
  readonly movedFrom: number | null;
}

function taken(err: unknown): boolean {
  return (err as { code?: unknown })?.code === 'EADDRINUSE';
}

/** Starts the browser host on the folder's remembered port (or a free one the first time), and remembers it. */
export async function startKioskBrowserHost(dataDir: string, options: Omit<BrowserHostOptions, 'port'>): Promise<KioskHostStart> {
  const remembered = rememberedKioskPort(dataDir);
  let host: BrowserHost;
  let movedFrom: number | null = null;
  try {
    host = await startBrowserHost({ ...options, port: remembered ?? 0 });
  } catch (err) {
    if (remembered === null || !taken(err)) throw err;
    movedFrom = remembered;
    host = await startBrowserHost({ ...options, port: 0 });
  }
  const port = Number(new URL(host.origin).port);
  if (port !== remembered) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, KIOSK_PORT_FILE), `${port}\n`);
  }
  return { host, movedFrom };
}
