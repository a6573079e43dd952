import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { certificateFingerprint, checkCentralCaFingerprint } from '../../../services/sync/central-url.js';
import { enrollTerminal } from '../../../services/sync/enroll.js';
import { dataDirOf, printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { CliError } from '../../../../common/cli-run.js';
import { ENROL_CODE, fdArg, OPERATOR_PIN, readPin } from '../pin-input.js';

interface EnrollOptions extends DataOption, JsonOption {
  readonly central: string;
  readonly codeFd?: number;
  readonly root: string;
  readonly manager: string;
  readonly pinFd?: number;
  readonly centralCa?: string;
  readonly centralCaFingerprint?: string;
}

/**
 * `guichet enroll --central URL --root FINGERPRINT --manager NAME` (the code by --code-fd, GUICHET_ENROL_CODE or asked; the PIN by --pin-fd, GUICHET_PIN or asked): a fresh data
 * folder becomes a terminal known to central. The code and the root's fingerprint come together, on the
 * enrolment letter (`guichet central terminal add`), never from the network.
 */
export function enrollCommand(): Command {
  const cmd = new Command('enroll')
    .description("Enrol a fresh data folder with the lottery's central service: key pair, terminal id, lottery keys, configuration, first manager.")
    .requiredOption('--central <urls>', "central's URL, e.g. https://central.example:8470, or several comma-separated, tried in order (plain http only on this machine)")
    .option('--central-ca <file>', "the lottery's certificate authority (PEM, handed out with the code): pinned for every connection to central")
    .option('--central-ca-fingerprint <sha256>', "the authority's SHA-256 fingerprint as read out with the code (`central tls make` prints it): enrolment stops unless the file matches")
    .option('--code-fd <n>', 'read the one-time code of the enrolment letter (`guichet central terminal add`) from file descriptor N (else $GUICHET_ENROL_CODE, else asked in a terminal)', fdArg)
    .requiredOption('--root <fingerprint>', "the lottery root's fingerprint, from the same letter (64 hex digits; spaces ignored)")
    .requiredOption('--manager <name>', 'name of the first manager')
    .option('--pin-fd <n>', "read the first manager's PIN (4 to 8 digits) from file descriptor N (else $GUICHET_PIN, else asked in a terminal)", fdArg);
  withJsonOption(withDataOption(cmd)).action(async (opts: EnrollOptions) => {
    const code = await readPin(ENROL_CODE, opts, { question: 'Enrolment code (from the letter): ', missing: 'enrolment needs the one-time code of the enrolment letter' });
    const pin = await readPin(OPERATOR_PIN, opts, { question: `PIN for the first manager ${opts.manager}: `, missing: 'the first manager needs a PIN' });
    let centralCa: string | undefined;
    if (opts.centralCa) {
      try {
        centralCa = readFileSync(opts.centralCa, 'utf8');
      } catch (err) {
        throw new CliError(`cannot read --central-ca ${opts.centralCa}: ${(err as Error).message}`);
      }
    }
    if (opts.centralCaFingerprint !== undefined) {
      if (!centralCa) throw new CliError('--central-ca-fingerprint checks the --central-ca file: give both');
      try {
        checkCentralCaFingerprint(centralCa, opts.centralCaFingerprint);
      } catch (err) {
        throw new CliError(`--central-ca ${opts.centralCa ?? ''}: ${(err as Error).message}`);
      }
    }
    const { terminal, manager, enrolment } = await enrollTerminal(dataDirOf(opts), { centralUrl: opts.central, code, root: opts.root, managerName: opts.manager, pin, ...(centralCa ? { centralCa } : {}) });
    try {
      if (opts.json) {
        printJson({ terminal: terminal.id, retailer: enrolment.retailer, data: terminal.folder.root, central: opts.central, ...(centralCa ? { central_ca: certificateFingerprint(centralCa) } : {}), lottery_root: enrolment.root.fingerprint, lottery_keys: enrolment.certificates.map((c) => ({ fingerprint: c.body.fingerprint, role: c.body.role })), config: enrolment.config, manager: { id: manager.id, name: manager.name } });
      } else {
        console.log(`terminal ${terminal.id} (${enrolment.retailer}) enrolled with ${opts.central}, in ${terminal.folder.root}`);
        console.log(`lottery root: ${enrolment.root.fingerprint.slice(0, 16)}… (as on the enrolment letter)`);
        console.log(`lottery key(s): ${enrolment.certificates.map((c) => `${c.body.role} ${c.body.fingerprint.slice(0, 16)}…`).join(', ')}`);
        if (centralCa) console.log(`central's certificate authority pinned: ${certificateFingerprint(centralCa)} (compare with the one given with the code)`);
        console.log(`first manager: ${manager.name}`);
      }
    } finally {
      terminal.close();
    }
  });
  return cmd;
}
