/**
 * Options of the commands that act for an operator: `--operator NAME --pin PIN`, falling back to the
 * `GUICHET_OPERATOR` and `GUICHET_PIN` environment variables. Never prompts: a missing credential is
 * an error, so the CLI stays scriptable.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { authenticate } from '../../services/auth/login.js';
import type { OperatorSession } from '../../services/auth/session.js';
import { openLotteryTerminal } from '../../kernel/open.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { dataDirOf, type DataOption, type OpenMode } from './options.js';
import { CliError } from '../../../common/cli-run.js';

export interface OperatorOptions {
  readonly operator?: string;
  readonly pin?: string;
}

/** Adds `--operator NAME` and `--pin PIN`. */
export function withOperatorOptions(command: Command): Command {
  return command
    .option('--operator <name>', 'the operator acting (default: $GUICHET_OPERATOR)')
    .option('--pin <pin>', "the operator's PIN (default: $GUICHET_PIN)");
}

/** The credentials from the options, else the environment; a CliError names what is missing. */
export function operatorCredentials(opts: OperatorOptions, env: NodeJS.ProcessEnv = process.env): { name: string; pin: string } {
  const name = opts.operator ?? env.GUICHET_OPERATOR;
  const pin = opts.pin ?? env.GUICHET_PIN;
  if (!name) throw new CliError('this command acts for an operator: give --operator NAME (or set GUICHET_OPERATOR)');
  if (!pin) throw new CliError(`operator '${name}' needs a PIN: give --pin PIN (or set GUICHET_PIN)`);
  return { name, pin };
}

/** Authenticates the operator named by the options (no journal entry; the action itself is journaled). */
export async function actAs(t: LotteryTerminal, opts: OperatorOptions): Promise<OperatorSession> {
  const { name, pin } = operatorCredentials(opts);
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
