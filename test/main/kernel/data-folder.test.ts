/**
 * Opening a data folder: never created by accident, modes enforced (folder 0700, database and key 0600,
 * fixed and journaled, or refused with the reason), a damaged database named with the next step, and
 * read-only opens that never migrate.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTerminal } from '../../../main/kernel/data-folder.js';
import { enforceDataFolderModes } from '../../../main/kernel/file-modes.js';
import { initTerminal } from '../../../main/services/terminal/init.js';
import { openLotteryTerminal } from '../../../main/kernel/open.js';
import { TerminalError } from '../../../main/kernel/errors.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'guichet-data-folder-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mode = (p: string) => statSync(p).mode & 0o777;

async function initialised(): Promise<string> {
  const root = path.join(dir, 'data');
  const { terminal } = await initTerminal(root, { terminalId: 'T-1', managerName: 'alice', pin: '123456' });
  terminal.close();
  return root;
}

describe('a data folder without a database', () => {
  it('is never created by an open: "no terminal in DIR", nothing written', () => {
    const root = path.join(dir, 'none');
    expect(() => openTerminal(root)).toThrow(`no terminal in ${root}: run guichet init or guichet enroll`);
    expect(() => openTerminal(root, { readOnly: true })).toThrow(/no terminal in/);
    expect(() => openLotteryTerminal(root)).toThrow(/no terminal in/);
    expect(existsSync(root)).toBe(false);
    mkdirSync(root);
    expect(() => openTerminal(root)).toThrow(/no terminal in/);
    expect(readdirSync(root)).toEqual([]);
  });
});

describe.skipIf(process.platform === 'win32')('modes', () => {
  it('init makes the folder 0700 and the database and key 0600, whatever the umask', async () => {
    const old = process.umask(0o022);
    try {
      const root = await initialised();
      expect(mode(root)).toBe(0o700);
      for (const f of ['guichet.db', 'terminal.key']) expect(mode(path.join(root, f))).toBe(0o600);
      for (const f of ['guichet.db-wal', 'guichet.db-shm']) if (existsSync(path.join(root, f))) expect(mode(path.join(root, f))).toBe(0o600);
    } finally {
      process.umask(old);
    }
  });

  it('a wrong mode found at start is fixed and journaled', async () => {
    const root = await initialised();
    chmodSync(root, 0o755);
    chmodSync(path.join(root, 'guichet.db'), 0o644);
    chmodSync(path.join(root, 'terminal.key'), 0o640);
    const t = openLotteryTerminal(root);
    try {
      expect(mode(root)).toBe(0o700);
      expect(mode(path.join(root, 'guichet.db'))).toBe(0o600);
      expect(mode(path.join(root, 'terminal.key'))).toBe(0o600);
      const rows = t.db.prepare("SELECT payload FROM journal WHERE type = 'terminal.file-modes-fixed'").all() as { payload: string }[];
      expect(rows).toHaveLength(1);
      const files = (JSON.parse(rows[0]?.payload ?? '{}') as { files: { path: string; was: string; now: string }[] }).files;
      expect(files).toEqual(
        expect.arrayContaining([
          { path: root, was: '0755', now: '0700' },
          { path: path.join(root, 'guichet.db'), was: '0644', now: '0600' },
          { path: path.join(root, 'terminal.key'), was: '0640', now: '0600' },
        ]),
      );
    } finally {
      t.close();
    }
    // Once fixed, the next start has nothing to journal.
    const again = openLotteryTerminal(root);
    try {
      expect(again.db.prepare("SELECT count(*) AS n FROM journal WHERE type = 'terminal.file-modes-fixed'").get()).toEqual({ n: 1 });
    } finally {
      again.close();
    }
  });

  it('a mode that cannot be fixed is refused with the reason', async () => {
    const root = await initialised();
    chmodSync(path.join(root, 'guichet.db'), 0o644);
    const refuse = () => {
      throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
    };
    let err: unknown;
    try {
      enforceDataFolderModes(root, 'linux', refuse);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TerminalError);
    expect((err as TerminalError).code).toBe('permissions');
    expect((err as Error).message).toContain(`${path.join(root, 'guichet.db')} has mode 0644 and must be 0600`);
    expect((err as Error).message).toContain('EPERM');
    expect(enforceDataFolderModes(root, 'win32', refuse)).toEqual([]);
  });
});

describe('a damaged database', () => {
  it('names the file and the next step', async () => {
    const root = await initialised();
    rmSync(path.join(root, 'guichet.db-wal'), { force: true });
    rmSync(path.join(root, 'guichet.db-shm'), { force: true });
    writeFileSync(path.join(root, 'guichet.db'), Buffer.alloc(8192, 0x41), { mode: 0o600 });
    for (const open of [() => openTerminal(root), () => openTerminal(root, { readOnly: true }), () => openLotteryTerminal(root)]) {
      expect(open).toThrow(path.join(root, 'guichet.db'));
      expect(open).toThrow(/restore it from a backup.*re-enrol/);
    }
  });
});

describe('a read-only open', () => {
  it('never migrates a database from an older guichet', async () => {
    const root = await initialised();
    const raw = new Database(path.join(root, 'guichet.db'));
    raw.pragma('user_version = 1');
    raw.close();
    expect(() => openTerminal(root, { readOnly: true })).toThrow(/written by an older guichet \(schema 1/);
    const check = new Database(path.join(root, 'guichet.db'));
    expect(check.pragma('user_version', { simple: true })).toBe(1);
    check.close();
  });
});
