import { describe, expect, it } from 'vitest';
import { gameByCode, lotsOf } from '../../../games/index.js';
import { cryptoRandom, type RandomSource } from '../../../central/emission/crypto-random.js';
import { countTiers, drawTiers, tierAmounts } from '../../../central/emission/draw.js';
import { PackGuaranteeError, checkPackGuarantee, guaranteePackWinners, winnersPerPack } from '../../../central/emission/packs.js';
import { unitSecrets, unitSecretsBatch } from '../../../central/emission/secrets.js';

describe('drawTiers', () => {
  it('gives a whole 2,000,000-unit block exactly the table counts, shuffled', () => {
    const game = gameByCode('happy-2014');
    const tiers = drawTiers(game.prizes, game.block_size);
    expect(tiers).toBeInstanceOf(Uint8Array);
    expect(tiers.length).toBe(2_000_000);
    const counts = countTiers(tiers, game.prizes.length);
    expect(counts.slice(1)).toEqual(game.prizes.map((t) => t.count));
    expect(counts[0]).toBe(game.block_size - lotsOf(game.prizes));
    // The fill put every winner in front; after the shuffle the front holds about the average share.
    const frontWinners = tiers.subarray(0, 100_000).reduce((n, t) => n + (t === 0 ? 0 : 1), 0);
    expect(frontWinners).toBeGreaterThan(19_000);
    expect(frontWinners).toBeLessThan(24_600);
    // Two draws differ.
    expect(Buffer.from(drawTiers(game.prizes, game.block_size)).equals(Buffer.from(tiers))).toBe(false);
  });

  it('places tiers uniformly (small block, many draws, chi-square on the position of the single winner)', () => {
    const positions = new Array<number>(10).fill(0);
    const random = cryptoRandom(1024);
    for (let i = 0; i < 20_000; i++) {
      const t = drawTiers([{ amount_cents: 100, count: 1 }], 10, random);
      const at = t.indexOf(1);
      positions[at] = (positions[at] ?? 0) + 1;
    }
    const chi2 = positions.reduce((s, n) => s + (n - 2000) ** 2 / 2000, 0);
    expect(chi2).toBeLessThan(27.9); // 9 degrees of freedom, p = 0.001
  });

  it('refuses a table with more lots than units', () => {
    expect(() => drawTiers([{ amount_cents: 100, count: 11 }], 10)).toThrow(/more lots/);
  });

  it('maps tier indexes to amounts with 0 for losers', () => {
    expect(tierAmounts([{ amount_cents: 500, count: 1 }, { amount_cents: 100, count: 2 }])).toEqual([0, 500, 100]);
  });
});

describe('cryptoRandom', () => {
  it('stays within bounds, up to 2^32', () => {
    const r = cryptoRandom(16);
    for (const n of [1, 2, 3, 1000, 2 ** 31 + 1, 2 ** 32]) {
      for (let i = 0; i < 200; i++) {
        const x = r.below(n);
        expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
      }
    }
    expect(() => r.below(0)).toThrow(RangeError);
    expect(() => r.below(2 ** 32 + 1)).toThrow(RangeError);
  });
});

describe('pack guarantee', () => {
  const game = gameByCode('annee-chance-2013');
  const packSize = game.pack_size as number;

  it('gives every pack at least M winners without changing the block counts', () => {
    const tiers = drawTiers(game.prizes, game.block_size);
    const before = countTiers(tiers, game.prizes.length);
    const m = 21; // 433,720 winners over 20,000 packs: 21.7 on average, the most that fits
    expect(Math.min(...winnersPerPack(tiers, packSize))).toBeLessThan(m);
    const swaps = guaranteePackWinners(tiers, packSize, m);
    expect(swaps).toBeGreaterThan(0);
    expect(Math.min(...winnersPerPack(tiers, packSize))).toBeGreaterThanOrEqual(m);
    expect(countTiers(tiers, game.prizes.length)).toEqual(before);
  });

  it('refuses an impossible guarantee clearly and changes nothing', () => {
    expect(() => checkPackGuarantee(game.block_size, packSize, lotsOf(game.prizes), 22)).toThrow(/needs 440000 winners, a block has 433720/);
    const tiers = new Uint8Array([1, 0, 0, 0, 1, 1, 0, 0]);
    const copy = Buffer.from(tiers);
    expect(() => guaranteePackWinners(tiers, 4, 2)).toThrow(PackGuaranteeError);
    expect(Buffer.from(tiers).equals(copy)).toBe(true);
    expect(() => guaranteePackWinners(new Uint8Array([1, 1, 1, 1, 1]), 4, 2)).toThrow(/last pack .* holds only 1/);
  });

  it('moves exactly the missing winners on a tiny case', () => {
    // Packs of 4: [W W W L] [L L L L] → one winner must move into the second pack.
    const tiers = new Uint8Array([1, 2, 1, 0, 0, 0, 0, 0]);
    const seq = [0, 2, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0];
    let i = 0;
    const fixed: RandomSource = { below: (n) => (seq[i++] ?? 0) % n };
    expect(guaranteePackWinners(tiers, 4, 1, fixed)).toBe(1);
    expect([...winnersPerPack(tiers, 4)]).toEqual([2, 1]);
    expect([...tiers].sort()).toEqual([0, 0, 0, 0, 0, 1, 1, 2]);
  });
});

describe('unitSecrets', () => {
  const master = Buffer.alloc(32, 7);

  it('derives a stable 18-digit code and a 16-byte seed per unit', () => {
    const a = unitSecrets(master, 42);
    expect(a.hiddenCode).toMatch(/^\d{18}$/);
    expect(a.layoutSeed).toHaveLength(16);
    expect(unitSecrets(master, 42)).toEqual(a);
    const b = unitSecrets(master, 43);
    expect(b.hiddenCode).not.toBe(a.hiddenCode);
    expect(Buffer.from(b.layoutSeed).equals(Buffer.from(a.layoutSeed))).toBe(false);
    expect(unitSecrets(Buffer.alloc(32, 8), 42).hiddenCode).not.toBe(a.hiddenCode);
  });

  it('spreads the codes over all 18 digits (leading digit roughly uniform)', () => {
    const lead = new Array<number>(10).fill(0);
    for (let u = 0; u < 5000; u++) {
      const d = Number(unitSecrets(master, u).hiddenCode[0]);
      lead[d] = (lead[d] ?? 0) + 1;
    }
    for (const n of lead) expect(n).toBeGreaterThan(380);
  });

  it('gives a batch exactly what each unit gives alone, rejection fallbacks included', () => {
    // ~0.06 % of units need the HMAC fallback: 20,000 units cross several of them.
    const batch = unitSecretsBatch(master, 70_000, 20_000);
    for (let i = 0; i < batch.length; i += 1) {
      const alone = unitSecrets(master, 70_000 + i);
      expect(batch[i]!.hiddenCode).toBe(alone.hiddenCode);
      expect(Buffer.from(batch[i]!.layoutSeed).equals(Buffer.from(alone.layoutSeed))).toBe(true);
    }
    expect(new Set(batch.map((s) => s.hiddenCode)).size).toBe(batch.length);
  });

  it('refuses a bad master secret or unit index', () => {
    expect(() => unitSecrets(Buffer.alloc(16), 1)).toThrow(/32 bytes/);
    expect(() => unitSecrets(master, -1)).toThrow(/bad unit index/);
    expect(() => unitSecretsBatch(master, 0x7fffffff, 2)).toThrow(/bad unit index/);
  });
});
