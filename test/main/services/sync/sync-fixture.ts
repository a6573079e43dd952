/**
 * A central service and an enrolled counter for sync tests:
 * - `centralStore()` makes a central data folder (PGlite, or PostgreSQL with `databaseUrl`) with terminals registered;
 * - `serveInProcess()` serves it in this process; `serveChild()` runs `node bin/guichet.js central serve` (to SIGKILL);
 * - `enrolledCounter()` enrols a fresh terminal folder (the test lottery key certified by the root) and imports the
 *   counter fixture's outcome files, opens a cash session, and gives an operator session.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addTerminal } from '../../../../central/store/terminals.js';
import { serveCentral, type RunningCentral } from '../../../../central/server/serve.js';
import { authenticate } from '../../../../main/services/auth/login.js';
import type { OperatorSession } from '../../../../main/services/auth/session.js';
import { openCashSession } from '../../../../main/services/cash/sessions.js';
import { importOutcomeFile } from '../../../../main/services/outcomes/import.js';
import { enrollTerminal } from '../../../../main/services/sync/enroll.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { lotteryFiles, PAPER, type LotteryFiles } from '../packs/counter-fixture.js';
import { initTestCentral } from '../../../central/support/engines.js';
import { certifyForTest, rememberLetter, rootOfCode } from '../../../central/support/letters.js';
import { setConfig } from '../../../../central/store/feed.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface CentralStore {
  readonly dir: string;
  readonly databaseUrl: string | undefined;
  /** One-time enrolment codes by terminal id. */
  readonly codes: ReadonlyMap<string, string>;
  /** The lottery root's private key (beside the data folder). */
  readonly rootKeyFile: string;
  cleanup(): void;
}

/** A central data folder with the given terminals registered (their codes returned). */
export async function centralStore(terminals: readonly string[], databaseUrl?: string): Promise<CentralStore> {
  // The lottery's keys beside the data folder (the root never lives in it).
  const base = mkdtempSync(path.join(tmpdir(), 'guichet-central-'));
  const dir = path.join(base, 'central');
  const init = await initTestCentral({ dataDir: dir, keyFile: path.join(base, 'lottery.key'), databaseUrl });
  const { central } = init;
  const codes = new Map<string, string>();
  try {
    // The counter fixture's outcome files are signed by the test lottery key: the root certifies it for emission.
    await certifyForTest(central, init.rootKeyFile, lotteryFiles().pubFile);
    for (const id of terminals) codes.set(id, rememberLetter(await addTerminal(central, 'test', id, `Shop ${id}`)));
    // These tests are not about shipping packs (#19): the first terminal that asks receives a pack.
    await setConfig(central, 'test', 'packs_require_shipment', false);
  } finally {
    await central.db.close();
  }
  return { dir, databaseUrl, codes, rootKeyFile: init.rootKeyFile, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

export function serveInProcess(store: CentralStore): Promise<RunningCentral> {
  return serveCentral({ dataDir: store.dir, databaseUrl: store.databaseUrl, listen: '127.0.0.1:0' });
}

export interface CentralChild {
  readonly url: string;
  readonly child: ChildProcess;
  /** SIGKILL and wait for the exit. */
  kill(): Promise<void>;
}

/** `node bin/guichet.js central serve` as a child process; resolves with its URL. */
export function serveChild(store: CentralStore, listen = '127.0.0.1:0'): Promise<CentralChild> {
  const env: NodeJS.ProcessEnv = { GUICHET_LOG_LEVEL: 'warn', ...process.env };
  if (store.databaseUrl) env.GUICHET_DATABASE_URL = store.databaseUrl;
  else delete env.GUICHET_DATABASE_URL;
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/guichet.js'), 'central', 'serve', '--data', store.dir, '--listen', listen, '--json'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`central serve did not start: ${err}`)), 60_000);
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /"url":\s*"([^"]+)"/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({
          url: m[1],
          child,
          kill: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
            await exited;
          },
        });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`central serve exited ${String(code)}: ${err}`));
    });
  });
}

export interface EnrolledCounter {
  readonly dir: string;
  readonly t: LotteryTerminal;
  readonly files: LotteryFiles;
  readonly manager: OperatorSession;
  /** Inventory barcodes of the paper block (300 units). */
  readonly inventory: readonly string[];
  /** Validation barcodes of the paper block. */
  readonly validation: readonly string[];
  cleanup(): void;
}

/** Enrols a fresh terminal with `code` at `url`, ready to sell and pay (packs 0–2 active). */
export async function enrolledCounter(url: string, code: string, options: { inMemoryDisk?: boolean } = {}): Promise<EnrolledCounter> {
  // Thousands of fsynced commits: a tmpfs folder when asked (the durability under kills is the crash test's subject).
  const base = options.inMemoryDisk && existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dir = mkdtempSync(path.join(base, 'guichet-enrolled-'));
  const { terminal: t } = await enrollTerminal(dir, { centralUrl: url, code, root: rootOfCode(code), managerName: 'alice', pin: '123456', client: { initialDelayMs: 10, maxDelayMs: 200, maxAttempts: 20 } });
  // The fixture's key came with the enrolment, certified by the root for emission.
  const files = lotteryFiles();
  for (const f of [files.paper, files.expired, files.digital]) importOutcomeFile(t, f.path);
  const manager = await authenticate(t, 'alice', '123456');
  openCashSession(t, manager, { float_cents: 10_000 });
  const { receivePack, activatePack } = await import('../../../../main/services/packs/packs.js');
  for (const p of [0, 1, 2]) {
    receivePack(t, manager, `213-001-01-${String(p).padStart(5, '0')}`);
    activatePack(t, manager, `213-001-01-${String(p).padStart(5, '0')}`);
  }
  const { inventoryBarcode } = await import('../../../../games/ticket-id.js');
  return {
    dir,
    t,
    files,
    manager,
    inventory: files.paper.units.map((u) => inventoryBarcode(u.id)),
    validation: files.paper.units.map((u) => u.barcode),
    cleanup: () => {
      t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export { PAPER };
