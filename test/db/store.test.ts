import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/open.js';
import { MIGRATIONS, MigrationError, migrate, schemaVersion, type Migration } from '../../db/migrations/index.js';
import { addTrustedKey, listTrustedKeys, trustedKey } from '../../db/queries/trusted-keys.js';
import { blockHoldingLookup, findBlock, insertBlock, listBlocks, type NewBlock } from '../../db/queries/blocks.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'guichet-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const KEY = { fingerprint: 'a'.repeat(64), public_key_pem: '-----BEGIN PUBLIC KEY-----\nx\n-----END PUBLIC KEY-----\n', label: null, added_at: '2026-01-01T00:00:00.000Z' };

function block(overrides: Partial<NewBlock> = {}): NewBlock {
  return {
    game: 'happy-2014',
    emission: 1,
    block: 1,
    first_unit: 0,
    unit_count: 50,
    manifest_json: '{}',
    records_sha256: 'b'.repeat(64),
    signer: KEY.fingerprint,
    file_name: 'happy-2014-e001-b01.outcome',
    imported_at: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

describe('openDatabase', () => {
  it('creates the file in WAL mode with foreign keys, full sync and a busy timeout, at the last schema version', () => {
    const db = openDatabase(path.join(dir, 'guichet.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    db.close();
  });

  it('reopening applies nothing and keeps the data', () => {
    const file = path.join(dir, 'guichet.db');
    const db = openDatabase(file);
    addTrustedKey(db, KEY);
    db.close();
    const again = openDatabase(file);
    expect(migrate(again, MIGRATIONS)).toEqual([]);
    expect(listTrustedKeys(again)).toHaveLength(1);
    again.close();
  });

  it('refuses a database made by a newer Guichet', () => {
    const file = path.join(dir, 'guichet.db');
    const raw = new Database(file);
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    expect(() => openDatabase(file)).toThrow(MigrationError);
  });
});

describe('migrate', () => {
  const step = (version: number, sql: string): Migration => ({ version, name: `m${version}`, up: (db) => db.exec(sql) });

  it('applies pending migrations in order and records the version', () => {
    const db = new Database(':memory:');
    expect(migrate(db, [step(1, 'CREATE TABLE a (x)')])).toEqual([1]);
    expect(migrate(db, [step(1, 'CREATE TABLE a (x)'), step(2, 'CREATE TABLE b (y)')])).toEqual([2]);
    expect(schemaVersion(db)).toBe(2);
    db.close();
  });

  it('rolls a failing migration back whole and keeps the previous version', () => {
    const db = new Database(':memory:');
    migrate(db, [step(1, 'CREATE TABLE a (x)')]);
    expect(() => migrate(db, [step(1, 'CREATE TABLE a (x)'), step(2, 'CREATE TABLE b (y); CREATE TABLE a (z)')])).toThrow();
    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toBeUndefined();
    db.close();
  });

  it('refuses a list with a gap', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, [step(1, 'SELECT 1'), step(3, 'SELECT 1')])).toThrow(/version 3, expected 2/);
    db.close();
  });
});

describe('trusted keys and blocks', () => {
  it('enrols a key once', () => {
    const db = openDatabase(path.join(dir, 'guichet.db'));
    expect(addTrustedKey(db, KEY)).toBe(true);
    expect(addTrustedKey(db, { ...KEY, label: 'again' })).toBe(false);
    expect(trustedKey(db, KEY.fingerprint)?.label).toBeNull();
    db.close();
  });

  it('stores blocks, one per (game, emission, block), signed by an enrolled key', () => {
    const db = openDatabase(path.join(dir, 'guichet.db'));
    expect(() => insertBlock(db, block())).toThrow(/FOREIGN KEY/);
    addTrustedKey(db, KEY);
    const row = insertBlock(db, block());
    expect(findBlock(db, 'happy-2014', 1, 1)).toEqual(row);
    expect(() => insertBlock(db, block({ file_name: 'other.outcome' }))).toThrow(/UNIQUE/);
    insertBlock(db, block({ block: 2, file_name: 'b2.outcome', first_unit: 100, unit_count: 10 }));
    expect(listBlocks(db).map((b) => b.block)).toEqual([1, 2]);
    db.close();
  });

  it('finds the block holding a unit only inside its range', () => {
    const db = openDatabase(path.join(dir, 'guichet.db'));
    addTrustedKey(db, KEY);
    insertBlock(db, block({ first_unit: 100, unit_count: 10 }));
    const holding = blockHoldingLookup(db);
    expect(holding('happy-2014', 1, 1, 99)).toBeUndefined();
    expect(holding('happy-2014', 1, 1, 100)?.block).toBe(1);
    expect(holding('happy-2014', 1, 1, 109)?.block).toBe(1);
    expect(holding('happy-2014', 1, 1, 110)).toBeUndefined();
    expect(holding('happy-2014', 1, 2, 100)).toBeUndefined();
    expect(holding('millionnaire', 1, 1, 100)).toBeUndefined();
    db.close();
  });
});
