/** A real demo terminal (three games imported, Marie manager, Camille cashier, Theo technician) in a temp folder. */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authenticate } from '../../../../main/services/auth/login.js';
import type { OperatorSession } from '../../../../main/services/auth/session.js';
import { demoLotteryDir, setupDemo } from '../../../../main/hosts/kiosk/demo.js';
import { drawDemoEmissions } from '../../../../central/emission/demo.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { exportUnits } from '../../../../central/emission/export.js';
import { readPrintFile } from '../../../../central/emission/print-file.js';

export interface DemoFixture {
  readonly dir: string;
  readonly t: LotteryTerminal;
  readonly marie: OperatorSession;
  readonly camille: OperatorSession;
  readonly theo: OperatorSession;
  cleanup(): void;
}

let template: Promise<string> | undefined;

function demoTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'guichet-diag-template-'));
    await setupDemo(dir, { drawEmissions: drawDemoEmissions });
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  })();
  return template;
}

/** A fresh copy of the demo terminal, opened, with a session for each demo operator. */
export async function makeDemo(): Promise<DemoFixture> {
  const source = await demoTemplate();
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-diag-'));
  cpSync(source, dir, { recursive: true });
  const t = openLotteryTerminal(dir);
  const [marie, camille, theo] = await Promise.all([authenticate(t, 'Marie', '123456'), authenticate(t, 'Camille', '2222'), authenticate(t, 'Theo', '333333')]);
  return {
    dir,
    t,
    marie,
    camille,
    theo,
    cleanup() {
      t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every validation barcode (they hold the hidden codes) of the demo lottery's print data. */
export function demoValidationBarcodes(dir: string): string[] {
  const lottery = demoLotteryDir(dir);
  const out: string[] = [];
  for (const name of readdirSync(lottery).filter((n) => n.endsWith('.print'))) {
    const print = readPrintFile(path.join(lottery, name));
    for (const u of exportUnits(print, 0, 400)) out.push(u.barcodes.validation);
  }
  return out;
}

/** The demo units of one game (block 1) with their barcodes and prizes, from the demo lottery's print data. */
export function demoUnits(dir: string, game: string): { index: number; unit: string; prize_cents: number; barcodes: { inventory: string; validation: string } }[] {
  const lottery = demoLotteryDir(dir);
  const name = readdirSync(lottery).find((n) => n.startsWith(`${game}-`) && n.endsWith('.print'));
  if (!name) throw new Error(`no print data for ${game}`);
  return [...exportUnits(readPrintFile(path.join(lottery, name)), 0, 400)].map((u, index) => ({ index, unit: u.unit, prize_cents: u.prize_cents, barcodes: u.barcodes }));
}
