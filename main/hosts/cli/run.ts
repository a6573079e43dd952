/** Runs the terminal's `guichet` commands on an argv (`node guichet sell …`): what main.ts does, callable in process. */
import { runCli } from '../../../common/cli-run.js';
import { refusePinsOnCommandLine } from './pin-input.js';
import { buildProgram } from './program.js';

/** Builds the program for the command `argv` names (loading only that one), refuses a PIN on the command line, runs it. Sets process.exitCode. */
export async function runTerminalCli(argv: readonly string[]): Promise<void> {
  await runCli(await buildProgram(argv.slice(2)), argv, refusePinsOnCommandLine);
}
