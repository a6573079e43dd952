/**
 * The Electron host end to end: the built app (`npm run build`) started by Playwright on a fresh data
 * folder with --demo (the demo terminal). Runs where Electron's binary is installed; skipped elsewhere.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { _electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { electronBinaryAvailable, electronMainEntry } from '../../main/hosts/electron/electron-binary.js';

test.skip(!electronBinaryAvailable(), 'Electron binary not installed (download blocked on this machine)');
test.describe.configure({ timeout: 120_000 });

interface Running {
  readonly app: ElectronApplication;
  readonly page: Page;
  readonly dataDir: string;
}

async function launch(extraArgs: string[] = []): Promise<Running> {
  const entry = electronMainEntry();
  if (!existsSync(entry)) throw new Error(`the Electron app is not built: run npm run build (${entry} missing)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-electron-e2e-'));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'ELECTRON_RUN_AS_NODE') env[k] = v;
  env.GUICHET_KIOSK = '0';
  const app = await _electron.launch({ args: [entry, '--data', dataDir, '--demo', ...extraArgs], env, timeout: 90_000 });
  const page = await app.firstWindow({ timeout: 90_000 });
  await expect(page.getByTestId('terminal-id')).toHaveText('DEMO-01', { timeout: 90_000 });
  return { app, page, dataDir };
}

async function stop(running: Running): Promise<void> {
  await running.app.close();
  rmSync(running.dataDir, { recursive: true, force: true });
}

test.describe('the Electron window', () => {
  let running: Running;
  test.beforeAll(async () => {
    running = await launch();
  });
  test.afterAll(async () => {
    if (running) await stop(running);
  });

  test('shows the demo terminal from the app origin', async () => {
    expect(running.page.url()).toBe('guichet://app/index.html');
    expect(running.app.windows()).toHaveLength(1);
  });

  test('gives the page no Node and exactly one API object', async () => {
    const seen = await running.page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return {
        require: typeof w.require,
        process: typeof w.process,
        module: typeof w.module,
        keys: Object.keys(w.guichet as object).sort(),
      };
    });
    expect(seen).toEqual({ require: 'undefined', process: 'undefined', module: 'undefined', keys: ['invoke', 'onEvent'] });
  });

  test('answers calls through the preload, input validated', async () => {
    const info = await running.page.evaluate(() => window.guichet?.invoke('app.info', {}));
    expect(info).toMatchObject({ ok: true, value: { host: 'electron', terminal_id: 'DEMO-01' } });
    // Nobody logged in: only the login screen's methods answer.
    const early = await running.page.evaluate(() => window.guichet?.invoke('ticket.check', { barcode: '' }));
    expect(early).toMatchObject({ ok: false, error: { code: 'not-logged-in' } });
    const login = await running.page.evaluate(() => window.guichet?.invoke('auth.login', { name: 'Camille', pin: '2222' }));
    expect(login).toMatchObject({ ok: true });
    const bad = await running.page.evaluate(() => window.guichet?.invoke('ticket.check', { barcode: '' }));
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    await running.page.evaluate(() => window.guichet?.invoke('auth.logout', {}));
    const unknown = await running.page.evaluate(() => window.guichet?.invoke('system.shutdown', {}));
    expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  test('refuses navigation away, new windows and eval', async () => {
    const { page, app } = running;
    const opened = await page.evaluate(() => window.open('https://example.com/') === null);
    expect(opened).toBe(true);
    await page.evaluate(() => {
      window.location.href = 'https://example.com/';
    });
    await page.waitForTimeout(500);
    expect(page.url()).toBe('guichet://app/index.html');
    expect(app.windows()).toHaveLength(1);
    const evalBlocked = await page.evaluate(() => {
      try {
        return eval('1') !== 1;
      } catch {
        return true;
      }
    });
    expect(evalBlocked).toBe(true);
  });

  test('denies permission requests and network requests', async () => {
    const { page } = running;
    expect(await page.evaluate(() => Notification.requestPermission())).toBe('denied');
    const media = await page.evaluate(() =>
      navigator.mediaDevices.getUserMedia({ audio: true }).then(
        () => 'granted',
        () => 'refused',
      ),
    );
    expect(media).toBe('refused');
    const fetched = await page.evaluate(() =>
      fetch('https://example.com/').then(
        () => 'fetched',
        () => 'refused',
      ),
    );
    expect(fetched).toBe('refused');
  });

  test('serves nothing outside the renderer folder', async () => {
    const status = await running.page.evaluate(() => fetch('guichet://app/..%2F..%2Fpackage.json').then((r) => r.status));
    expect(status).toBe(403);
  });
});

test('kiosk mode: full screen, no menu, no devtools', async () => {
  const running = await launch(['--kiosk']);
  try {
    const state = await running.app.evaluate(async ({ BrowserWindow, Menu }) => {
      const w = BrowserWindow.getAllWindows()[0];
      if (!w) throw new Error('no window');
      w.webContents.openDevTools();
      await new Promise((r) => setTimeout(r, 500));
      return { kiosk: w.isKiosk(), menu: Menu.getApplicationMenu(), devtools: w.webContents.isDevToolsOpened() };
    });
    expect(state).toEqual({ kiosk: true, menu: null, devtools: false });
  } finally {
    await stop(running);
  }
});

test('opens the customer display when asked, on the display route', async () => {
  const running = await launch(['--customer-display']);
  try {
    await expect.poll(() => running.app.windows().length).toBe(2);
    const urls = running.app.windows().map((p) => p.url()).sort();
    expect(urls).toEqual(['guichet://app/index.html', 'guichet://app/index.html#/display']);
    // Least privilege: the display has its own preload (language and display views), not the cashier's API.
    const display = running.app.windows().find((p) => p.url().endsWith('#/display'));
    const seen = await display?.evaluate(async () => ({
      cashier: typeof window.guichet,
      keys: Object.keys(window.guichetDisplay ?? {}).sort(),
      language: await window.guichetDisplay?.language(),
    }));
    expect(seen).toEqual({ cashier: 'undefined', keys: ['language', 'onDisplay'], language: 'fr' });
  } finally {
    await stop(running);
  }
});
