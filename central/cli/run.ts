/** Runs the lottery side's `guichet` commands on an argv (`node guichet central …`): what main.ts does, callable in process. */
import { runCli } from '../../common/cli-run.js';
import { buildLotteryProgram } from './program.js';
import { refuseSecretsOnCommandLine } from './secrets.js';

/** Parses and runs `argv` on a new program; a password on the command line is refused first. Sets process.exitCode. */
export function runLotteryCli(argv: readonly string[]): Promise<void> {
  return runCli(buildLotteryProgram(), argv, refuseSecretsOnCommandLine);
}
