/** Entry point of the `guichet` command: loads only the command it runs; a PIN on its command line is refused. */
import { buildProgram } from './program.js';
import { refusePinsOnCommandLine } from './pin-input.js';
import { runCli } from '../../../common/cli-run.js';

await runCli(await buildProgram(process.argv.slice(2)), process.argv, refusePinsOnCommandLine);
