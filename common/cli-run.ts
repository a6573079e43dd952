import { CommanderError, InvalidArgumentError, type Command } from 'commander';

/** An error whose message is meant for the person at the terminal, printed without a stack trace. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** An option parser for whole numbers ≥ `min` (digits only, within the safe integers). */
export function wholeNumber(min: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
      throw new InvalidArgumentError(`expected a whole number ≥ ${min}`);
    }
    return Number(value);
  };
}

/**
/**
 * Every command of the tree throws its parse error (a missing option, an unknown command, --help) to
 * runCli instead of calling process.exit: subcommands added with addCommand() do not inherit the root's
 * exitOverride, and a command run in process (the tests') must not end the process.
 */
function exitOverrideAll(cmd: Command): void {
  cmd.exitOverride();
  for (const sub of cmd.commands) exitOverrideAll(sub);
}

/**
 * Parses and runs; prints known errors as one line on stderr and sets the exit status. `check`, when
 * given, runs first on the arguments (e.g. refusing a secret on the command line) and may throw a CliError.
 */
export async function runCli(program: Command, argv: readonly string[], check?: (args: readonly string[]) => void): Promise<void> {
  exitOverrideAll(program);
  try {
    check?.(argv.slice(2));
    await program.parseAsync(argv as string[]);
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode;
      return;
    }
    const message = err instanceof Error ? err.message : String(err);
    console.error(`guichet: ${message}`);
    process.exitCode = err instanceof CliError ? err.exitCode : 1;
    if (process.env.GUICHET_DEBUG && err instanceof Error) console.error(err.stack);
  }
}
