import { Command } from 'commander';
import { listRevokedKeys, listTrustedKeys } from '../../../../db/queries/trusted-keys.js';
import { trustRootRow } from '../../../../db/queries/key-hierarchy.js';
import { revokeKey, trustKey, TrustError } from '../../../services/outcomes/trust.js';
import { CliError } from '../../../../common/cli-run.js';
import { actAs, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';
import { printJson, withDataOption, withJsonOption, withTerminal, type DataOption, type JsonOption } from '../options.js';

function trustRefusal(err: unknown): never {
  if (err instanceof TrustError) throw new CliError(err.message);
  throw err;
}

/**
 * `guichet trust add FILE` / `trust revoke FINGERPRINT` (a manager, journaled) / `trust list`: the
 * lottery keys this terminal accepts outcome files from.
 */
export function trustCommand(): Command {
  const trust = new Command('trust').description("The lottery public keys this terminal trusts (outcome files signed by other keys are refused).");

  const add = new Command('add')
    .description("Enrol a lottery public key (PEM file, e.g. lottery.pub).")
    .argument('<key-file>', 'the lottery public key, PEM (SPKI, Ed25519)')
    .option('--label <text>', 'a note to recognise the key by');
  withOperatorOptions(withJsonOption(withDataOption(add))).action(async (file: string, opts: DataOption & JsonOption & OperatorOptions & { label?: string }) => {
    await withCounter(opts, async (t) => {
      const session = await actAs(t, opts);
      let result;
      try {
        result = trustKey(t, session, file, { label: opts.label });
      } catch (err) {
        trustRefusal(err);
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

  const revoke = new Command('revoke')
    .description("Revoke an enrolled lottery key: the blocks it signed stop validating ('key-revoked'), and it signs no new import.")
    .argument('<fingerprint>', 'the key fingerprint (at least its first 8 hex digits; see guichet trust list)')
    .requiredOption('--reason <text>', 'why the key is revoked (journaled)');
  withOperatorOptions(withJsonOption(withDataOption(revoke))).action(async (fingerprint: string, opts: DataOption & JsonOption & OperatorOptions & { reason: string }) => {
    await withCounter(opts, async (t) => {
      const session = await actAs(t, opts);
      let result;
      try {
        result = revokeKey(t, session, fingerprint, opts.reason);
      } catch (err) {
        trustRefusal(err);
      }
      if (opts.json) printJson({ status: result.revoked ? 'revoked' : 'already-revoked', fingerprint: result.key.fingerprint, revoked_at: result.revocation.revoked_at, reason: result.revocation.reason });
      else if (result.revoked) console.log(`key ${result.key.fingerprint} revoked: the blocks it signed no longer validate`);
      else console.log(`key ${result.key.fingerprint} was already revoked (since ${result.revocation.revoked_at}); nothing changed`);
    });
  });

  const list = new Command('list').description('List the enrolled lottery keys (revoked ones marked).');
  withJsonOption(withDataOption(list)).action(async (opts: DataOption & JsonOption) => {
    await withTerminal(opts, (t) => {
      const keys = listTrustedKeys(t.db);
      const revoked = new Map(listRevokedKeys(t.db).map((r) => [r.fingerprint, r]));
      if (opts.json) {
        printJson(
          keys.map((k) => {
            const r = revoked.get(k.fingerprint);
            return { fingerprint: k.fingerprint, label: k.label, added_at: k.added_at, public_key_pem: k.public_key_pem, ...(r ? { revoked_at: r.revoked_at, revoked_reason: r.reason } : {}) };
          }),
        );
        return;
      }
      const root = trustRootRow(t.db);
      if (root) console.log(`lottery root ${root.fingerprint} (since ${root.set_at}): keys are trusted through its certificates only`);
      if (keys.length === 0) {
        console.log(`no trusted key in ${t.folder.root} (a manager enrols one with: guichet trust add lottery.pub --operator NAME)`);
        return;
      }
      for (const k of keys) {
        const r = revoked.get(k.fingerprint);
        console.log(`${k.fingerprint}  ${k.added_at}${k.label ? `  ${k.label}` : ''}${r ? `  REVOKED ${r.revoked_at} (${r.reason})` : ''}`);
      }
    }, { readOnly: true });
  });

  return trust.addCommand(add).addCommand(revoke).addCommand(list);
}
