/**
 * Emission benchmark: one full block of each game drawn, sealed and written (default workers),
 * the outcome file's size, and the floor set by hashing that file (SHA-256 throughput).
 * Run: `node bin/run-ts.js bench/emission.ts` (or through `npm run bench`).
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GAMES } from '../games/index.js';
import { createEmission } from '../central/emission/create.js';
import { defaultWorkerCount } from '../central/emission/worker-pool.js';

async function sha256File(path: string): Promise<number> {
  const t = performance.now();
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) h.update(chunk as Buffer);
  h.digest();
  return performance.now() - t;
}

/** Prints, per game: units, draw and seal+write seconds, units/s, file size, SHA-256 floor. */
export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'guichet-bench-emission-'));
  console.log(`emission: one full block per game, ${defaultWorkerCount()} worker(s), ${availableParallelism()} core(s)`);
  try {
    for (const game of GAMES) {
      const t0 = performance.now();
      const r = await createEmission({ game: game.code, emission: 1, outDir: join(dir, game.code) });
      const total = (performance.now() - t0) / 1000;
      const b = r.blocks[0];
      if (!b) continue;
      const bytes = statSync(b.outcomePath).size;
      const hashMs = await sha256File(b.outcomePath);
      console.log(
        `  ${game.code.padEnd(18)} ${game.block_size.toLocaleString('en').padStart(9)} units: ` +
          `total ${total.toFixed(2)} s (draw ${(b.drawMs / 1000).toFixed(2)} s, seal+write ${(b.sealMs / 1000).toFixed(2)} s), ` +
          `${Math.round(game.block_size / total).toLocaleString('en')} units/s; ` +
          `outcome ${(bytes / 1e6).toFixed(1)} MB; SHA-256 of the file ${(hashMs / 1000).toFixed(2)} s ` +
          `(${(bytes / 1e6 / (hashMs / 1000)).toFixed(0)} MB/s)`,
      );
      rmSync(join(dir, game.code), { recursive: true, force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
