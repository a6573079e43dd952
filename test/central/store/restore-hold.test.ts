/**
 * The restore window (#21), on both engines: after a restore central grants no online claim until every
 * active terminal has re-synced (a push after which central holds the terminal's whole journal) — a
 * disabled terminal is not waited for — or until two security operators release the claims, with a
 * reason, journaled. A release with nothing held is refused. (The whole drill, with terminals, backups
 * and a real restore: restore-drill.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminOpFor, type OpContext } from '../../../central/admin/ops.js';
import { claimTicket } from '../../../central/store/claims.js';
import type { Central } from '../../../central/store/context.js';
import { renewEpoch } from '../../../central/store/epoch.js';
import { noteResync, type RestoreStatus } from '../../../central/store/restore-hold.js';
import { addTerminal } from '../../../central/store/terminals.js';
import { ENGINES, databaseFor, initTestCentral } from '../support/engines.js';
import { publishTestEmission, type TestEmission } from '../support/paid-twice.js';
import type { StartedCentral } from '../support/start-central.js';

const sec = (actor: string): OpContext => ({ actor, roles: ['security'] });

describe.each(ENGINES)('online claims after a restore, on %s', (engine) => {
  let c: Central;
  let tmp: string;
  let e: TestEmission;
  let clock = Date.parse('2026-12-02T10:00:00.000Z');
  const now = () => new Date(clock).toISOString();
  let key = 0;
  const claim = async (terminal: string) => (await claimTicket(c, terminal, { barcode: e.barcodeOf(e.winners(0)[0]!), claim_key: `restore-hold-${++key}` })).verdict;
  const status = async () => (await runAdminOpFor(c, 'restore.status', {}, { actor: 'sam', roles: ['support'] })).result as RestoreStatus;
  /** `central restore` then a start: a new epoch, read by a fresh process. */
  const restored = async () => {
    clock += 60_000;
    await renewEpoch(c.db, now(), 'restore');
    c.memo.epoch.value = undefined;
    c.memo.epoch.claimsReleased = undefined;
  };

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'guichet-restore-hold-'));
    const url = await databaseFor(engine);
    const keyFile = join(tmp, 'lottery.key');
    ({ central: c } = await initTestCentral({ dataDir: join(tmp, 'central'), keyFile, ...(url ? { databaseUrl: url } : {}), now }));
    await addTerminal(c, 'test', 'T1', 'Tabac du Port');
    await addTerminal(c, 'test', 'T2', 'Presse de la Gare');
    await addTerminal(c, 'test', 'T3', 'Bar des Sports');
    await c.db.execute(`UPDATE terminals SET status = 'active'`);
    e = await publishTestEmission({ central: c, lotteryKeyFile: keyFile } as StartedCentral, { emission: 6 });
  }, 180_000);
  afterAll(async () => {
    await c?.db.close();
    rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('holds nothing on a new store', async () => {
    expect(await status()).toMatchObject({ reason: 'init', held: false, released_by: 'a new store' });
    expect(await claim('T1')).not.toBe('central_restoring');
    await expect(runAdminOpFor(c, 'restore.release', { reason: 'x' }, sec('sec1'))).rejects.toMatchObject({ reason: 'not_held', status: 409 });
  });

  it('after a restore: held until every active terminal re-synced, a disabled one not waited for', async () => {
    await restored();
    expect(await claim('T2')).toBe('central_restoring');
    expect(await status()).toMatchObject({ reason: 'restore', held: true, waiting: 3, resynced: 0 });
    await c.db.execute(`UPDATE terminals SET status = 'disabled' WHERE terminal_id = 'T3'`);
    // A push that leaves central short of the terminal's head is no re-sync; one that reaches it is.
    await c.db.transaction((tx) => noteResync(c, tx, 'T1', 12, 11, now()));
    expect(await status()).toMatchObject({ held: true, waiting: 2, resynced: 0 });
    await c.db.transaction((tx) => noteResync(c, tx, 'T1', 12, 12, now()));
    expect(await status()).toMatchObject({ held: true, waiting: 1, resynced: 1, waiting_terminals: [{ terminal_id: 'T2', retailer: 'Presse de la Gare' }] });
    expect(await claim('T1')).toBe('central_restoring');
    // A terminal older than #21 declares no head: it never counts as re-synced.
    await c.db.transaction((tx) => noteResync(c, tx, 'T2', undefined, 40, now()));
    expect((await status()).held).toBe(true);
    await c.db.transaction((tx) => noteResync(c, tx, 'T2', 40, 40, now()));
    expect(await status()).toMatchObject({ held: false, waiting: 0, released_by: 'central' });
    expect(await claim('T2')).not.toBe('central_restoring');
    const [entry] = await c.db.query<{ actor: string; payload: Record<string, unknown> }>(`SELECT actor, payload FROM central_journal WHERE type = 'restore.claims_released' ORDER BY entry_id DESC LIMIT 1`);
    expect(entry).toMatchObject({ actor: 'central', payload: { why: 'every active terminal re-synced', last: 'T2' } });
    await c.db.execute(`UPDATE terminals SET status = 'active' WHERE terminal_id = 'T3'`);
  });

  it('the last two terminals re-syncing at once release the claims (neither leaves them held)', async () => {
    await restored();
    await c.db.execute(`UPDATE terminals SET status = 'disabled' WHERE terminal_id = 'T3'`);
    let opened!: () => void;
    let commit!: () => void;
    const inFirst = new Promise<void>((r) => (opened = r));
    const gate = new Promise<void>((r) => (commit = r));
    // T1's push has re-synced it and not committed yet when T2's comes.
    const first = c.db.transaction(async (tx) => {
      await noteResync(c, tx, 'T1', 3, 3, now());
      opened();
      await gate;
    });
    await inFirst;
    const second = c.db.transaction((tx) => noteResync(c, tx, 'T2', 5, 5, now()));
    await new Promise((r) => setTimeout(r, 300));
    commit();
    await Promise.all([first, second]);
    expect(await status()).toMatchObject({ held: false, released_by: 'central' });
    await c.db.execute(`UPDATE terminals SET status = 'active' WHERE terminal_id = 'T3'`);
  });

  it('a terminal that does not come back: two security operators release the claims, with a reason', async () => {
    await restored();
    expect(await claim('T1')).toBe('central_restoring');
    await expect(runAdminOpFor(c, 'restore.release', { reason: 'x' }, { actor: 'fin', roles: ['finance'] })).rejects.toMatchObject({ status: 403 });
    const proposed = await runAdminOpFor(c, 'restore.release', { reason: 'T3 est fermé pour travaux' }, sec('sec1'));
    expect(proposed.status).toBe(202);
    expect((await status()).held).toBe(true);
    const id = (proposed.result as { proposal_id: number }).proposal_id;
    await expect(runAdminOpFor(c, 'proposal.approve', { id, reason: 'mine' }, sec('sec1'))).rejects.toMatchObject({ reason: 'same_operator' });
    await runAdminOpFor(c, 'proposal.approve', { id, reason: 'vérifié avec le détaillant' }, sec('sec2'));
    expect(await status()).toMatchObject({ held: false, released_by: 'sec2', waiting: 3 });
    expect(await claim('T1')).not.toBe('central_restoring');
    const [entry] = await c.db.query<{ actor: string; payload: Record<string, unknown> }>(`SELECT actor, payload FROM central_journal WHERE type = 'restore.claims_released' ORDER BY entry_id DESC LIMIT 1`);
    expect(entry).toMatchObject({ actor: 'sec2', payload: { why: 'T3 est fermé pour travaux', proposer: 'sec1', waiting_terminals: 3, waiting: ['T1', 'T2', 'T3'] } });
  });
});
