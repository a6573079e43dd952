/** Entry point of the lottery side's `guichet` commands (`emission`, `units`, `central`); a password on the command line is refused. */
import { runLotteryCli } from './run.js';

await runLotteryCli(process.argv);
