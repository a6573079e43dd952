/**
 * The terminal handle. A lottery terminal: a data folder (main/kernel/data-folder.ts) whose database has been initialised with the
 * terminal's identity, plus its signing key and a clock. Every counter service takes one.
 */
import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { DataFolder } from './data-folder.js';
import type { Clock } from './clock.js';
import { TERMINAL_KEY_FILE } from './keys.js';

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

/** Path of the terminal's private key in a data folder. */
export function terminalKeyPath(folder: DataFolder): string {
  return path.join(folder.root, TERMINAL_KEY_FILE);
}
