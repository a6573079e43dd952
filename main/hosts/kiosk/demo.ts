/**
 * The demo terminal `guichet kiosk --demo` sets up on an empty data folder (never without --demo): a
 * small emission of each game drawn by a demo lottery (its key and print data kept in `demo-lottery/`,
 * which a real terminal never holds), trusted and imported; one pack of the paper game received and
 * activated, a second one received only; a manager, a cashier and a technician.
 *
 * The emissions are drawn on the lottery's side: `guichet emission demo DIR`, run here as a child
 * process (a checkout only: a packaged terminal holds neither the command nor the generator).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GAMES } from '../../../games/index.js';
import { humanNumber } from '../../../games/ticket-id.js';
import { DATABASE_FILE } from '../../kernel/data-folder.js';
import { authenticate } from '../../services/auth/login.js';
import { addOperator } from '../../services/operators/operators.js';
import { importOutcomeFile } from '../../services/outcomes/import.js';
import { enrolKeyFile } from '../../services/outcomes/trust.js';
import { activatePack, receivePack } from '../../services/packs/packs.js';
import { openOutcomeFile } from '../../../node/outcome/reader.js';
import { initTerminal } from '../../services/terminal/init.js';
import { openLotteryTerminal } from '../../kernel/open.js';
import { enrollTerminal } from '../../services/sync/enroll.js';
import { syncOnce } from '../../services/sync/sync.js';
import { guichetBin } from './guichet-bin.js';
import { demoCentralDir, endsWithThisProcess, runCentralCommand, startDemoCentral, type DemoCentral } from './demo-central.js';

export const DEMO_TERMINAL_ID = 'DEMO-01';
/** The emission the demo lottery draws of each game (`guichet emission demo`). */
export const DEMO_EMISSION = 1;
export const DEMO_OPERATORS = [
  { name: 'Marie', role: 'manager', pin: '123456' },
  { name: 'Camille', role: 'cashier', pin: '2222' },
  { name: 'Theo', role: 'technician', pin: '333333' },
] as const;

export function demoLotteryDir(root: string): string {
  return path.join(root, 'demo-lottery');
}

/** Draws the demo lottery's emissions into a folder (lottery.pub, *.outcome, *.print). */
export type DrawDemoEmissions = (outDir: string, options: { now?: Date; onProgress?: (step: string) => void }) => Promise<void>;

export interface DemoOptions {
  readonly onProgress?: (step: string) => void;
  readonly now?: Date;
  /** How the emissions are drawn (default: `guichet emission demo DIR` in a child process; tests pass the lottery's function). */
  readonly drawEmissions?: DrawDemoEmissions;
  /**
   * Enrol the demo terminal with a demo central (`DATA/demo-central`, child processes `guichet central …`)
   * instead of `init`; the outcome files then arrive through central's feed. The kiosk's --demo asks for
   * it; default false (tests that set up a demo terminal need no central).
   */
  readonly central?: boolean;
  /**
   * With `central`: once the demo terminal is set up, leave its central serving and return it (the kiosk
   * that asked goes on with it, rather than stopping it and starting it again). Default: stopped.
   */
  readonly keepCentral?: boolean;
}

/** Runs `guichet emission demo DIR` as a child process (the lottery's side, never loaded here). */
export const drawEmissionsByCommand: DrawDemoEmissions = async (outDir, options) => {
  const bin = guichetBin();
  if (!bin) throw new Error("the demo needs the lottery's tools (guichet emission demo), which only a checkout holds: this build cannot make a demo terminal");
  const args = [bin, 'emission', 'demo', outDir, ...(options.now ? ['--now', options.now.toISOString()] : [])];
  // Under Electron, its binary runs as Node for this child (development only: the packaged app has no central/).
  const env = process.versions.electron ? { ...process.env, ELECTRON_RUN_AS_NODE: '1' } : process.env;
  const child = endsWithThisProcess(spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env }));
  let err = '';
  child.stdout.on('data', (c: Buffer) => {
    for (const line of c.toString().split('\n')) if (line.startsWith('emission ')) options.onProgress?.(line.trim());
  });
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  });
  if (code !== 0) throw new Error(`guichet emission demo ${outDir} failed (exit ${code}): ${err.trim()}`);
};

