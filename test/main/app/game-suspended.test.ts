/**
 * A game the lottery suspended, as soon as the terminal heard it (#41: "+ Happy 2014" stayed enabled,
 * the prize went in the basket and Valider still said "À payer ici" 15 s after a paper game was
 * suspended). The suspension reaches the terminal through its feed (`game_status`, applied by
 * services/sync/pull.ts into the setting written here; sync.test.ts covers the feed itself): the
 * status says which games, the verdict of its winner says it is suspended and offers no payout, and
 * neither the payout nor the basket takes it.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportUnits, type ExportedUnit } from '../../../central/emission/export.js';
import { readPrintFile } from '../../../central/emission/print-file.js';
import { writeSetting } from '../../../db/queries/terminal.js';
import { CENTRAL_DISABLED_GAMES } from '../../../main/services/terminal/enabled.js';
import { ACTIVE_PACK, demoApp, displaysOf, PAPER, type AppFixture } from './sales-fixture.js';

let f: AppFixture | undefined;
afterEach(() => f?.cleanup());

function winnerOf(dir: string): ExportedUnit {
  const print = readPrintFile(path.join(dir, 'demo-lottery', `${PAPER}-1-1.print`));
  const u = [...exportUnits(print, 0, 400)].find((x) => x.unit.startsWith(`${ACTIVE_PACK}-`) && x.prize_cents > 0 && x.prize_cents <= 1_000);
  if (!u) throw new Error('no small demo winner in the active pack');
  return u;
}

/** What the feed's `game_status` item leaves behind when central suspends `games`. */
function heardSuspended(fx: AppFixture, games: string[]): void {
  const t = fx.app.context.terminal;
  writeSetting(t.db, CENTRAL_DISABLED_GAMES, JSON.stringify(games), t.now());
}

describe('a game the lottery suspended', () => {
  it('says so in the status and in its winner’s verdict, which offers no payout; pay and basket refuse it', async () => {
    f = await demoApp();
    const winner = winnerOf(f.dir);
    await f.login('Camille');
    await f.call('cash.open', { float_cents: 50_000 });
    expect(await f.call('ticket.check', { barcode: winner.barcodes.validation })).toMatchObject({ verdict: 'winner' });
    expect((await f.call('status.get', {})).suspended_games).toEqual([]);

    heardSuspended(f, [PAPER]);
    expect((await f.call('status.get', {})).suspended_games).toEqual([PAPER]);
    const v = await f.call('ticket.check', { barcode: winner.barcodes.validation });
    expect(v).toMatchObject({ verdict: 'winner', suspended: true, prize_cents: winner.prize_cents });
    expect(v.message).toMatch(/but the lottery suspended .+: no payout or claim until it resumes/);
    // The player is told on the customer display too, not "winner".
    expect(displaysOf(f).at(-1)).toEqual({ kind: 'refused', reason: 'game-suspended' });
    const counts = f.counts();
    await f.refused('ticket.pay', { barcode: winner.barcodes.validation }, 'game-suspended');
    await f.refused('basket.add-prize', { barcode: winner.barcodes.validation }, 'game-suspended');
    await f.refused('basket.set', { barcodes: [], digital: [], prizes: [winner.barcodes.validation] }, 'game-suspended');
    expect(f.counts()).toEqual(counts);

    // Resumed: paid as before.
    heardSuspended(f, []);
    expect(await f.call('ticket.check', { barcode: winner.barcodes.validation })).not.toHaveProperty('suspended');
    expect((await f.call('ticket.pay', { barcode: winner.barcodes.validation })).verdict).toMatchObject({ verdict: 'winner' });
  });
});
