/** Entry point of the `guichet` command: loads only the command it runs; a PIN on its command line is refused. */
import { runTerminalCli } from './run.js';

await runTerminalCli(process.argv);
