/**
 * Options of the commands that act for an operator: `--operator NAME` (else `GUICHET_OPERATOR`) and the
 * operator's PIN, never on the command line (pin-input.ts): `--pin-fd N`, `GUICHET_PIN`, or typed when
 * asked in a terminal. Without a terminal nothing is asked: a missing credential is an error, so the CLI
 * stays scriptable.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { authenticate } from '../../services/auth/login.js';
import type { OperatorSession } from '../../services/auth/session.js';
import { openLotteryTerminal } from '../../kernel/open.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { dataDirOf, type DataOption, type OpenMode } from './options.js';
import { CliError } from '../../../common/cli-run.js';
import { fdArg, OPERATOR_PIN, readPin } from './pin-input.js';

export interface OperatorOptions {
  readonly operator?: string;
  readonly pinFd?: number;
}

/** Adds `--operator NAME` and `--pin-fd N`. */
export function withOperatorOptions(command: Command): Command {
  return command
    .option('--operator <name>', 'the operator acting (default: $GUICHET_OPERATOR)')
    .option('--pin-fd <n>', "read the operator's PIN from file descriptor N (else $GUICHET_PIN, else asked in a terminal)", fdArg);
}

/** The credentials: the name from the option or the environment, the PIN as pin-input.ts says; a CliError names what is missing. */
export async function operatorCredentials(opts: OperatorOptions, env: NodeJS.ProcessEnv = process.env): Promise<{ name: string; pin: string }> {
  const name = opts.operator ?? env.GUICHET_OPERATOR;
  if (!name) throw new CliError('this command acts for an operator: give --operator NAME (or set GUICHET_OPERATOR)');
  const pin = await readPin(OPERATOR_PIN, opts, { question: `PIN for operator ${name}: `, missing: `operator '${name}' needs a PIN` }, env);
  return { name, pin };
}

/** Authenticates the operator named by the options (no journal entry; the action itself is journaled). */
export async function actAs(t: LotteryTerminal, opts: OperatorOptions): Promise<OperatorSession> {
  const { name, pin } = await operatorCredentials(opts);
  return authenticate(t, name, pin);
}

/** Opens the initialised terminal of `--data` (or GUICHET_DATA), runs `fn`, always closes it. */
export async function withCounter<T>(opts: DataOption, fn: (t: LotteryTerminal) => T | Promise<T>, mode: OpenMode = {}): Promise<T> {
  const t = openLotteryTerminal(dataDirOf(opts), { readOnly: mode.readOnly === true });
  try {
    return await fn(t);
  } finally {
    t.close();
  }
}

/** A commander parser for a whole number of cents (≥ 0). */
export function centsArg(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) throw new InvalidArgumentError(`${flag} must be a whole number of cents, e.g. 15000 for 150,00 €`);
    return n;
  };
}
