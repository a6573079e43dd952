import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT as root, runGuichet } from '../../../support/guichet-runner.js';

// The French regulations are kept beside the repository (../shared/seeds), not in it: a clone with nothing
// beside it skips the comparison, saying so, and runs the rest.
const seeds = join(root, '..', 'shared', 'seeds');
const haveSeeds = existsSync(seeds);
if (!haveSeeds) console.warn(`games.test: ${seeds} is absent: the comparison with the three seeds is skipped`);
/** `guichet ARGS` in process, `input` on its standard input (which then ends; left as the test's own when absent). */
const guichet = async (args: string[], input?: string): Promise<{ status: number | null; stdout: string; stderr: string }> => {
  const r = await runGuichet(args, {}, input === undefined ? {} : { input });
  return { status: r.code, stdout: r.stdout, stderr: r.stderr };
};

const digits = (s: string): number => Number(s.replace(/\s/g, ''));

/** Reads a seed's prize table, block size and price straight from the French regulation. */
function readSeed(file: string): { price_cents: number; block_size: number; prizes: { amount_cents: number; count: number }[]; lots: number; total_cents: number } {
  const text = readFileSync(join(seeds, file), 'utf8');
  const prizes = [...text.matchAll(/\|\s*([\d\s]+?) lots de\s*\|\s*([\d\s]+?) €/g)].map((m) => ({
    amount_cents: digits(m[2]!) * 100,
    count: digits(m[1]!),
  }));
  const totals = /\|\s*([\d\s]+?) lots formant un total de\s*\|[\s|]*([\d\s]+?) €/.exec(text)!;
  return {
    price_cents: digits(/prix de vente [^.]*? fixé à ([\d\s]+) (?:€|euros)/.exec(text)![1]!) * 100,
    block_size: digits(/blocs de ([\d\s]+?) (?:unités|tickets)/.exec(text)![1]!),
    prizes,
    lots: digits(totals[1]!),
    total_cents: digits(totals[2]!) * 100,
  };
}

describe('guichet games', () => {
  it.runIf(haveSeeds)('--json matches the three seeds exactly', async () => {
    const doc = JSON.parse((await guichet(['games', '--json'])).stdout) as Array<Record<string, unknown>>;
    const files: Record<string, string> = {
      'happy-2014': '000_32acdfd243412652.txt',
      'annee-chance-2013': '002_2b357b0719cfb56c.txt',
      millionnaire: '003_566bd4a0dbcf45a9.txt',
    };
    expect(doc.map((g) => g.code)).toEqual(Object.keys(files));
    for (const game of doc) {
      const seed = readSeed(files[game.code as string]!);
      expect(Object.keys(game)).toEqual(['code', 'name', 'kind', 'price_cents', 'block_size', 'prizes']);
      expect(game.price_cents).toBe(seed.price_cents);
      expect(game.block_size).toBe(seed.block_size);
      expect(game.prizes).toEqual(seed.prizes);
      const prizes = game.prizes as { amount_cents: number; count: number }[];
      expect(prizes.reduce((s, t) => s + t.count, 0)).toBe(seed.lots);
      expect(prizes.reduce((s, t) => s + t.count * t.amount_cents, 0)).toBe(seed.total_cents);
    }
    expect(doc.map((g) => g.kind)).toEqual(['digital', 'paper', 'digital']);
  });

  it('prints the tables with totals and payout rates for people', async () => {
    const out = (await guichet(['games'])).stdout;
    expect(out).toContain('Happy 2014');
    expect(out).toContain('435 820');
    expect(out).toContain('3 960 000 €');
    expect(out).toContain('66,00 %');
    expect(out).toContain('73,50 %');
    expect(out).toContain('44 100 000 €');
  });

  it('sample is reproducible with --seed and shows every tier', async () => {
    const a = (await guichet(['games', 'sample', 'millionnaire', '--count', '40', '--seed', 'abc'])).stdout;
    const b = (await guichet(['games', 'sample', 'millionnaire', '--count', '40', '--seed', 'abc'])).stdout;
    expect(a).toBe(b);
    const units = a.trim().split('\n').map((l) => JSON.parse(l) as { game: string; prize_cents: number; play: unknown });
    expect(units).toHaveLength(40);
    expect(Object.keys(units[0]!)).toEqual(['game', 'prize_cents', 'play']);
    const prizes = new Set(units.map((u) => u.prize_cents));
    for (const p of [100_000_000, 10_000_000, 1_000_000, 100_000, 15_000, 10_000, 5_000, 2_000, 1_000, 0]) expect(prizes).toContain(p);
    expect((await guichet(['games', 'sample', 'millionnaire', '--count', '40', '--seed', 'abd'])).stdout).not.toBe(a);
  });

  it.each(['happy-2014', 'annee-chance-2013', 'millionnaire'])('100,000 sampled units of %s pass the rules', async (code) => {
    const made = await guichet(['games', 'sample', code, '--count', '100000', '--seed', `ci-${code}`]);
    expect([made.status, made.stderr]).toEqual([0, '']);
    const sample = made.stdout;
    const verdict = await guichet(['games', 'verify', '--json'], sample);
    expect(verdict.stderr).toBe('');
    expect(JSON.parse(verdict.stdout)).toEqual({ units: 100_000, ok: true, problems: [] });
  });

  it('verify catches a unit whose prize disagrees with its play data, and exits 1', async () => {
    const line = (await guichet(['games', 'sample', 'happy-2014', '--count', '1', '--seed', 'x'])).stdout.trim();
    const unit = JSON.parse(line) as { prize_cents: number };
    unit.prize_cents += 100;
    const r = await guichet(['games', 'verify'], JSON.stringify(unit) + '\n');
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/line 1: prize_cents says/);
  });

  it('refuses an unknown game and a bad count clearly', async () => {
    const r = await guichet(['games', 'sample', 'lotto']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/unknown game 'lotto'/);
    const c = await guichet(['games', 'sample', 'happy-2014', '--count', 'ten']);
    expect(c.status).not.toBe(0);
    expect(c.stderr).toMatch(/--count must be a whole number/);
  });

  it('has --help on every subcommand', async () => {
    for (const args of [['--help'], ['games', '--help'], ['games', 'sample', '--help'], ['games', 'verify', '--help'], ['kiosk', '--help']]) {
      const r = await guichet(args);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/Usage: guichet/);
    }
  });
});
