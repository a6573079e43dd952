/**
 * Settlement by share counts each low-tier winner once, as it is newly paid: a pack counts at its
 * activation the winners already paid before it, then each push adds the ones it pays; the pack settles
 * by share exactly when the count reaches `settle_share_percent` (70 %) of its low-tier winners.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireJournalEntry } from '../../../common/protocol/index.js';
import { createEmission } from '../../../central/emission/create.js';
import { readPrintFile } from '../../../central/emission/print-file.js';
import { reconcilePayouts } from '../../../central/store/claims.js';
import type { Central } from '../../../central/store/context.js';
import { initTestCentral } from '../support/engines.js';
import { centralPackState, packOperation, settlePacks } from '../../../central/store/packs.js';
import { publishEmission } from '../../../central/store/publish.js';
import { setConfig } from '../../../central/store/feed.js';

const GAME = 'annee-chance-2013';
const AT = '2026-11-30T10:00:00.000Z';

describe('packs settled by share', () => {
  let tmp: string;
  let c: Central;
  const lowTier: number[] = [];
  let seq = 0;
  const pay = (units: number[]): Promise<unknown> =>
    c.db.transaction(async (tx) => {
      const entries = units.map((unit) => ({ seq: ++seq, at: AT, terminal: 'T1', type: 'payout', operator: 'alice', payload: { game: GAME, emission: 3, block: 1, unit, amount_cents: 200 }, prev_hash: 'p', hash: 'h', signature: 's' }) as WireJournalEntry);
      const { paid } = await reconcilePayouts(c, tx, 'T1', entries);
      return settlePacks(c, tx, paid);
    });
  const op = (action: 'receive' | 'activate') => packOperation(c, 'T1', { game: GAME, emission: 3, block: 1, pack: 0, action, op_key: `T1/pack/${action}`, at: AT });

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'guichet-central-share-'));
    const keyFile = join(tmp, 'lottery.key');
    c = (await initTestCentral({ dataDir: join(tmp, 'data'), keyFile, now: () => AT })).central;
    await setConfig(c, 'test', 'packs_require_shipment', false); // not about shipping (#19)
    const out = join(tmp, 'emission');
    await createEmission({ game: GAME, emission: 3, units: 100, keyFile, outDir: out, workers: 0, claimDays: 60 });
    await publishEmission(c, 'test', out);
    const print = readPrintFile(join(out, `${GAME}-3-1.print`));
    for (let u = 0; u < 100; u++) {
      const prize = print.header.tier_amounts[print.tiers[u] as number] ?? 0;
      if (prize > 0 && prize <= 5_000) lowTier.push(u);
    }
  }, 120_000);
  afterAll(async () => {
    await c?.db.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('counts the winners paid before activation, then each newly paid one, and settles at the share', async () => {
    expect(lowTier.length).toBeGreaterThanOrEqual(4);
    const due = Math.ceil((lowTier.length * 70) / 100);
    expect((await op('receive')).outcome).toBe('applied');
    await pay([lowTier[0]!]);
    expect((await op('activate')).outcome).toBe('applied');
    expect(await centralPackState(c.db, { game: GAME, emission: 3, block: 1, pack: 0 })).toMatchObject({ state: 'active', low_tier_validated: 1, low_tier_winners: lowTier.length });
    // Paid again (an exception) and a repeat in one batch count nothing more.
    await pay([lowTier[0]!, lowTier[1]!, lowTier[1]!]);
    expect(await centralPackState(c.db, { game: GAME, emission: 3, block: 1, pack: 0 })).toMatchObject({ low_tier_validated: 2 });
    if (due > 3) await pay(lowTier.slice(2, due - 1));
    expect(await centralPackState(c.db, { game: GAME, emission: 3, block: 1, pack: 0 })).toMatchObject({ state: 'active', low_tier_validated: due - 1 });
    expect(await pay([lowTier[due - 1]!])).toBe(1);
    expect(await centralPackState(c.db, { game: GAME, emission: 3, block: 1, pack: 0 })).toMatchObject({ state: 'settled', settle_reason: 'share', low_tier_validated: due });
  });
});
