import { Command } from 'commander';
import { enrollTerminal } from '../../../services/sync/enroll.js';
import { dataDirOf, printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { CliError } from '../../../../common/cli-run.js';

interface EnrollOptions extends DataOption, JsonOption {
  readonly central: string;
  readonly code: string;
  readonly root: string;
  readonly manager: string;
  readonly pin?: string;
}

/**
 * `guichet enroll --central URL --code CODE --root FINGERPRINT --manager NAME --pin PIN`: a fresh data
 * folder becomes a terminal known to central. The code and the root's fingerprint come together, on the
 * enrolment letter (`guichet central terminal add`), never from the network.
 */
export function enrollCommand(): Command {
  const cmd = new Command('enroll')
    .description("Enrol a fresh data folder with the lottery's central service: key pair, terminal id, lottery keys, configuration, first manager.")
    .requiredOption('--central <url>', "central's URL, e.g. http://127.0.0.1:8470")
    .requiredOption('--code <code>', 'the one-time code of the enrolment letter (`guichet central terminal add`)')
    .requiredOption('--root <fingerprint>', "the lottery root's fingerprint, from the same letter (64 hex digits; spaces ignored)")
    .requiredOption('--manager <name>', 'name of the first manager')
    .option('--pin <pin>', "the first manager's PIN, 4 to 8 digits (default: $GUICHET_PIN)");
  withJsonOption(withDataOption(cmd)).action(async (opts: EnrollOptions) => {
    const pin = opts.pin ?? process.env.GUICHET_PIN;
    if (!pin) throw new CliError('the first manager needs a PIN: give --pin PIN (or set GUICHET_PIN)');
    const { terminal, manager, enrolment } = await enrollTerminal(dataDirOf(opts), { centralUrl: opts.central, code: opts.code, root: opts.root, managerName: opts.manager, pin });
    try {
      if (opts.json) {
        printJson({ terminal: terminal.id, retailer: enrolment.retailer, data: terminal.folder.root, central: opts.central, lottery_root: enrolment.root.fingerprint, lottery_keys: enrolment.certificates.map((c) => ({ fingerprint: c.body.fingerprint, role: c.body.role })), config: enrolment.config, manager: { id: manager.id, name: manager.name } });
      } else {
        console.log(`terminal ${terminal.id} (${enrolment.retailer}) enrolled with ${opts.central}, in ${terminal.folder.root}`);
        console.log(`lottery root: ${enrolment.root.fingerprint.slice(0, 16)}… (as on the enrolment letter)`);
        console.log(`lottery key(s): ${enrolment.certificates.map((c) => `${c.body.role} ${c.body.fingerprint.slice(0, 16)}…`).join(', ')}`);
        console.log(`first manager: ${manager.name}`);
      }
    } finally {
      terminal.close();
    }
  });
  return cmd;
}
