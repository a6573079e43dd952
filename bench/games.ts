/** Rules-engine throughput: layouts generated and play data evaluated (parse + prize) per second, per game. */
import { GAMES, createRng, type Game } from '../games/index.js';
import { drawPrize } from '../games/sample.js';

function perSecond(count: number, ms: number): string {
  return `${Math.round((count / ms) * 1000).toLocaleString('en-US')}/s`;
}

/**
 * Layouts are made and dropped at once, as the emission generator does (keeping them all would
 * measure the garbage collector); evaluation runs over a pool of 20,000 layouts read again and again.
 */
function measure(game: Game, units: number): { layoutMs: number; evalMs: number } {
  const rng = createRng(`bench-${game.code}`);
  const prizes = Int32Array.from({ length: 65_536 }, () => drawPrize(game, rng));
  const pool = Array.from({ length: 20_000 }, (_, i) => game.layout(prizes[i] as number, rng));
  // Warm up the JIT first.
  for (let i = 0; i < 50_000; i++) game.evaluate(game.parse(game.layout(prizes[i & 0xffff] as number, rng)));
  let sink = 0;
  let t = performance.now();
  for (let i = 0; i < units; i++) sink += (game.layout(prizes[i & 0xffff] as number, rng) as object) ? 1 : 0;
  const layoutMs = performance.now() - t;
  t = performance.now();
  let sum = 0;
  for (let i = 0; i < units; i++) sum += game.evaluate(game.parse(pool[i % pool.length])).prize_cents;
  const evalMs = performance.now() - t;
  const expected = pool.reduce((s: number, _p, i) => s + (prizes[i] as number), 0) * Math.floor(units / pool.length);
  if (sink !== units || (units % pool.length === 0 && sum !== expected)) throw new Error(`${game.code}: evaluated prizes disagree with drawn prizes`);
  return { layoutMs, evalMs };
}

export async function run(): Promise<void> {
  const units = Number(process.env.BENCH_UNITS ?? 1_000_000);
  console.log(`\n## Rules engine (${units.toLocaleString('en-US')} units per game, one core)`);
  console.log('game                layout            parse+prizeOf');
  for (const game of GAMES) {
    const { layoutMs, evalMs } = measure(game, units);
    console.log(`${game.code.padEnd(20)}${perSecond(units, layoutMs).padEnd(18)}${perSecond(units, evalMs)}`);
  }
}
