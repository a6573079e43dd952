/**
 * The demo terminal the end-to-end tests copy: one real first start of `guichet kiosk --browser --demo`
 * on an empty folder (which also sets up its demo central), then stopped. Made once per run by the
 * global set-up (global-setup.ts), which hands its folder to the workers in DEMO_TEMPLATE_ENV.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
export const guichet = path.join(root, 'bin', 'guichet.js');

/** The demo central's store in a data folder (see main/hosts/kiosk/demo-central.ts). */
export const DEMO_CENTRAL_DIR = 'demo-central';
/** The environment variable that names the run's demo template folder. */
export const DEMO_TEMPLATE_ENV = 'GUICHET_E2E_DEMO_TEMPLATE';

/** A fresh demo terminal in a new temporary folder: first start, stopped, with no central left running. */
export async function makeDemoTemplate(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-e2e-template-'));
  const { child } = await startKiosk(dir, { timeoutMs: 240_000 });
  await stopChild(child);
  await noLeftCentral(dir);
  return dir;
}

/** Starts `guichet kiosk --browser` on `dataDir`: the demo terminal (--demo) unless `demo` is false. */
export async function startKiosk(dataDir: string, options: { demo?: boolean; timeoutMs?: number } = {}): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const args = [guichet, 'kiosk', '--browser', '--data', dataDir, '--port', '0', ...(options.demo === false ? [] : ['--demo'])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    // A time-out catches a hang, never a slow machine: generous, and the child is stopped so it outlives nothing.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`kiosk did not start:\n${out}\n${err}`));
    }, options.timeoutMs ?? 150_000);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Guichet kiosk: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`kiosk exited (${code}):\n${out}\n${err}`));
    });
  });
  return { url, child, output: () => out };
}

/** Stops a kiosk child (SIGTERM: it closes its terminal and its demo central) and waits for its exit. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  // A kiosk that does not stop on SIGTERM is killed, and the test fails: nothing outlives its test.
  let timer: NodeJS.Timeout | undefined;
  const hung = await Promise.race([exited.then(() => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(true), 60_000)))]);
  clearTimeout(timer);
  if (hung) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`kiosk ${child.pid} did not stop within 60 s of SIGTERM: killed`);
  }
}

/**
 * A kiosk stopped must leave no demo central behind (it once did after its first `--demo` start; fixed
 * by main/hosts/kiosk/stop-on-signals.ts): a leftover still holding `demo-central/central.url` is
 * stopped here (SIGTERM, then SIGKILL) and fails the test that left it.
 */
export async function noLeftCentral(dataDir: string): Promise<void> {
  const record = path.join(dataDir, DEMO_CENTRAL_DIR, 'central.url');
  if (!existsSync(record)) return;
  const { pid } = JSON.parse(readFileSync(record, 'utf8')) as { pid?: unknown };
  if (typeof pid !== 'number') return;
  const alive = (): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(pid, 'SIGKILL');
  throw new Error(`the kiosk of ${dataDir} stopped but left its demo central running (pid ${pid})`);
}

