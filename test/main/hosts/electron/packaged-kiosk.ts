/**
 * Starts the Electron entry as a packaged build asked to leave kiosk mode (GUICHET_KIOSK=0), on a demo
 * terminal, optionally after a technician allowed it: for the two tests that check main.ts reads the
 * allowance from the terminal before opening its windows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, vi } from 'vitest';
import { setupDemo } from '../../../../main/hosts/kiosk/demo.js';
import { authenticate } from '../../../../main/services/auth/login.js';
import { allowKioskExit } from '../../../../main/services/terminal/kiosk-exit.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import { app, BrowserWindow, resetFakeElectron } from './fake-electron.js';

export interface PackagedStart {
  readonly warnings: string[];
  stop(): void;
}

export async function startPackaged(options: { allowed: boolean }): Promise<PackagedStart> {
  resetFakeElectron();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-packaged-'));
  await setupDemo(dataDir);
  if (options.allowed) {
    const t = openLotteryTerminal(dataDir);
    try {
      allowKioskExit(t, await authenticate(t, 'Theo', '333333'), 1);
    } finally {
      t.close();
    }
  }
  const saved = { data: process.env.GUICHET_DATA, kiosk: process.env.GUICHET_KIOSK };
  process.env.GUICHET_DATA = dataDir;
  process.env.GUICHET_KIOSK = '0';
  app.isPackaged = true;
  const warnings: string[] = [];
  const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.join(' ')));
  await import('../../../../main/hosts/electron/main.js');
  await vi.waitFor(() => expect(BrowserWindow.created.length).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
  return {
    warnings,
    stop() {
      app.emit('will-quit', { preventDefault() {} });
      warn.mockRestore();
      app.isPackaged = false;
      if (saved.data === undefined) delete process.env.GUICHET_DATA;
      else process.env.GUICHET_DATA = saved.data;
      if (saved.kiosk === undefined) delete process.env.GUICHET_KIOSK;
      else process.env.GUICHET_KIOSK = saved.kiosk;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
