import { Command } from 'commander';
import { login } from '../../../services/auth/login.js';
import { permissionsOf } from '../../../services/auth/roles.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { operatorCredentials, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';

/** `guichet login`: check an operator's PIN (journaled as a login) and show what the role may do. */
export function loginCommand(): Command {
  const cmd = withOperatorOptions(withJsonOption(withDataOption(new Command('login').description("Log an operator in: checks the PIN, shows the role's permissions."))));
  cmd.action(async (opts: DataOption & JsonOption & OperatorOptions) => {
    const { name, pin } = await operatorCredentials(opts);
    await withCounter(opts, async (t) => {
      const s = await login(t, name, pin);
      const permissions = permissionsOf(s.role);
      if (opts.json) printJson({ terminal: t.id, operator: s.name, operator_id: s.operator_id, role: s.role, since: s.since, permissions });
      else console.log(`${s.name} (${s.role}) logged in on terminal ${t.id}; may: ${permissions.join(', ')}`);
    });
  });
  return cmd;
}
