/**
 * Where a snapshot may go, and what it holds (issue 39, finding 3), on both engines: an administrator
 * alone proposed a snapshot into the console's served folder, and it downloaded without a cookie with
 * central's online key, the TLS authority's key and every ticket's hidden code. Now a snapshot goes only
 * into a new folder inside the backup folder set on central's machine, under dual control, and leaves
 * every private key out; anything else is refused before a byte is written.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminOpFor, type OpContext } from '../../../central/admin/ops.js';
import { setBackupFolder, type SnapshotInfo } from '../../../central/store/backup/snapshot.js';
import type { Central } from '../../../central/store/context.js';
import { centralFileOf, writeCentralFile } from '../../../central/store/open.js';
import { builtConsoleDir } from '../../../central/server/console-dir.js';
import { BOTH_ENGINES, databaseFor, initTestCentral } from '../support/engines.js';

const admin = (actor: string): OpContext => ({ actor, roles: ['administrator'], reason: 'weekly backup' });
const served = builtConsoleDir();

/** Every file under a folder, relative to it. */
const filesUnder = (dir: string): string[] => (readdirSync(dir, { recursive: true, withFileTypes: true }) as { isFile(): boolean; parentPath: string; name: string }[]).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));

describe.each(BOTH_ENGINES)('backup.snapshot, on %s', (engine) => {
  let c: Central;
  let tmp: string;
  let backups: string;
  const servedExisted = existsSync(served);

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'guichet-snapshot-'));
    const url = await databaseFor(engine);
    ({ central: c } = await initTestCentral({ dataDir: join(tmp, 'central'), keyFile: join(tmp, 'lottery.key'), ...(url ? { databaseUrl: url } : {}) }));
    // The TLS files `central tls` makes (their keys private).
    mkdirSync(join(c.dataDir, 'tls'));
    writeFileSync(join(c.dataDir, 'tls', 'ca.pem'), '-----BEGIN CERTIFICATE-----');
    writeFileSync(join(c.dataDir, 'tls', 'ca.key'), '-----BEGIN PRIVATE KEY-----');
    backups = join(tmp, 'backups');
  }, 180_000);
  afterAll(async () => {
    await c?.db.close();
    rmSync(tmp, { recursive: true, force: true });
    if (!servedExisted) rmSync(dirname(served), { recursive: true, force: true });
  }, 60_000);

  it("refuses a snapshot into the console's served folder, by one administrator or two: nothing is written", async () => {
    setBackupFolder(c.dataDir, backups, [served]);
    mkdirSync(served, { recursive: true });
    const before = readdirSync(served, { recursive: true });
    const into = join(served, `snapshot-${engine}`);
    await expect(runAdminOpFor(c, 'backup.snapshot', { to: into }, admin('alice'))).rejects.toMatchObject({ reason: 'backup_folder_refused', status: 400 });
    // Through a link inside the backup folder that points into the served folder.
    symlinkSync(served, join(backups, `to-console-${engine}`));
    await expect(runAdminOpFor(c, 'backup.snapshot', { to: join(backups, `to-console-${engine}`, 'snap') }, admin('alice'))).rejects.toMatchObject({ reason: 'backup_folder_refused' });
    // A backup folder someone set around the served folder (central.json edited by hand).
    writeCentralFile(c.dataDir, { ...centralFileOf(c.dataDir), backups: dirname(served) });
    await expect(runAdminOpFor(c, 'backup.snapshot', { to: into }, admin('alice'))).rejects.toMatchObject({ reason: 'backup_folder_refused' });
    expect(() => setBackupFolder(c.dataDir, dirname(served), [served])).toThrow(/apart from a folder central serves/);
    expect(existsSync(into)).toBe(false);
    expect(readdirSync(served, { recursive: true })).toEqual(before);
    setBackupFolder(c.dataDir, backups, [served]);
    expect((await c.db.query(`SELECT 1 FROM proposals WHERE op = 'backup.snapshot'`)).length).toBe(0);
  });

  it('refuses the data folder, a folder outside the backup folder, and any place while no backup folder is set', async () => {
    setBackupFolder(c.dataDir, backups, [served]);
    await expect(runAdminOpFor(c, 'backup.snapshot', { to: join(c.dataDir, 'files', 'snap') }, admin('alice'))).rejects.toMatchObject({ reason: 'backup_folder_refused' });
    await expect(runAdminOpFor(c, 'backup.snapshot', { to: join(tmp, 'elsewhere') }, admin('alice'))).rejects.toMatchObject({ reason: 'backup_folder_refused' });
    expect(() => setBackupFolder(c.dataDir, join(c.dataDir, 'backups'), [served])).toThrow(/apart from the data folder/);
    const { backups: _, ...file } = centralFileOf(c.dataDir);
    writeCentralFile(c.dataDir, file);
    await expect(runAdminOpFor(c, 'backup.snapshot', { to: join(backups, 'snap') }, admin('alice'))).rejects.toMatchObject({ reason: 'no_backup_folder', status: 409 });
    expect(existsSync(join(tmp, 'elsewhere'))).toBe(false);
    expect(existsSync(join(backups, 'snap'))).toBe(false);
  });

  it('takes two administrators, and the snapshot holds no private key', async () => {
    setBackupFolder(c.dataDir, backups, [served]);
    const to = join(backups, `weekly-${engine}`);
    if (engine === 'postgres') {
      // PostgreSQL's backups are pgBackRest's: refused when proposed, nothing written.
      await expect(runAdminOpFor(c, 'backup.snapshot', { to }, admin('alice'))).rejects.toMatchObject({ reason: 'not_pglite' });
      expect(existsSync(to)).toBe(false);
      return;
    }
    const proposed = await runAdminOpFor(c, 'backup.snapshot', { to }, admin('alice'));
    expect(proposed).toMatchObject({ status: 202, result: { status: 'proposed' } });
    expect(existsSync(to)).toBe(false);
    const id = (proposed.result as { proposal_id: number }).proposal_id;
    await expect(runAdminOpFor(c, 'proposal.approve', { id, reason: 'mine' }, admin('alice'))).rejects.toMatchObject({ reason: 'same_operator' });
    const approved = (await runAdminOpFor(c, 'proposal.approve', { id, reason: 'checked' }, admin('bob'))).result as { result: SnapshotInfo };
    const files = filesUnder(to);
    expect(files).toEqual(expect.arrayContaining(['central.json', join('tls', 'ca.pem'), 'snapshot.json']));
    expect(files.filter((f) => f.endsWith('.key'))).toEqual([]);
    expect(approved.result.keys_left_out.sort()).toEqual(['online.key', join('tls', 'ca.key')]);
  });
});
