/** Entry point of the lottery side's `guichet` commands (`emission`, `units`, `central`); a password on the command line is refused. */
import { runCli } from '../../common/cli-run.js';
import { buildLotteryProgram } from './program.js';
import { refuseSecretsOnCommandLine } from './secrets.js';

await runCli(buildLotteryProgram(), process.argv, refuseSecretsOnCommandLine);
