/**
 * Starts a browser-host kiosk on a fresh data folder (the demo terminal: a small emission of each game,
 * one pack received and active, one received only) as a child process, exactly as `npm start` does.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..', '..');
const guichet = path.join(root, 'bin', 'guichet.js');

export interface DemoUnit {
  readonly unit: string;
  readonly game: string;
  readonly prize_cents: number;
  readonly barcodes: { readonly inventory: string; readonly validation: string };
}

export interface Kiosk {
  readonly url: string;
  readonly dataDir: string;
  /** Demo tickets of the demo lottery (secret print data that a real terminal never holds). */
  units(game: string): DemoUnit[];
  /** Runs the guichet CLI against this kiosk's data folder. */
  cli(args: string[]): { status: number | null; stdout: string; stderr: string };
}

async function startKiosk(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [guichet, 'kiosk', '--browser', '--data', dataDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`kiosk did not start:\n${out}\n${err}`)), 45_000);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Guichet kiosk: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    });
    child.on('exit', (code) => reject(new Error(`kiosk exited (${code}):\n${out}\n${err}`)));
  });
  return { url, child };
}

export const test = base.extend<{ kiosk: Kiosk }>({
  kiosk: async ({}, use) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-e2e-'));
    const { url, child } = await startKiosk(dataDir);
    const cli = (args: string[]) => {
      const r = spawnSync(process.execPath, [guichet, ...args], { encoding: 'utf8', env: { ...process.env, GUICHET_DATA: dataDir }, maxBuffer: 1 << 28 });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const cache = new Map<string, DemoUnit[]>();
    await use({
      url,
      dataDir,
      cli,
      units(game) {
        if (!cache.has(game)) {
          const r = cli(['units', 'export', path.join(dataDir, 'demo-lottery'), '--block', '1']);
          if (r.status !== 0) throw new Error(r.stderr);
          const all = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as DemoUnit);
          for (const g of new Set(all.map((u) => u.game))) cache.set(g, all.filter((u) => u.game === g));
        }
        return cache.get(game) ?? [];
      },
    });
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect };

/** Types a barcode the way a keyboard-wedge scanner does: about 5 ms a character, then Enter. */
export async function wedgeScan(page: Page, data: string): Promise<void> {
  await page.keyboard.type(data, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** Saves a screenshot of the current screen as a test artifact (test-results/screens/NAME.png). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(root, 'test-results', 'screens', `${name}.png`), fullPage: true });
}