/** Sets the demo terminal up; returns its demo central when asked to keep it serving (`keepCentral`), else null. */
export async function setupDemo(root: string, options: DemoOptions = {}): Promise<DemoCentral | null> {
  const say = options.onProgress ?? (() => undefined);
  const [manager, ...others] = DEMO_OPERATORS;
  const lottery = demoLotteryDir(root);
  mkdirSync(lottery, { recursive: true, mode: 0o700 });
  // The lottery's side first: nothing of the terminal exists if the drawing fails.
  const draw = options.drawEmissions ?? drawEmissionsByCommand;
  await draw(lottery, { ...(options.now ? { now: options.now } : {}), onProgress: say });
  const files = new Set(readdirSync(lottery));
  for (const game of GAMES) if (!files.has(`${game.code}-${DEMO_EMISSION}-1.outcome`)) throw new Error(`the demo lottery did not write ${game.code}-${DEMO_EMISSION}-1.outcome`);
  let central: DemoCentral | null = null;
  if (options.central) {
    // The demo central: its store, the emissions published, the terminal registered, then served.
    say('central');
    const dir = demoCentralDir(root);
    await runCentralCommand(['init', '--data', dir, '--key', path.join(lottery, 'lottery.key')]);
    await runCentralCommand(['publish', lottery, '--data', dir]);
    const added = JSON.parse(await runCentralCommand(['terminal', 'add', '--data', dir, '--id', DEMO_TERMINAL_ID, '--retailer', 'Demo shop', '--json'])) as { code: string; root: string };
    // Every pack of the demo's paper emission is shipped to the demo shop: only its terminals may receive them.
    const paperGame = GAMES.find((g) => g.pack_size !== undefined);
    if (paperGame?.pack_size) {
      const outcome = openOutcomeFile(path.join(lottery, `${paperGame.code}-${DEMO_EMISSION}-1.outcome`));
      const { first_unit: from, unit_count: count } = outcome.manifest;
      outcome.close();
      const numbers = [];
      for (let unit = from; unit < from + count; unit += paperGame.pack_size) {
        numbers.push(humanNumber({ game: paperGame.code, emission: DEMO_EMISSION, block: 1, unit }, paperGame.pack_size).split('-').slice(0, 4).join('-'));
      }
      await runCentralCommand(['packs', 'ship', ...numbers, '--retailer', 'Demo shop', '--data', dir]);
    }
    central = await startDemoCentral(root);
    say('terminal');
    (await enrollTerminal(root, { centralUrl: central.url, code: added.code, root: added.root, managerName: manager.name, pin: manager.pin })).terminal.close();
  } else {
    say('terminal');
    (await initTerminal(root, { terminalId: DEMO_TERMINAL_ID, managerName: manager.name, pin: manager.pin })).terminal.close();
  }
  const t = openLotteryTerminal(root);
  let done = false;
  try {
    const boss = await authenticate(t, manager.name, manager.pin);
    for (const op of others) await addOperator(t, boss, { name: op.name, role: op.role, pin: op.pin });

    if (central) {
      // The lottery's keys came with the enrolment (chained to the demo root); the outcome files come through central's feed.
      say('sync');
      await syncOnce(t);
    } else {
      enrolKeyFile(t.db, path.join(lottery, 'lottery.pub'), { label: 'demo lottery' });
      for (const game of GAMES) importOutcomeFile(t, path.join(lottery, `${game.code}-${DEMO_EMISSION}-1.outcome`));
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
      // Central holds the packs' states (a claim of a ticket of a pack central does not know is refused).
      if (central) await syncOnce(t);
    }
    writeFileSync(
      path.join(lottery, 'README.txt'),
      'Demo lottery: its signing key and print data (hidden codes) live here so that demos and tests can make\n' +
        'tickets to scan. A real terminal never holds these files. List demo tickets with:\n' +
        '  npx guichet units export demo-lottery --block 1\n',
    );
    done = true;
  } finally {
    t.close();
    if (!(done && options.keepCentral)) await central?.stop();
  }
  return options.keepCentral ? central : null;
}

/** True when the folder holds no terminal yet (no database). */
export function isEmptyDataFolder(root: string): boolean {
  return !existsSync(path.join(root, DATABASE_FILE));
}
