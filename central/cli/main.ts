/** Entry point of the lottery side's `guichet` commands (`emission`, `units`, `central`). */
import { runCli } from '../../common/cli-run.js';
import { buildLotteryProgram } from './program.js';

await runCli(buildLotteryProgram(), process.argv);
