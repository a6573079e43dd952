/**
 * A restore loses nothing terminals hold (#21). Two enrolled terminals and central over loopback; a
 * backup (PostgreSQL: pgBackRest, restored to a point in time; PGlite: a snapshot); then a payout online
 * and a stop list central acknowledged; central restored to before them (a new epoch). After the next
 * syncs central holds the payout again, credited once, with its outbox event; the ticket is not payable
 * online again; a stop list issued after the restore (on a feed cursor the terminals had passed) reaches
 * both terminals, and the one issued before reaches them still (they keep it). Until both terminals
 * re-synced, central grants no online claim: the other terminal cannot be paid the ticket again.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminOpFor } from '../../../central/admin/ops.js';
import { createEmission } from '../../../central/emission/create.js';
import { exportUnits } from '../../../central/emission/export.js';
import { readPrintFile } from '../../../central/emission/print-file.js';
import { currentEpoch } from '../../../central/store/epoch.js';
import { stopListChange } from '../../../central/store/feed.js';
import { publishEmission } from '../../../central/store/publish.js';
import { serveCentral, type RunningCentral } from '../../../central/server/serve.js';
import { payOrClaim } from '../../../main/services/tickets/acts.js';
import { PayoutError } from '../../../main/services/tickets/pay-errors.js';
import type { AfterCommit } from '../../../main/services/receipts/after-commit.js';
import { syncOnce } from '../../../main/services/sync/sync.js';
import type { LotteryTerminal } from '../../../main/kernel/terminal.js';
import { dropCounters, enrolledCounter, refusedWith, type Counter } from '../../main/services/sync/two-terminals.js';
import { pgBackRestAvailable, startArchivedCluster, type ArchivedCluster } from '../support/archived-cluster.js';
import { requirePg } from '../../support/local-cluster.js';
import { GUICHET_BIN, startCentral, type StartedCentral } from '../support/start-central.js';

const GAME = 'annee-chance-2013';
const after: AfterCommit = { printer: null, drawer: null, language: 'en' };
const run = promisify(execFile);

const engines = [...(requirePg() && (pgBackRestAvailable() || process.env.CI) ? (['postgres'] as const) : []), 'pglite'] as const;

const stopped = (t: LotteryTerminal, pack: number): number =>
  (t.db.prepare('SELECT count(*) AS n FROM stop_list WHERE game = ? AND emission = 7 AND block = 1 AND pack = ?').get(GAME, pack) as { n: number }).n;

describe.each(engines)('restore drill, central on %s', (engine) => {
  let cluster: ArchivedCluster | undefined;
  let c: StartedCentral;
  let served: RunningCentral | null = null;
  let a: Counter;
  let b: Counter;
  let tmp: string;
  let winner: string;
  let prefix: string;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'guichet-restore-'));
    let databaseUrl: string | undefined;
    if (engine === 'postgres') {
      cluster = await startArchivedCluster();
      databaseUrl = await cluster.createDatabase('central');
    }
    c = await startCentral({ terminals: ['T1', 'T2'], dataDir: path.join(tmp, 'central'), ...(databaseUrl ? { databaseUrl } : {}) });
    const em = path.join(tmp, 'em');
    await createEmission({ game: GAME, emission: 7, units: 100, keyFile: c.lotteryKeyFile, outDir: em, workers: 0, claimDays: 60 });
    await publishEmission(c.central, 'test', em);
    const units = [...exportUnits(readPrintFile(path.join(em, `${GAME}-7-1.print`)), 0, 100)];
    winner = units.find((u) => u.prize_cents > 0 && u.prize_cents <= 2000)!.barcodes.validation;
    prefix = units[0]!.barcodes.inventory.slice(0, 3);
    a = await enrolledCounter(c.url, c.codes.T1!, { pack: `${prefix}-007-01-00000` });
    b = await enrolledCounter(c.url, c.codes.T2!, { pack: `${prefix}-007-01-00000` });
  }, 240_000);

  afterAll(async () => {
    dropCounters(a, b);
    await served?.close();
    await c?.close();
    await cluster?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('a backup before a payout and a stop list; restored; after the next syncs nothing terminals hold is lost', async () => {
    const before = await currentEpoch(c.central);
    // The backup, and the point to restore to.
    const snapshot = path.join(tmp, 'backups', 'snapshot');
    // `central backup`: pgBackRest, or a snapshot taken by the running service (through its admin route),
    // into the backup folder set on central's machine.
    const env = { ...process.env, GUICHET_DATABASE_URL: '' };
    if (!cluster) await run(process.execPath, [GUICHET_BIN, 'central', 'backup', '--data', c.dataDir, '--set-folder', path.join(tmp, 'backups')], { env });
    const args = cluster ? ['--database-url', cluster.urlOf('central'), '--pgbackrest-config', cluster.pgbackrest.config, '--type', 'full'] : ['--to', snapshot];
    const backup = JSON.parse((await run(process.execPath, [GUICHET_BIN, 'central', 'backup', '--data', c.dataDir, ...args, '--json'], { env })).stdout) as { stopped_at?: string; taken_at?: string };
    // pgBackRest keeps a backup's end to the second: the point to restore to comes after that second.
    const ended = Date.parse(cluster ? (backup.stopped_at ?? '') : (backup.taken_at ?? ''));
    expect(ended).toBeGreaterThan(0);
    while (Date.now() < ended + (cluster ? 1100 : 50)) await new Promise((r) => setTimeout(r, 100));
    const restoreTo = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 50));

    // After it: a payout online, acknowledged with its outbox event, and a stop list both terminals hold.
    const paid = await payOrClaim(a.t, a.manager, winner, after);
    expect(paid.result.status).toBe('paid');
    await syncOnce(a.t);
    const key = (a.t.db.prepare("SELECT idempotency_key AS k FROM outbox WHERE type = 'payout'").get() as { k: string }).k;
    expect(a.t.db.prepare('SELECT sent_at FROM outbox WHERE idempotency_key = ?').get(key)).toEqual({ sent_at: expect.any(String) });
    await stopListChange(c.central, 'test', `${prefix}-007-01-00003`, 'add', 'stolen before the restore');
    await syncOnce(a.t);
    await syncOnce(b.t);
    expect([stopped(a.t, 3), stopped(b.t, 3)]).toEqual([1, 1]);
    const feedMark = (a.t.db.prepare('SELECT feed_cursor AS f FROM sync_state').get() as { f: number }).f;

    // Central restored to before them.
    const port = new URL(c.url).port;
    await c.close();
    if (cluster) {
      await cluster.archiveNow();
      cluster.stopServer();
      await run(process.execPath, [GUICHET_BIN, 'central', 'restore', '--data', c.dataDir, '--database-url', cluster.urlOf('central'), '--pgbackrest-config', cluster.pgbackrest.config, '--to', restoreTo], { env });
      await cluster.start();
    } else {
      await run(process.execPath, [GUICHET_BIN, 'central', 'restore', '--data', c.dataDir, '--from', snapshot], { env });
    }
    served = await serveCentral({ dataDir: c.dataDir, ...(cluster ? { databaseUrl: cluster.urlOf('central') } : {}), listen: `127.0.0.1:${port}`, log: () => undefined });
    const central = served.central;
    const epoch = await currentEpoch(central);
    expect(epoch).toMatchObject({ reason: 'restore' });
    expect(epoch.epoch).not.toBe(before.epoch);
    // Central lost them: no payout of T1's, no stop list, a feed below the terminals' mark.
    expect(await central.db.query("SELECT state FROM ticket_claims WHERE state = 'paid'")).toEqual([]);
    expect(await central.db.query('SELECT 1 FROM outbox_events WHERE event_key = $1', [key])).toEqual([]);
    expect(epoch.feed_floor).toBeLessThan(feedMark);

    // A stop list issued after the restore takes a cursor the terminals had passed.
    const cursor = await stopListChange(central, 'test', `${prefix}-007-01-00004`, 'add', 'stolen after the restore');
    expect(cursor).toBeLessThanOrEqual(feedMark);

    // The window: central does not know yet that T1 paid the ticket. Until every terminal re-synced,
    // no online claim is granted (T2 would have been granted it, and paid it a second time).
    expect((await refusedWith(payOrClaim(b.t, b.manager, winner, after), PayoutError)).code).toBe('central-restoring');
    const status = async () => (await runAdminOpFor(central, 'restore.status', {}, { actor: 'ops', roles: ['support'] })).result as { held: boolean; waiting: number; released_by: string | null };
    expect(await status()).toMatchObject({ held: true, waiting: 2 });
    await syncOnce(a.t);
    expect(await status()).toMatchObject({ held: true, waiting: 1 });
    expect((await refusedWith(payOrClaim(b.t, b.manager, winner, after), PayoutError)).code).toBe('central-restoring');
    await syncOnce(b.t);
    // Every terminal re-synced: central holds their whole journals, and grants claims again by itself.
    expect(await status()).toMatchObject({ held: false, waiting: 0, released_by: 'central' });
    // Every terminal holds both stop lists: the new one read, not skipped; the lost one kept.
    expect([stopped(a.t, 4), stopped(b.t, 4), stopped(a.t, 3), stopped(b.t, 3)]).toEqual([1, 1, 1, 1]);
    // Central holds the payout again, credited once; the acknowledged outbox event was sent again.
    const claims = await central.db.query<{ terminal_id: string; state: string }>('SELECT terminal_id, state FROM ticket_claims');
    expect(claims).toEqual([{ terminal_id: 'T1', state: 'paid' }]);
    expect(await central.db.query('SELECT 1 FROM uncredited_entries')).toEqual([]);
    expect(await central.db.query('SELECT 1 FROM payout_exceptions')).toEqual([]);
    // Credited on central's own facts (its claim lost), and listed for the lottery to review.
    expect(await central.db.query("SELECT terminal_id, reason FROM integrity_alerts WHERE reason = 'payout_after_restore'")).toEqual([{ terminal_id: 'T1', reason: 'payout_after_restore' }]);
    expect(await central.db.query<{ n: number }>("SELECT count(*)::int AS n FROM journal_entries WHERE terminal_id = 'T1' AND type = 'payout'")).toEqual([{ n: 1 }]);
    expect(await central.db.query('SELECT 1 FROM outbox_events WHERE event_key = $1', [key])).toHaveLength(1);
    // The terminal journaled what it saw; the ticket is not payable online again.
    expect(a.t.db.prepare("SELECT count(*) AS n FROM journal WHERE type = 'central.restored'").get()).toEqual({ n: 1 });
    const again = await refusedWith(payOrClaim(b.t, b.manager, winner, after), PayoutError);
    expect(again.code).toBe('paid-elsewhere');
  }, 120_000);
});
