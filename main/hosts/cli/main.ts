/** Entry point of the `guichet` command: loads only the command it runs. */
import { buildProgram } from './program.js';
import { runCli } from '../../../common/cli-run.js';

await runCli(await buildProgram(process.argv.slice(2)), process.argv);
