/**
 * `guichet kiosk --demo` stopped by a signal leaves no process of its demo behind (the demo central, the
 * lottery's commands): neither while it is still setting up the demo terminal on its first start (a
 * signal's default action used to end the kiosk without stopping its children), nor once it runs.
 * The kiosk runs as a real child process; its renderer is a stand-in page (GUICHET_RENDERER_DIR).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../support/guichet-runner.js';
import { seedDemoCentralStore } from './demo-central-store.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'guichet-kiosk-stop-'));
const renderer = path.join(scratch, 'renderer');
mkdirSync(renderer);
writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>stand-in</title>');

/** Processes on this machine whose command line names `dir` (the demo's children name the data folder). */
function processesNaming(dir: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (cmd.includes(dir)) found.push(`${pid} ${cmd}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Starts the kiosk on an empty folder, sends `signal` once its output shows `when`, and waits for its end. */
async function stopKioskWhen(dataDir: string, when: RegExp, signal: NodeJS.Signals): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/guichet.js'), 'kiosk', '--browser', '--demo', '--data', dataDir, '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GUICHET_DATA: '', GUICHET_RENDERER_DIR: renderer },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  child.stdout.on('data', (c: Buffer) => {
    const before = output;
    output += c.toString();
    if (!when.test(before) && when.test(output)) child.kill(signal);
  });
  return { code: await exited, output };
}

describe('guichet kiosk --demo stopped by a signal', () => {
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('while it sets up the demo terminal (its central serving): ends, and its central with it', { timeout: 180_000 }, async () => {
    const dataDir = seedDemoCentralStore(path.join(scratch, 'setting-up'));
    const { code, output } = await stopKioskWhen(dataDir, /demo terminal \(sync\)/, 'SIGTERM');
    expect(output).toContain('(sync)');
    expect(output).not.toContain('Guichet kiosk:');
    expect(processesNaming(dataDir)).toEqual([]);
    expect(code).toBe(143);
  });

  it('once it runs: stops cleanly, and its central with it', { timeout: 180_000 }, async () => {
    const dataDir = seedDemoCentralStore(path.join(scratch, 'running'));
    const { code, output } = await stopKioskWhen(dataDir, /Guichet kiosk: /, 'SIGINT');
    expect(output).toContain('demo central: http://127.0.0.1:');
    expect(processesNaming(dataDir)).toEqual([]);
    expect(code).toBe(0);
  });
});
