/** First start: make a data folder a lottery terminal with its own key pair and its first manager. */
import { rmSync, existsSync } from 'node:fs';
import { insertTerminalRow, terminalRow } from '../../../db/queries/terminal.js';
import { record } from '../../kernel/record.js';
import { checkNewOperator, insertOperatorRecorded, type OperatorInfo } from '../operators/operators.js';
import { hashPin } from '../operators/pin.js';
import { openTerminal } from '../../kernel/data-folder.js';
import { systemClock, type Clock } from '../../kernel/clock.js';
import { TerminalError } from '../../kernel/errors.js';
import type { KeyObject } from 'node:crypto';
import { createTerminalKey, publicKeyPemOf, writeTerminalKey } from '../../kernel/keys.js';
import { DEFAULT_SETTINGS } from '../../kernel/settings.js';
import { writeDefaultSettings } from './settings.js';
import { inTransaction } from '../../kernel/transaction.js';
import { terminalKeyPath, terminalOf, type LotteryTerminal } from '../../kernel/terminal.js';

export interface InitOptions {
  /** 1 to 32 letters, digits, '.', '-', '_'. */
  readonly terminalId: string;
  readonly managerName: string;
  readonly pin: string;
  readonly clock?: Clock;
  /** A key pair made beforehand (enrolment); a new one otherwise. */
  readonly privateKey?: KeyObject;
  /** Runs inside init's transaction after the first entries (enrolment records its link with central there). */
  readonly inside?: (t: LotteryTerminal) => void;
}

export interface InitResult {
  readonly terminal: LotteryTerminal;
  readonly manager: OperatorInfo;
}

/**
 * Creates the terminal: `terminal.key` (mode 0600), the terminal row, default settings, the first manager,
 * and the journal's first entries ('terminal.init', 'operator.add'). Refuses a folder already initialised
 * or holding a `terminal.key`. Returns the open terminal (close it).
 */
export async function initTerminal(root: string, options: InitOptions): Promise<InitResult> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/.test(options.terminalId)) {
    throw new TerminalError('bad-input', `'${options.terminalId}' is not a terminal id: 1 to 32 letters, digits, '.', '-' or '_'`);
  }
  const { name, role } = checkNewOperator({ name: options.managerName, role: 'manager', pin: options.pin });
  const base = openTerminal(root, { create: true });
  let keyWritten = false;
  const keyFile = terminalKeyPath(base.folder);
  try {
    const existing = terminalRow(base.db);
    if (existing) throw new TerminalError('already-initialised', `${base.folder.root} is already terminal ${existing.terminal_id}`);
    if (existsSync(keyFile)) throw new TerminalError('already-initialised', `${keyFile} already exists: refusing to replace a terminal key`);
    const pinHash = await hashPin(options.pin);
    const keys = options.privateKey ? writeTerminalKey(keyFile, options.privateKey) : createTerminalKey(keyFile);
    keyWritten = true;
    const clock = options.clock ?? systemClock;
    const t = terminalOf(base.folder, base.db, options.terminalId, keys.privateKey, keys.publicKey, clock, base.close);
    const manager = inTransaction(t, () => {
      const at = t.now();
      insertTerminalRow(t.db, { terminal_id: t.id, public_key_pem: publicKeyPemOf(keys.publicKey), created_at: at });
      writeDefaultSettings(t);
      record(t, { type: 'terminal.init', operator: null, payload: { terminal: t.id, public_key_pem: publicKeyPemOf(keys.publicKey), settings: { ...DEFAULT_SETTINGS } } });
      const info = insertOperatorRecorded(t, null, name, role, pinHash);
      options.inside?.(t);
      return info;
    });
    return { terminal: t, manager };
  } catch (err) {
    if (keyWritten) rmSync(keyFile, { force: true });
    base.close();
    throw err;
  }
}
