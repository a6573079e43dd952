/**
 * The demo lottery's emissions: a small emission of each game, drawn into one folder (its signing key,
 * `lottery.pub`, the outcome files and the print data). `guichet emission demo DIR` runs it; the
 * terminal's `kiosk --demo` calls that command as a child process, so no terminal module carries the
 * emission generator.
 */
import { GAMES } from '../../games/index.js';
import { createEmission } from './create.js';

export const DEMO_EMISSION = 1;
/** Units written per game: four packs of the paper game. */
export const DEMO_UNITS = 400;

export interface DemoEmissionOptions {
  /** Creation time (default: now). */
  readonly now?: Date;
  readonly onProgress?: (step: string) => void;
}

/** Draws emission 1 of every game (DEMO_UNITS units of block 1 each) into `outDir`. */
export async function drawDemoEmissions(outDir: string, options: DemoEmissionOptions = {}): Promise<void> {
  for (const game of GAMES) {
    options.onProgress?.(`emission ${game.code}`);
    await createEmission({
      game: game.code,
      emission: DEMO_EMISSION,
      units: DEMO_UNITS,
      outDir,
      workers: 0,
      ...(options.now ? { now: options.now } : {}),
    });
  }
}
