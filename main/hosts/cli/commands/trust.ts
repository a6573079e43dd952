import { Command } from 'commander';
import { listTrustedKeys } from '../../../../db/queries/trusted-keys.js';
import { enrolKeyFile, TrustError } from '../../../services/outcomes/trust.js';
import { CliError } from '../../../../common/cli-run.js';
import { printJson, withDataOption, withJsonOption, withTerminal, type DataOption, type JsonOption } from '../options.js';

/** `guichet trust add FILE` / `guichet trust list`: the lottery keys this terminal accepts outcome files from. */
export function trustCommand(): Command {
  const trust = new Command('trust').description("The lottery public keys this terminal trusts (outcome files signed by other keys are refused).");

  const add = new Command('add')
    .description("Enrol a lottery public key (PEM file, e.g. lottery.pub).")
    .argument('<key-file>', 'the lottery public key, PEM (SPKI, Ed25519)')
    .option('--label <text>', 'a note to recognise the key by');
  withJsonOption(withDataOption(add)).action(async (file: string, opts: DataOption & JsonOption & { label?: string }) => {
    await withTerminal(opts, (t) => {
      let result;
      try {
        result = enrolKeyFile(t.db, file, { label: opts.label });
      } catch (err) {
        if (err instanceof TrustError) throw new CliError(err.message);
        throw err;
      }
      if (opts.json) {
        printJson({ status: result.added ? 'added' : 'already-trusted', fingerprint: result.key.fingerprint, label: result.key.label, added_at: result.key.added_at });
      } else if (result.added) {
        console.log(`trusted key ${result.key.fingerprint} added to ${t.folder.root}`);
      } else {
        console.log(`key ${result.key.fingerprint} was already trusted (since ${result.key.added_at}); nothing changed`);
      }
    });
  });

  const list = new Command('list').description('List the enrolled lottery keys.');
  withJsonOption(withDataOption(list)).action(async (opts: DataOption & JsonOption) => {
    await withTerminal(opts, (t) => {
      const keys = listTrustedKeys(t.db);
      if (opts.json) {
        printJson(keys.map((k) => ({ fingerprint: k.fingerprint, label: k.label, added_at: k.added_at, public_key_pem: k.public_key_pem })));
        return;
      }
      if (keys.length === 0) {
        console.log(`no trusted key in ${t.folder.root} (enrol one with: guichet trust add lottery.pub)`);
        return;
      }
      for (const k of keys) console.log(`${k.fingerprint}  ${k.added_at}${k.label ? `  ${k.label}` : ''}`);
    }, { readOnly: true });
  });

  return trust.addCommand(add).addCommand(list);
}
