/**
 * The kiosk's application on a real demo terminal (main/hosts/kiosk/demo.ts: a small emission of each game,
 * pack 213-001-01-00000 received and active, 213-001-01-00001 received only, Marie manager 123456,
 * Camille cashier 2222, Theo technician 333333) in a temp folder, with a virtual printer. The demo is set
 * up once per test file and copied for each test.
 */
import type { AppDevices } from '../../../main/app/context.js';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import { inventoryBarcode } from '../../../games/ticket-id.js';
import type { MethodName, InputOf, OutputOf } from '../../../common/api/contract.js';
import type { AppEvent } from '../../../common/api/events.js';
import { createApp, type App } from '../../../main/app/app.js';
import { setupDemo } from '../../../main/hosts/kiosk/demo.js';
import { drawDemoEmissions } from '../../../central/emission/demo.js';
import { openLotteryTerminal } from '../../../main/kernel/open.js';
import type { Clock } from '../../../main/kernel/clock.js';
import type { Printer } from '../../../main/devices/printer.js';
import { PrinterCashDrawer } from '../../../native/drawer/printer-drawer.js';
import { VirtualPrinter } from '../../../native/printer/virtual-printer.js';

export const PAPER = 'annee-chance-2013';
export const ACTIVE_PACK = '213-001-01-00000';
export const RECEIVED_PACK = '213-001-01-00001';
/** Not received in the demo. */
export const NEW_PACK = '213-001-01-00002';

let template: Promise<string> | undefined;

function demoTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'guichet-app-template-'));
    await setupDemo(dir, { drawEmissions: drawDemoEmissions });
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  })();
  return template;
}

export interface AppFixture {
  readonly dir: string;
  readonly app: App;
  readonly printer: VirtualPrinter;
  readonly events: AppEvent[];
  /** Calls a method; resolves with its value or rejects with `{ code, message }`. */
  call<M extends MethodName>(method: M, input: InputOf<M>): Promise<OutputOf<M>>;
  /** Calls a method that must be refused with `code`; returns the message. */
  refused(method: MethodName, input: unknown, code: string): Promise<string>;
  login(name: 'Marie' | 'Camille' | 'Theo'): Promise<void>;
  /** Row counts of the tables a refusal must leave alone. */
  counts(): Record<string, number>;
  cleanup(): void;
}

/** The inventory barcode of demo paper unit `unit` (block 1). */
export function inv(unit: number): string {
  return inventoryBarcode({ game: PAPER, emission: 1, block: 1, unit });
}

const PINS = { Marie: '123456', Camille: '2222', Theo: '333333' } as const;

/** A demo terminal's application; `printer` replaces the virtual printer (e.g. a real TCP printer). */
export async function demoApp(options: { printer?: Printer; clock?: Clock; detect?: AppDevices['detect'] } = {}): Promise<AppFixture> {
  const source = await demoTemplate();
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-app-'));
  cpSync(source, dir, { recursive: true });
  const printer = new VirtualPrinter('virtual:test');
  const app = createApp({ terminal: openLotteryTerminal(dir, options.clock ? { clock: options.clock } : {}), devices: { printer: options.printer ?? printer, drawer: new PrinterCashDrawer(options.printer ?? printer), ...(options.detect ? { detect: options.detect } : {}) }, host: 'browser', version: 'test', log: () => undefined });
  const events: AppEvent[] = [];
  app.subscribe((e) => events.push(e));
  const call = async <M extends MethodName>(method: M, input: InputOf<M>): Promise<OutputOf<M>> => {
    const r = await app.call(method, input);
    if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code });
    return r.value as OutputOf<M>;
  };
  let cleaned = false;
  const count = (table: string): number => (app.context.terminal.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return {
    dir,
    app,
    printer,
    events,
    call,
    async refused(method, input, code) {
      const r = await app.call(method, input);
      expect(r.ok, `${method} should be refused with ${code}`).toBe(false);
      if (r.ok) return '';
      expect(r.error.code).toBe(code);
      return r.error.message;
    },
    async login(name) {
      await call('auth.login', { name, pin: PINS[name] });
    },
    counts: () => ({
      journal: count('journal'),
      outbox: count('outbox'),
      sales: count('sales'),
      sale_lines: count('sale_lines'),
      payouts: count('payouts'),
      packs_active: (app.context.terminal.db.prepare("SELECT count(*) AS n FROM packs WHERE state = 'active'").get() as { n: number }).n,
      cash_sessions: count('cash_sessions'),
      cash_movements: count('cash_movements'),
      receipts: printer.receipts.length,
    }),
    cleanup() {
      if (cleaned) return;
      cleaned = true;
      app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Demo applications opened during a test, all cleaned up after it (call once per test file):
 * `open()` a fresh one, or `cashier()`: Camille logged in with a cash session open (100 €).
 */
export function demoAppsPerTest(): { open(options?: Parameters<typeof demoApp>[0]): Promise<AppFixture>; cashier(): Promise<AppFixture> } {
  const opened: AppFixture[] = [];
  afterEach(() => {
    for (const f of opened.splice(0)) f.cleanup();
  });
  const open = async (options?: Parameters<typeof demoApp>[0]): Promise<AppFixture> => {
    const f = await demoApp(options);
    opened.push(f);
    return f;
  };
  return {
    open,
    async cashier() {
      const f = await open();
      await f.login('Camille');
      await f.call('cash.open', { float_cents: 10_000 });
      return f;
    },
  };
}

/** The customer display states an application sent, in order. */
export const displaysOf = (f: AppFixture) => f.events.flatMap((e) => (e.type === 'display' ? [e.display] : []));
