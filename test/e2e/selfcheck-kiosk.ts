/**
 * Starts a self-check kiosk (`guichet kiosk --browser --self-check`) on a copy of the worker's demo
 * terminal (see kiosk.ts), as a child process, with a short return to the attract screen and a small rate limit so that a test can
 * reach both. Demo tickets are found as in kiosk.ts (the demo lottery's secret print data).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from '@playwright/test';
import { copyDemo, test as base, type DemoUnit } from './kiosk.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const guichet = path.join(root, 'bin', 'guichet.js');

/** Seconds a result stays on screen, and checks allowed per minute, in these tests. */
export const RESET_SECONDS = 6;
export const CHECK_LIMIT = 4;

export interface SelfCheckKiosk {
  readonly url: string;
  readonly dataDir: string;
  units(game: string): DemoUnit[];
  /** The journal's entries (type, operator, payload text), read from the terminal's database. */
  journal(): { type: string; operator: string | null; payload: string }[];
}

async function start(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const args = [guichet, 'kiosk', '--browser', '--self-check', '--data', dataDir, '--port', '0', '--reset-seconds', String(RESET_SECONDS), '--check-limit', String(CHECK_LIMIT)];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`self-check kiosk did not start:\n${out}\n${err}`)), 45_000);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Guichet kiosk: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)[\s\S]*self-check mode/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    });
    child.on('exit', (code) => reject(new Error(`self-check kiosk exited (${code}):\n${out}\n${err}`)));
  });
  return { url, child };
}

export const test = base.extend<{ selfcheck: SelfCheckKiosk }>({
  selfcheck: async ({ demoTemplate }, use) => {
    const dataDir = copyDemo(demoTemplate, false);
    const { url, child } = await start(dataDir);
    let units: DemoUnit[] | null = null;
    await use({
      url,
      dataDir,
      units(game) {
        if (!units) {
          const r = spawnSync(process.execPath, [guichet, 'units', 'export', path.join(dataDir, 'demo-lottery'), '--block', '1'], { encoding: 'utf8', maxBuffer: 1 << 28 });
          if (r.status !== 0) throw new Error(r.stderr);
          units = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as DemoUnit);
        }
        return units.filter((u) => u.game === game);
      },
      journal() {
        const db = new Database(path.join(dataDir, 'guichet.db'), { readonly: true });
        try {
          return db.prepare<[], { type: string; operator: string | null; payload: string }>('SELECT type, operator, payload FROM journal ORDER BY seq').all();
        } finally {
          db.close();
        }
      },
    });
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect };
