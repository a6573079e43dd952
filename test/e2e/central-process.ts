/**
 * The lottery's side as a lottery runs it, for e2e fixtures: `guichet` commands in child processes
 * (`run`), and `central serve` on 127.0.0.1 with a free port (`serve`, a child to stop for "central down").
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..', '..');
const guichet = path.join(root, 'bin', 'guichet.js');

export function run(args: string[], env: Record<string, string> = {}): string {
  const r = spawnSync(process.execPath, [guichet, ...args], { encoding: 'utf8', env: { ...process.env, GUICHET_DATA: '', GUICHET_DATABASE_URL: '', ...env } });
  if (r.status !== 0) throw new Error(`guichet ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

export function serve(centralDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [guichet, 'central', 'serve', '--data', centralDir, '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GUICHET_DATABASE_URL: '' } });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`central serve did not start: ${err}`)), 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^central listening on (\S+)$/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1] as string, child });
      }
    });
    child.once('exit', (code) => reject(new Error(`central serve exited ${String(code)}: ${err}`)));
  });
}

/** Stops a served central (SIGTERM, or SIGKILL for a central that dies at once) and waits for it to exit. */
export async function stopServed(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}
