/**
 * Where a terminal command gets a PIN: never from its command line, which every user of the machine
 * reads (`ps`, /proc/PID/cmdline). In order: a file descriptor (`--pin-fd N`: the first line read from
 * it, e.g. `3< pin.txt` or a pipe the caller writes and closes), an environment variable (GUICHET_PIN;
 * the second PIN of a command has its own, e.g. GUICHET_NEW_PIN), else, when standard input is a
 * terminal, a prompt that does not echo. Without any of these the command fails and says how to give it.
 */
import { readFileSync } from 'node:fs';
import { InvalidArgumentError } from 'commander';
import { CliError } from '../../../common/cli-run.js';
import { promptHidden } from '../../../common/hidden-prompt.js';

/** One PIN a command takes: its file descriptor option and its environment variable. */
export interface PinSource {
  /** The option's flag, e.g. `--pin-fd`. */
  readonly fdFlag: string;
  /** The option's key in commander's options, e.g. `pinFd`. */
  readonly fdKey: string;
  readonly env: string;
  /** The flag that used to carry the PIN itself (refused), e.g. `--pin`. */
  readonly refusedFlag: string;
}

/** The acting operator's PIN (and the first manager's for init and enroll). */
export const OPERATOR_PIN: PinSource = { fdFlag: '--pin-fd', fdKey: 'pinFd', env: 'GUICHET_PIN', refusedFlag: '--pin' };
/** The PIN being set: a new operator's, or a changed one. */
export const NEW_PIN: PinSource = { fdFlag: '--new-pin-fd', fdKey: 'newPinFd', env: 'GUICHET_NEW_PIN', refusedFlag: '--new-pin' };
/** Your current PIN, to change your own (default: the acting operator's PIN). */
export const CURRENT_PIN: PinSource = { fdFlag: '--current-pin-fd', fdKey: 'currentPinFd', env: 'GUICHET_CURRENT_PIN', refusedFlag: '--current-pin' };

/** The one-time enrolment code of `guichet enroll`: a secret until used, never on the command line either. */
export const ENROL_CODE: PinSource = { fdFlag: '--code-fd', fdKey: 'codeFd', env: 'GUICHET_ENROL_CODE', refusedFlag: '--code' };

const SOURCES = [OPERATOR_PIN, NEW_PIN, CURRENT_PIN, ENROL_CODE];

/** How to give a PIN, for help texts and errors. */
export function howToGive(source: PinSource): string {
  return `set ${source.env}, give ${source.fdFlag} N (read from file descriptor N), or type it when asked (standard input a terminal)`;
}

/** A commander parser for a file descriptor number. */
export function fdArg(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) throw new InvalidArgumentError('expected a file descriptor number, e.g. 3');
  return n;
}

/**
 * Refuses a PIN on the command line (`--pin 1234`, `--pin=1234`, `--new-pin`, `--current-pin`), before
 * anything runs, saying how to give it instead.
 */
export function refusePinsOnCommandLine(args: readonly string[]): void {
  for (const arg of args) {
    if (arg === '--') return;
    const source = SOURCES.find((s) => arg === s.refusedFlag || arg.startsWith(`${s.refusedFlag}=`));
    if (source) {
      throw new CliError(`${source.refusedFlag} is not taken: ${source.fdKey === 'codeFd' ? 'the enrolment code' : 'a PIN'} on the command line is visible to every user of this machine (ps). ${capitalised(howToGive(source))}`, 2);
    }
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The first line of what file descriptor `fd` holds, read to its end. */
function readFd(source: PinSource, fd: number): string {
  let text: string;
  try {
    text = readFileSync(fd, 'utf8');
  } catch (err) {
    throw new CliError(`${source.fdFlag} ${fd}: cannot read it (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const pin = text.split(/\r?\n/)[0] ?? '';
  if (pin === '') throw new CliError(`${source.fdFlag} ${fd}: no ${source.fdKey === 'codeFd' ? 'code' : 'PIN'} read (an empty first line)`);
  return pin;
}


/**
 * The PIN from `source`: its file descriptor option, else its environment variable, else a prompt
 * (`question`) when standard input is a terminal; else a CliError starting with `missing` and saying
 * how to give it.
 */
export async function readPin(
  source: PinSource,
  opts: object,
  wording: { question: string; missing: string },
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const fd = (opts as Record<string, unknown>)[source.fdKey];
  if (typeof fd === 'number') return readFd(source, fd);
  const fromEnv = env[source.env];
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) {
    const typed = await promptHidden(wording.question);
    if (typed === '') throw new CliError(`${wording.missing}: nothing typed`);
    return typed;
  }
  throw new CliError(`${wording.missing}: ${howToGive(source)}`);
}

/** True when `source` is given by its option or its variable (no prompt needed). */
export function pinGiven(source: PinSource, opts: object, env: NodeJS.ProcessEnv = process.env): boolean {
  return typeof (opts as Record<string, unknown>)[source.fdKey] === 'number' || Boolean(env[source.env]);
}
