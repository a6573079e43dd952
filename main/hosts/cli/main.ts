/** Entry point of the `guichet` command. */
import { buildProgram } from './program.js';
import { runCli } from '../../../common/cli-run.js';

await runCli(buildProgram(), process.argv);
