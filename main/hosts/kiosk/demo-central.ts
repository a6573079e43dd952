/**
 * The demo central: the lottery's service for the demo terminal, on 127.0.0.1, its store in
 * `DATA/demo-central` and its key the demo lottery's. Like the demo lottery, it runs only as child
 * processes `guichet central …` (a checkout only; the terminal never loads central's code). Its port is
 * chosen at the first start and remembered in `DATA/demo-central/port`; when that port is taken at a
 * later start, another is chosen and the terminal's stored central URL follows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setCentralUrl } from '../../../db/queries/sync-state.js';
import { openLotteryTerminal } from '../../kernel/open.js';
import { guichetBin } from './guichet-bin.js';

/**
 * The demo's child processes (the lottery's commands, the central) end with this process: each is
 * tracked until it exits, stopped by stopDemoChildren() (a kiosk stopped while the demo is being set
 * up) and, as a last resort, sent SIGTERM when this process exits. A signal that ends this process
 * without its 'exit' event would leave them running: the kiosk handles SIGINT and SIGTERM itself.
 */
const children = new Set<ChildProcess>();
let closing = false;
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

/** Tracks a child of the demo (see above); once stopping, a new one is stopped at once. */
export function endsWithThisProcess<C extends ChildProcess>(child: C): C {
  if (child.exitCode !== null || child.signalCode !== null) return child;
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (closing) child.kill('SIGTERM');
  return child;
}

/** Stops every child of the demo still running (SIGTERM) and waits for their exits; no new one runs after. */
export async function stopDemoChildren(): Promise<void> {
  closing = true;
  await Promise.all(
    [...children].map((child) => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      return exited;
    }),
  );
}

/** Points the terminal at the demo central's current address (its port may have changed since the last start). */
function pointAtDemoCentral(dataDir: string, url: string): void {
  const t = openLotteryTerminal(dataDir);
  try {
    setCentralUrl(t.db, url);
  } finally {
    t.close();
  }
}

export function demoCentralDir(root: string): string {
  return path.join(root, 'demo-central');
}

/** True when this data folder's demo terminal was set up with a demo central. */
export function hasDemoCentral(root: string): boolean {
  return existsSync(path.join(demoCentralDir(root), 'port'));
}

function binOrThrow(): string {
  const bin = guichetBin();
  if (!bin) throw new Error("the demo central needs the lottery's tools (guichet central), which only a checkout holds");
  return bin;
}

function childEnv(): NodeJS.ProcessEnv {
  // PGlite in the folder, never a configured PostgreSQL; under Electron, its binary runs as Node.
  return { ...process.env, GUICHET_DATABASE_URL: '', ...(process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}) };
}

/** Runs `guichet central ARGS` to its end; its standard output. */
export async function runCentralCommand(args: readonly string[]): Promise<string> {
  const child = endsWithThisProcess(spawn(process.execPath, [binOrThrow(), 'central', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv() }));
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  });
  if (code !== 0) throw new Error(`guichet central ${args.join(' ')} failed (exit ${code}): ${err.trim()}`);
  return out;
}

export interface DemoCentral {
  readonly url: string;
  readonly port: number;
  /** Stops the child (SIGTERM) and waits for it. */
  stop(): Promise<void>;
}

function serveOn(dir: string, port: number): Promise<{ url: string; child: ChildProcess }> {
  const child = endsWithThisProcess(
    spawn(process.execPath, [binOrThrow(), 'central', 'serve', '--data', dir, '--listen', `127.0.0.1:${port}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnv(),
    }),
  );
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^central listening on (\S+)$/.exec(line);
      if (m) resolve({ url: m[1] as string, child });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`guichet central serve exited (${String(code)}): ${err.trim()}`)));
  });
}

/**
 * Starts `guichet central serve` on the demo central's folder: on its remembered port, else (first start,
 * or the port is taken) on a free one, remembered. The child is stopped by stop(), or with this process (above).
 */
export async function startDemoCentral(root: string): Promise<DemoCentral> {
  const dir = demoCentralDir(root);
  const portFile = path.join(dir, 'port');
  const remembered = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').trim()) : 0;
  let served: { url: string; child: ChildProcess };
  try {
    served = await serveOn(dir, Number.isInteger(remembered) && remembered > 0 && remembered < 65_536 ? remembered : 0);
  } catch (err) {
    if (!remembered) throw err;
    served = await serveOn(dir, 0);
  }
  const port = Number(new URL(served.url).port);
  if (port !== remembered) writeFileSync(portFile, `${port}\n`);
  const { child } = served;
  return {
    url: served.url,
    port,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The kiosk's demo central (`--demo` on a folder whose demo terminal has one): served, and the
 * terminal pointed at its address; null when the folder has none.
 */
export async function serveDemoCentral(dataDir: string): Promise<DemoCentral | null> {
  if (!hasDemoCentral(dataDir)) return null;
  const central = await startDemoCentral(dataDir);
  try {
    pointAtDemoCentral(dataDir, central.url);
  } catch (err) {
    await central.stop();
    throw err;
  }
  return central;
}
