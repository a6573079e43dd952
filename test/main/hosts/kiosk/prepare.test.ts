/**
 * The composition root on a real data folder (the demo terminal): it starts and closes cleanly, and
 * when a step fails part-way it releases what it had opened (the database file, the scanners) before
 * passing the error on. Open files are read from /proc/self/fd, so a leaked handle is seen.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Scanner } from '../../../../main/devices/scanner.js';
import type * as VirtualScannerModule from '../../../../native/scanner/virtual-scanner.js';
import { prepareKiosk } from '../../../../main/hosts/kiosk/prepare.js';
import { login } from '../../../../main/services/auth/login.js';
import { updateSettings } from '../../../../main/services/terminal/settings.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import { VERSION } from '../../../../main/services/terminal/version.js';
import { seedDemoCentralStore } from './demo-central-store.js';

const scanners = vi.hoisted(() => ({ closed: [] as string[], failOpen: new Set<string>() }));

// The configured scanners: a stand-in whose open can be made to fail, recording its close.
vi.mock('../../../../native/scanner/open-scanner.js', () => ({
  createScanner: (uri: string): Promise<Scanner> => {
    const s = Object.assign(new EventEmitter(), {
      uri,
      open: () => (scanners.failOpen.has(uri) ? Promise.reject(new Error(`${uri} exploded`)) : Promise.resolve()),
      close: () => {
        scanners.closed.push(uri);
        return Promise.resolve();
      },
    });
    return Promise.resolve(s as unknown as Scanner);
  },
}));

// The counter's virtual scanner is the real one (one per name, kept across starts), its close recorded.
vi.mock('../../../../native/scanner/virtual-scanner.js', async (importOriginal) => {
  const real = await importOriginal<typeof VirtualScannerModule>();
  const watched = new WeakSet<object>();
  return {
    ...real,
    virtualScanner: (...args: Parameters<typeof real.virtualScanner>) => {
      const s = real.virtualScanner(...args);
      if (watched.has(s)) return s;
      watched.add(s);
      const close = s.close.bind(s);
      s.close = () => {
        scanners.closed.push(s.uri);
        return close();
      };
      return s;
    },
  };
});

/** The files of `dir` this process holds open. */
function openFilesIn(dir: string): string[] {
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(dir + path.sep));
}

describe('prepareKiosk', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = seedDemoCentralStore(mkdtempSync(path.join(tmpdir(), 'guichet-prepare-')));
    const kiosk = await prepareKiosk({ dataDir, host: 'browser', demo: true });
    expect(kiosk.demo).toBe(true);
    expect(kiosk.app.context?.version).toBe(VERSION);
    expect(openFilesIn(dataDir).length).toBeGreaterThan(0);
    await kiosk.close();
    // The demo's first start (its central, emissions and sales) takes a minute on a loaded 2-core machine.
  }, 180_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  beforeEach(() => {
    scanners.closed.length = 0;
    scanners.failOpen.clear();
  });

  it('leaves nothing open once closed', async () => {
    const kiosk = await prepareKiosk({ dataDir, host: 'browser' });
    expect(kiosk.demo).toBe(false);
    expect(openFilesIn(dataDir).length).toBeGreaterThan(0);
    await kiosk.close();
    expect(openFilesIn(dataDir)).toEqual([]);
    expect(scanners.closed).toEqual(['virtual:counter']);
  });

  it('closes the database when the printer cannot be opened', async () => {
    await expect(prepareKiosk({ dataDir, host: 'browser', printer: 'nonsense' })).rejects.toThrow();
    expect(openFilesIn(dataDir)).toEqual([]);
  });

  it('closes the scanners already opened, and the database, when a scanner fails to open', async () => {
    const terminal = openLotteryTerminal(dataDir);
    try {
      updateSettings(terminal, await login(terminal, 'Marie', '123456'), { scanner_uris: ['virtual:second', 'virtual:broken'] });
    } finally {
      terminal.close();
    }
    scanners.failOpen.add('virtual:broken');
    await expect(prepareKiosk({ dataDir, host: 'browser' })).rejects.toThrow('virtual:broken exploded');
    expect(scanners.closed.sort()).toEqual(['virtual:broken', 'virtual:counter', 'virtual:second']);
    expect(openFilesIn(dataDir)).toEqual([]);
  });
});
