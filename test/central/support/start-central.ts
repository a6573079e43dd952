/**
 * Starts a central service for tests: a store in a temporary folder (PGlite, or a PostgreSQL URL), the
 * service on 127.0.0.1 with a free port, and terminals registered with their one-time codes.
 *
 *   const c = await startCentral({ terminals: ['T1'] });
 *   // c.url, c.enrolmentCode (of the first terminal), c.codes.T1, c.lotteryKey.publicKeyPem …
 *   await c.close();
 *
 * `spawnCentral` runs `node bin/guichet.js central serve` as a child process instead (to kill it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Central } from '../../../central/store/context.js';
import { setConfig } from '../../../central/store/feed.js';
import { addTerminal } from '../../../central/store/terminals.js';
import { serveCentral } from '../../../central/server/serve.js';
import { initTestCentral } from './engines.js';
import { rememberLetter } from './letters.js';

export interface StartedCentral {
  url: string;
  dataDir: string;
  /** The emission key's file (PKCS#8 PEM): `createEmission({ keyFile })` signs outcome files central publishes. */
  lotteryKeyFile: string;
  /** The lottery root's private key file (outside the data folder) and its fingerprint (the enrolment letter's). */
  rootKeyFile: string;
  root: string;
  /** Central's online key (signs enrolment answers and the feed). */
  lotteryKey: Central['lotteryKey'];
  /** The first terminal's one-time enrolment code. */
  enrolmentCode: string;
  /** One-time codes by terminal id. */
  codes: Record<string, string>;
  /** The running service's store (for assertions on what central holds). */
  central: Central;
  /** Moves central's clock (ms added to real time). */
  setClockOffset(ms: number): void;
  close(): Promise<void>;
}

export interface StartOptions {
  /** postgresql://… ; PGlite in the data folder when absent. */
  databaseUrl?: string;
  /** Terminals to register (default ['T1']). */
  terminals?: readonly string[];
  /** Each terminal's retailer by its id (default `Retailer <id>`: one shop each). */
  retailers?: Readonly<Record<string, string>>;
  /** Folder to use (default: a new temporary one, removed by close()). */
  dataDir?: string;
  /**
   * Refuse packs never shipped to a retailer, as a real central does (default false here: the tests that
   * are not about shipping let the first terminal receive a pack; `packs_require_shipment` false).
   */
  requireShipment?: boolean;
  /** The structured log: its level (default silent) and where its lines go. */
  logLevel?: string;
  logStream?: { write(line: string): void };
}

export async function startCentral(opts: StartOptions = {}): Promise<StartedCentral> {
  const tmp = opts.dataDir ? null : mkdtempSync(join(tmpdir(), 'guichet-central-'));
  const dataDir = opts.dataDir ?? join(tmp as string, 'central');
  // Keys live outside the data folder (the root must): beside it.
  const lotteryKeyFile = join(tmp ?? join(dataDir, '..'), tmp ? 'lottery.key' : `${basename(dataDir)}-lottery.key`);
  let offset = 0;
  const now = (): string => new Date(Date.now() + offset).toISOString();
  const init = await initTestCentral({ dataDir, databaseUrl: opts.databaseUrl, keyFile: lotteryKeyFile, now });
  const codes: Record<string, string> = {};
  for (const id of opts.terminals ?? ['T1']) codes[id] = rememberLetter(await addTerminal(init.central, 'test', id, opts.retailers?.[id] ?? `Retailer ${id}`));
  if (!opts.requireShipment) await setConfig(init.central, 'test', 'packs_require_shipment', false);
  await init.central.db.close();
  const running = await serveCentral({ dataDir, databaseUrl: opts.databaseUrl, listen: '127.0.0.1:0', now, log: () => undefined, ...(opts.logLevel ? { logLevel: opts.logLevel } : {}), ...(opts.logStream ? { logStream: opts.logStream } : {}) });
  return {
    url: running.url,
    dataDir,
    lotteryKeyFile,
    rootKeyFile: init.rootKeyFile,
    root: init.rootFingerprint,
    lotteryKey: running.central.lotteryKey,
    enrolmentCode: Object.values(codes)[0] ?? '',
    codes,
    central: running.central,
    setClockOffset: (ms) => {
      offset = ms;
    },
    async close() {
      await running.close();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    },
  };
}

export const GUICHET_BIN = resolve(import.meta.dirname, '../../../bin/guichet.js');

export interface SpawnedCentral {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal) once the process ended. */
  exited: Promise<number | NodeJS.Signals | null>;
  stderr(): string;
}

/** Runs `guichet central serve --data DIR --listen 127.0.0.1:0` and waits for its URL line. */
export async function spawnCentral(dataDir: string, opts: { databaseUrl?: string; listen?: string } = {}): Promise<SpawnedCentral> {
  // GUICHET_CENTRAL_NODE_ARGS: node options for the served process (e.g. --cpu-prof, to profile it under the load bench).
  const nodeArgs = (process.env.GUICHET_CENTRAL_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [...nodeArgs, GUICHET_BIN, 'central', 'serve', '--data', dataDir, '--listen', opts.listen ?? '127.0.0.1:0'];
  if (opts.databaseUrl) args.push('--database-url', opts.databaseUrl);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { GUICHET_LOG_LEVEL: 'warn', ...process.env, GUICHET_DATABASE_URL: '' } });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((r) => child.once('exit', (code, signal) => r(code ?? signal)));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const m = /^central listening on (\S+)$/.exec(line);
      if (m) resolveUrl(m[1] as string);
    });
    void exited.then((code) => reject(new Error(`central serve exited (${String(code)}) before listening: ${err}`)));
  });
  return { url, child, exited, stderr: () => err };
}
