/**
 * The demo terminal a kiosk sets up on first start with an empty data folder: a small emission of each
 * game drawn by a demo lottery (its key and print data kept in `demo-lottery/`, which a real terminal
 * never holds), trusted and imported; one pack of the paper game received and activated, a second one
 * received only; a manager, a cashier and a technician.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GAMES } from '../../../games/index.js';
import { humanNumber } from '../../../games/ticket-id.js';
import { DATABASE_FILE } from '../../services/terminal/data-folder.js';
import { createEmission } from '../../../central/emission/create.js';
import { authenticate } from '../../services/auth/login.js';
import { addOperator } from '../../services/operators/operators.js';
import { importOutcomeFile } from '../../services/outcomes/import.js';
import { enrolKeyFile } from '../../services/outcomes/trust.js';
import { activatePack, receivePack } from '../../services/packs/packs.js';
import { initTerminal } from '../../services/terminal/init.js';
import { openLotteryTerminal } from '../../services/terminal/terminal.js';

export const DEMO_TERMINAL_ID = 'DEMO-01';
export const DEMO_EMISSION = 1;
/** Units written per game: four packs of the paper game. */
export const DEMO_UNITS = 400;
export const DEMO_OPERATORS = [
  { name: 'Marie', role: 'manager', pin: '123456' },
  { name: 'Camille', role: 'cashier', pin: '2222' },
  { name: 'Theo', role: 'technician', pin: '333333' },
] as const;

export function demoLotteryDir(root: string): string {
  return path.join(root, 'demo-lottery');
}

export interface DemoOptions {
  readonly onProgress?: (step: string) => void;
  readonly now?: Date;
}

export async function setupDemo(root: string, options: DemoOptions = {}): Promise<void> {
  const say = options.onProgress ?? (() => undefined);
  const [manager, ...others] = DEMO_OPERATORS;
  say('terminal');
  await initTerminal(root, { terminalId: DEMO_TERMINAL_ID, managerName: manager.name, pin: manager.pin });
  const t = openLotteryTerminal(root);
  try {
    const boss = await authenticate(t, manager.name, manager.pin);
    for (const op of others) await addOperator(t, boss, { name: op.name, role: op.role, pin: op.pin });

    const lottery = demoLotteryDir(root);
    mkdirSync(lottery, { recursive: true });
    const imported: string[] = [];
    for (const game of GAMES) {
      say(`emission ${game.code}`);
      const created = await createEmission({
        game: game.code,
        emission: DEMO_EMISSION,
        units: DEMO_UNITS,
        outDir: lottery,
        workers: 0,
        ...(options.now ? { now: options.now } : {}),
      });
      if (imported.length === 0) enrolKeyFile(t.db, created.publicKeyPath, { label: 'demo lottery' });
      for (const block of created.blocks) {
        importOutcomeFile(t, block.outcomePath);
        imported.push(block.outcomePath);
      }
    }
    const paper = GAMES.find((g) => g.pack_size !== undefined);
    if (paper?.pack_size) {
      const first = humanNumber({ game: paper.code, emission: DEMO_EMISSION, block: 1, unit: 0 }, paper.pack_size).split('-').slice(0, 4).join('-');
      const second = humanNumber({ game: paper.code, emission: DEMO_EMISSION, block: 1, unit: paper.pack_size }, paper.pack_size)
        .split('-')
        .slice(0, 4)
        .join('-');
      say('packs');
      receivePack(t, boss, first);
      activatePack(t, boss, first);
      receivePack(t, boss, second);
    }
    writeFileSync(
      path.join(lottery, 'README.txt'),
      'Demo lottery: its signing key and print data (hidden codes) live here so that demos and tests can make\n' +
        'tickets to scan. A real terminal never holds these files. List demo tickets with:\n' +
        '  npx guichet units export demo-lottery --block 1\n',
    );
  } finally {
    t.close();
  }
}

/** True when the folder holds no terminal yet (no database). */
export function isEmptyDataFolder(root: string): boolean {
  return !existsSync(path.join(root, DATABASE_FILE));
}
