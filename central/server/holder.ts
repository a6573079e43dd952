/**
 * Who holds a central data folder: `central.url` (the holder's pid, and its URL once it serves) and
 * `admin.token` (mode 0600) while `central serve` runs. PGlite admits one process, so every command
 * takes the folder (or finds its holder) here before opening the store. Light on purpose: a command that
 * goes through the running service loads neither the server nor the store.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const URL_FILE = 'central.url';
export const TOKEN_FILE = 'admin.token';

export interface ServingRecord {
  /** null while the process opens the store (or when a command uses it directly). */
  url: string | null;
  pid: number;
  /** PEM file of the TLS certificate, when serving https (the admin client pins it). */
  tls_cert?: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process holding a data folder, or null (a record left by a killed process is ignored). */
export function servingRecord(dataDir: string): ServingRecord | null {
  const path = join(resolve(dataDir), URL_FILE);
  if (!existsSync(path)) return null;
  try {
    const rec = JSON.parse(readFileSync(path, 'utf8')) as ServingRecord;
    return typeof rec.pid === 'number' && alive(rec.pid) ? rec : null;
  } catch {
    return null;
  }
}

/**
 * Takes the data folder for this process (PGlite admits one): writes `central.url` with our pid and no
 * URL yet. Returns the holder's record instead when another live process holds it.
 */
export function claimDataDir(dataDir: string): ServingRecord | null {
  const path = join(resolve(dataDir), URL_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, `${JSON.stringify({ url: null, pid: process.pid })}\n`, { mode: 0o644, flag: 'wx' });
      return null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = servingRecord(dataDir);
      if (holder) return holder;
      rmSync(path, { force: true }); // left by a killed process
    }
  }
  throw new Error(`cannot take ${path}`);
}

/** Gives the data folder back (only when this process holds it). */
export function releaseDataDir(dataDir: string): void {
  const path = join(resolve(dataDir), URL_FILE);
  try {
    const rec = JSON.parse(readFileSync(path, 'utf8')) as ServingRecord;
    if (rec.pid === process.pid) rmSync(path, { force: true });
  } catch {
    // already gone
  }
}

/** Waits until the holder of a data folder serves it (its URL is known) or is gone; null when gone. */
export async function waitForService(dataDir: string, timeoutMs = 120_000): Promise<ServingRecord | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rec = servingRecord(dataDir);
    if (!rec || rec.url) return rec;
    if (Date.now() > until) throw new Error(`process ${rec.pid} holds ${dataDir} but serves no URL yet`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
