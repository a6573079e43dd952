/** Options shared by the terminal's commands: `--data DIR` (or `GUICHET_DATA`) and `--json`. */
import { Option, type Command } from 'commander';
import { openTerminal, resolveDataDir, type Terminal } from '../../kernel/data-folder.js';

export interface DataOption {
  readonly data?: string;
}

export interface JsonOption {
  readonly json?: boolean;
}

/** Adds `--data DIR`: the terminal's data folder (default: `GUICHET_DATA`, else the per-user data folder). */
export function withDataOption(command: Command): Command {
  return command.addOption(
    new Option('--data <dir>', "the terminal's data folder (default: $GUICHET_DATA, else the per-user data folder)"),
  );
}

/** Adds `--json`: machine-readable output on stdout. */
export function withJsonOption(command: Command): Command {
  return command.option('--json', 'print JSON on stdout instead of text');
}

/** The data folder chosen by the options and the environment, as an absolute path. */
export function dataDirOf(options: DataOption): string {
  return resolveDataDir(options.data);
}

/** How a command opens the data folder: `readOnly` commands never migrate it (none ever creates it). */
export interface OpenMode {
  readonly readOnly?: boolean;
}

/** Opens the terminal's data folder for a command ("no terminal in DIR" when there is none), runs `fn`, and always closes it. */
export async function withTerminal<T>(options: DataOption, fn: (terminal: Terminal) => T | Promise<T>, mode: OpenMode = {}): Promise<T> {
  const terminal = openTerminal(dataDirOf(options), { readOnly: mode.readOnly === true });
  try {
    return await fn(terminal);
  } finally {
    terminal.close();
  }
}

/** Prints one JSON document on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
