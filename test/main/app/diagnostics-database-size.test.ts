/** Issue 14, finding 11: the database's size counts what waits in its write-ahead log. */
import { statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { demoApp, type AppFixture } from './sales-fixture.js';

let f: AppFixture | undefined;
afterEach(() => f?.cleanup());

describe('diagnostics: the database on disk', () => {
  it('counts the write-ahead log in the size, and says how much waits there', async () => {
    f = await demoApp();
    await f.login('Theo');
    const db = f.app.context.terminal.db;
    // Hold the log back from the file, then write: the pages wait in the WAL.
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE IF NOT EXISTS bulk (x BLOB)');
    const insert = db.prepare('INSERT INTO bulk (x) VALUES (?)');
    for (let i = 0; i < 40; i += 1) insert.run(Buffer.alloc(16_384, i));
    const file = f.app.context.terminal.folder.databasePath;
    const wal = statSync(`${file}-wal`).size;
    expect(wal).toBeGreaterThan(600_000);
    const { database } = await f.call('diagnostics.report', {});
    expect(database.wal_bytes).toBe(wal);
    expect(database.size_bytes).toBeGreaterThanOrEqual(statSync(file).size + wal);
  });
});
