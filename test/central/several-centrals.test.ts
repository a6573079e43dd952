/**
 * Several central processes on one PostgreSQL database (#21): two `guichet central serve` children, each
 * with its own copy of the data folder, the terminal enrolled with both addresses (`--central a,b`) and
 * told them again by the signed configuration (`central.urls`). The first process killed by SIGKILL:
 * the terminal's claims stay online and its pushes go through the other, nothing lost, nothing twice.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmission } from '../../central/emission/create.js';
import { exportUnits } from '../../central/emission/export.js';
import { readPrintFile } from '../../central/emission/print-file.js';
import { setConfig } from '../../central/store/feed.js';
import { openCentral } from '../../central/store/open.js';
import { publishEmission } from '../../central/store/publish.js';
import { CENTRAL_URLS_KEY } from '../../common/protocol/index.js';
import { syncStateRow } from '../../db/queries/sync-state.js';
import type { AfterCommit } from '../../main/services/receipts/after-commit.js';
import { activatePack, receivePack } from '../../main/services/packs/packs.js';
import { syncOnce } from '../../main/services/sync/sync.js';
import { centralUrls } from '../../main/services/sync/terminal-client.js';
import { payOrClaim } from '../../main/services/tickets/acts.js';
import { centralJournal, terminalJournal } from '../main/services/sync/compare.js';
import { centralStore, serveChild, type CentralChild, type CentralStore } from '../main/services/sync/sync-fixture.js';
import { dropCounters, enrolledCounter, type Counter } from '../main/services/sync/two-terminals.js';
import { databaseFor, ENGINES } from './support/engines.js';

const GAME = 'annee-chance-2013';
const after: AfterCommit = { printer: null, drawer: null, language: 'en' };

describe.skipIf(!ENGINES.includes('postgres'))('two central processes on one database, one killed', () => {
  let store: CentralStore;
  let copy: CentralStore;
  let one: CentralChild;
  let two: CentralChild;
  let x: Counter;
  let tmp: string;
  let winners: string[];

  beforeAll(async () => {
    store = await centralStore(['T1'], await databaseFor('postgres'));
    tmp = mkdtempSync(path.join(tmpdir(), 'guichet-two-centrals-'));
    const central = await openCentral({ dataDir: store.dir, databaseUrl: store.databaseUrl });
    let pack: string;
    try {
      const em = path.join(tmp, 'em');
      await createEmission({ game: GAME, emission: 7, units: 100, keyFile: path.join(store.dir, '..', 'lottery.key'), outDir: em, workers: 0, claimDays: 60 });
      await publishEmission(central, 'test', em);
      const units = [...exportUnits(readPrintFile(path.join(em, `${GAME}-7-1.print`)), 0, 100)];
      winners = units.filter((u) => u.prize_cents > 0 && u.prize_cents <= 2000).map((u) => u.barcodes.validation);
      pack = `${units[0]!.barcodes.inventory.slice(0, 3)}-007-01-00000`;
      // Bad input changes nothing: a list that is not addresses is refused.
      await expect(setConfig(central, 'test', CENTRAL_URLS_KEY, ['ftp://x'])).rejects.toThrow(/central\.urls takes a list of 1 to 8 central addresses/);
    } finally {
      await central.db.close();
    }
    // The second process has its own data folder: a copy (central.json, the online key, published files).
    const dir2 = path.join(tmp, 'central-2');
    cpSync(store.dir, dir2, { recursive: true });
    copy = { ...store, dir: dir2 };
    [one, two] = await Promise.all([serveChild(store), serveChild(copy)]);
    x = await enrolledCounter(`${one.url},${two.url}`, store.codes.get('T1')!);
    try {
      receivePack(x.t, x.manager, pack);
      activatePack(x.t, x.manager, pack);
    } catch (err) {
      const journal = x.t.db.prepare('SELECT type, payload FROM journal ORDER BY seq').all();
      throw new Error(`${(err as Error).message}: ${JSON.stringify(journal).slice(0, 3000)} ${JSON.stringify(syncStateRow(x.t.db))}`);
    }
    await syncOnce(x.t);
    const again = await openCentral({ dataDir: store.dir, databaseUrl: store.databaseUrl });
    try {
      await setConfig(again, 'test', CENTRAL_URLS_KEY, [one.url, two.url]);
    } finally {
      await again.db.close();
    }
  }, 120_000);

  afterAll(async () => {
    dropCounters(x);
    await one?.kill();
    await two?.kill();
    store?.cleanup();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('the first central killed: claims stay online through the other, pushes too, nothing lost', async () => {
    expect(winners.length).toBeGreaterThanOrEqual(3);
    expect(syncStateRow(x.t.db)!.central_url).toBe(`${one.url},${two.url}`);
    await syncOnce(x.t);
    // The signed configuration's list is the one used from now on.
    expect(centralUrls(x.t, syncStateRow(x.t.db)!.central_url)).toEqual([one.url, two.url]);
    const first = await payOrClaim(x.t, x.manager, winners[0]!, after);
    expect(first.result.status === 'paid' && first.result.pending_central).toBeFalsy();
    await syncOnce(x.t);
    await one.kill();
    for (const w of winners.slice(1, 3)) {
      const r = await payOrClaim(x.t, x.manager, w, after);
      expect(r.result.status).toBe('paid');
      // Online through the second process, not paid on the offline allowance.
      expect(r.result.status === 'paid' && r.result.pending_central).toBeFalsy();
    }
    const r = await syncOnce(x.t, { client: { initialDelayMs: 10, maxDelayMs: 100, maxAttempts: 3 } });
    expect(r.push.waiting).toBe(0);
    const central = await openCentral({ dataDir: copy.dir, databaseUrl: copy.databaseUrl });
    try {
      expect(await centralJournal(central.db, 'T1')).toEqual(terminalJournal(x.t));
      const paid = await central.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ticket_claims WHERE state = 'paid' AND terminal_id = 'T1'");
      expect(paid).toEqual([{ n: 3 }]);
    } finally {
      await central.db.close();
    }
  });
});
