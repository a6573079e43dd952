/**
 * A lottery terminal: a data folder (main/services/terminal/data-folder.ts) whose database has been initialised with the
 * terminal's identity, plus its signing key and a clock. Every counter service takes one.
 */
import { existsSync } from 'node:fs';
import { record } from '../journal/record.js';
import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { terminalRow } from '../../../db/queries/terminal.js';
import { openTerminal, type DataFolder } from './data-folder.js';
import { systemClock, type Clock } from './clock.js';
import { TerminalError } from './errors.js';
import { TERMINAL_KEY_FILE, publicKeyPemOf, readTerminalKey } from './keys.js';

export interface LotteryTerminal {
  readonly folder: DataFolder;
  readonly db: Database;
  /** The terminal id given at `guichet init`, stamped in every journal entry. */
  readonly id: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  readonly clock: Clock;
  /** The clock's time as a UTC ISO string. */
  now(): string;
  close(): void;
}

export interface OpenLotteryTerminalOptions {
  /** Defaults to the system clock. */
  readonly clock?: Clock;
  /** A read-only command: the database is never migrated (see openTerminal). */
  readonly readOnly?: boolean;
}

/** Path of the terminal's private key in a data folder. */
export function terminalKeyPath(folder: DataFolder): string {
  return path.join(folder.root, TERMINAL_KEY_FILE);
}

/**
 * Opens an initialised terminal. Refuses (TerminalError) a data folder that `guichet init` never
 * set up, a missing `terminal.key`, or a key that is not the one recorded at init.
 */
export function openLotteryTerminal(root: string, options: OpenLotteryTerminalOptions = {}): LotteryTerminal {
  const base = openTerminal(root, { readOnly: options.readOnly === true });
  try {
    const row = terminalRow(base.db);
    if (!row) {
      throw new TerminalError('not-initialised', `${base.folder.root} is not a terminal yet: run guichet init --data ${base.folder.root} --terminal ID --manager NAME --pin PIN`);
    }
    const keyFile = terminalKeyPath(base.folder);
    if (!existsSync(keyFile)) throw new TerminalError('key-missing', `the terminal key ${keyFile} is missing: the journal cannot be signed`);
    const keys = readTerminalKey(keyFile);
    if (publicKeyPemOf(keys.publicKey) !== row.public_key_pem) {
      throw new TerminalError('key-mismatch', `${keyFile} is not the key of terminal ${row.terminal_id}`);
    }
    const t = terminalOf(base.folder, base.db, row.terminal_id, keys.privateKey, keys.publicKey, options.clock ?? systemClock, base.close);
    // Modes fixed at this start (folder 0700, database and key 0600) are journaled by the terminal itself.
    if (base.modeFixes && base.modeFixes.length > 0) {
      const fixes = base.modeFixes.map((f) => ({ path: f.path, was: f.was, now: f.now }));
      inTransaction(t, () => record(t, { type: 'terminal.file-modes-fixed', operator: null, payload: { files: fixes } }));
    }
    return t;
  } catch (err) {
    base.close();
    throw err;
  }
}

/** Assembles the terminal object (also used by init). */
export function terminalOf(
  folder: DataFolder,
  db: Database,
  id: string,
  privateKey: KeyObject,
  publicKey: KeyObject,
  clock: Clock,
  close: () => void,
): LotteryTerminal {
  return { folder, db, id, privateKey, publicKey, clock, now: () => clock().toISOString(), close };
}

/** Runs `fn` in one IMMEDIATE transaction (takes the write lock first): all of it commits, or none. */
export function inTransaction<T>(t: LotteryTerminal, fn: () => T): T {
  return t.db.transaction(fn).immediate();
}
