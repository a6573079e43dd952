/** Opening an initialised terminal from its data folder (every host and command starts here). */
import { existsSync } from 'node:fs';
import { terminalRow } from '../../db/queries/terminal.js';
import { openTerminal } from './data-folder.js';
import { systemClock, type Clock } from './clock.js';
import { TerminalError } from './errors.js';
import { publicKeyPemOf, readTerminalKey } from './keys.js';
import { record } from './record.js';
import { terminalKeyPath, terminalOf, type LotteryTerminal } from './terminal.js';
import { inTransaction } from './transaction.js';

export interface OpenLotteryTerminalOptions {
  /** Defaults to the system clock. */
  readonly clock?: Clock;
  /** A read-only command: the database is never migrated (see openTerminal). */
  readonly readOnly?: boolean;
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
      throw new TerminalError('not-initialised', `${base.folder.root} is not a terminal yet: run guichet init --data ${base.folder.root} --terminal ID --manager NAME (it asks for the manager's PIN)`);
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
