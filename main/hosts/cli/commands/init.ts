import { createHash } from 'node:crypto';
import { Command } from 'commander';
import { initTerminal } from '../../../services/terminal/init.js';
import { dataDirOf, printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { fdArg, OPERATOR_PIN, readPin } from '../pin-input.js';

interface InitOptions extends DataOption, JsonOption {
  readonly terminal: string;
  readonly manager: string;
  readonly pinFd?: number;
}

/** `guichet init --data DIR --terminal ID --manager NAME` (the PIN by --pin-fd, GUICHET_PIN or asked): first start of a terminal. */
export function initCommand(): Command {
  const init = new Command('init')
    .description("Make a data folder a lottery terminal: its own key pair (terminal.key) and its first manager.")
    .requiredOption('--terminal <id>', 'terminal id (1 to 32 letters, digits, ".", "-", "_")')
    .requiredOption('--manager <name>', 'name of the first manager')
    .option('--pin-fd <n>', "read the first manager's PIN (6 to 8 digits) from file descriptor N (else $GUICHET_PIN, else asked in a terminal)", fdArg);
  withJsonOption(withDataOption(init)).action(async (opts: InitOptions) => {
    const pin = await readPin(OPERATOR_PIN, opts, { question: `PIN for the first manager ${opts.manager}: `, missing: 'the first manager needs a PIN' });
    const { terminal, manager } = await initTerminal(dataDirOf(opts), { terminalId: opts.terminal, managerName: opts.manager, pin });
    try {
      const raw = terminal.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
      const fingerprint = createHash('sha256').update(raw).digest('hex');
      if (opts.json) {
        printJson({ terminal: terminal.id, data: terminal.folder.root, key_fingerprint: fingerprint, manager: { id: manager.id, name: manager.name, role: manager.role } });
      } else {
        console.log(`terminal ${terminal.id} created in ${terminal.folder.root}`);
        console.log(`key fingerprint ${fingerprint}`);
        console.log(`first manager: ${manager.name}`);
      }
    } finally {
      terminal.close();
    }
  });
  return init;
}
