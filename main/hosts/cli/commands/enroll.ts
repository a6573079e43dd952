import { Command } from 'commander';
import { enrollTerminal } from '../../../services/sync/enroll.js';
import { dataDirOf, printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { fdArg, OPERATOR_PIN, readPin } from '../pin-input.js';

interface EnrollOptions extends DataOption, JsonOption {
  readonly central: string;
  readonly code: string;
  readonly manager: string;
  readonly pinFd?: number;
}

/** `guichet enroll --central URL --code CODE --manager NAME` (the PIN by --pin-fd, GUICHET_PIN or asked): a fresh data folder becomes a terminal known to central. */
export function enrollCommand(): Command {
  const cmd = new Command('enroll')
    .description("Enrol a fresh data folder with the lottery's central service: key pair, terminal id, lottery keys, configuration, first manager.")
    .requiredOption('--central <url>', "central's URL, e.g. http://127.0.0.1:8470")
    .requiredOption('--code <code>', 'the one-time code `guichet central terminal add` printed')
    .requiredOption('--manager <name>', 'name of the first manager')
    .option('--pin-fd <n>', "read the first manager's PIN (4 to 8 digits) from file descriptor N (else $GUICHET_PIN, else asked in a terminal)", fdArg);
  withJsonOption(withDataOption(cmd)).action(async (opts: EnrollOptions) => {
    const pin = await readPin(OPERATOR_PIN, opts, { question: `PIN for the first manager ${opts.manager}: `, missing: 'the first manager needs a PIN' });
    const { terminal, manager, enrolment } = await enrollTerminal(dataDirOf(opts), { centralUrl: opts.central, code: opts.code, managerName: opts.manager, pin });
    try {
      if (opts.json) {
        printJson({ terminal: terminal.id, retailer: enrolment.retailer, data: terminal.folder.root, central: opts.central, lottery_keys: enrolment.lottery_keys.map((k) => k.fingerprint), config: enrolment.config, manager: { id: manager.id, name: manager.name } });
      } else {
        console.log(`terminal ${terminal.id} (${enrolment.retailer}) enrolled with ${opts.central}, in ${terminal.folder.root}`);
        console.log(`lottery key(s): ${enrolment.lottery_keys.map((k) => k.fingerprint.slice(0, 16)).join(', ')}`);
        console.log(`first manager: ${manager.name}`);
      }
    } finally {
      terminal.close();
    }
  });
  return cmd;
}
