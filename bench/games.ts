/** Rules-engine throughput: layouts generated and play data evaluated (parse + prize) per second, per game. */
import { GAMES, createRng, type Game } from '../games/index.js';
import { drawPrize } from '../games/sample.js';

function perSecond(count: number, ms: number): string {
  return `${Math.round((count / ms) * 1000).toLocaleString('en-US')}/s`;
}

function measure(game: Game, units: number): { layoutMs: number; evalMs: number } {
  const rng = createRng(`bench-${game.code}`);
  const prizes = Array.from({ length: units }, () => drawPrize(game, rng));
  // Warm up the JIT on a small run first.
  for (let i = 0; i < 20_000; i++) game.evaluate(game.parse(game.layout(prizes[i % prizes.length]!, rng)));
  const plays = new Array<unknown>(units);
  let t = performance.now();
  for (let i = 0; i < units; i++) plays[i] = game.layout(prizes[i]!, rng);
  const layoutMs = performance.now() - t;
  t = performance.now();
  let sum = 0;
  for (let i = 0; i < units; i++) sum += game.evaluate(game.parse(plays[i])).prize_cents;
  const evalMs = performance.now() - t;
  if (sum !== prizes.reduce((s, p) => s + p, 0)) throw new Error(`${game.code}: evaluated prizes disagree with drawn prizes`);
  return { layoutMs, evalMs };
}

export async function run(): Promise<void> {
  const units = Number(process.env.BENCH_UNITS ?? 500_000);
  console.log(`\n## Rules engine (${units.toLocaleString('en-US')} units per game, one core)`);
  console.log('game                layout            parse+prizeOf');
  for (const game of GAMES) {
    const { layoutMs, evalMs } = measure(game, units);
    console.log(`${game.code.padEnd(20)}${perSecond(units, layoutMs).padEnd(18)}${perSecond(units, evalMs)}`);
  }
}
