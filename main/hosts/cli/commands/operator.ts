import { Command } from 'commander';
import { addOperator, changePin, disableOperator, listOperators, unlockOperator, type OperatorInfo } from '../../../services/operators/operators.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { actAs, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';
import { CliError } from '../../../../common/cli-run.js';

type Opts = DataOption & JsonOption & OperatorOptions;

function line(o: OperatorInfo): string {
  const state = !o.active ? 'disabled' : o.locked_until_unlock ? 'locked until a manager unlocks' : o.locked_until ? `locked until ${o.locked_until}` : 'active';
  return `${String(o.id).padStart(4)}  ${o.name.padEnd(20)} ${o.role.padEnd(11)} ${state}`;
}

function common(cmd: Command): Command {
  return withOperatorOptions(withJsonOption(withDataOption(cmd)));
}

/** `guichet operator add|list|disable|unlock` (manager). */
export function operatorCommand(): Command {
  const operator = new Command('operator').description('Manage the operators of the terminal (manager only).');

  const add = common(
    new Command('add')
      .description('Add an operator.')
      .argument('<name>', "the new operator's name")
      .requiredOption('--role <role>', 'cashier, manager or technician')
      .option('--new-pin <pin>', "the new operator's PIN: 6 to 8 digits for a manager or technician, 4 (the terminal's setting) to 8 for a cashier (default: $GUICHET_NEW_PIN)"),
  );
  add.action(async (name: string, opts: Opts & { role: string; newPin?: string }) => {
    const pin = opts.newPin ?? process.env.GUICHET_NEW_PIN;
    if (!pin) throw new CliError(`give the new operator's PIN with --new-pin PIN (or set GUICHET_NEW_PIN)`);
    await withCounter(opts, async (t) => {
      const session = await actAs(t, opts);
      const info = await addOperator(t, session, { name, role: opts.role, pin });
      if (opts.json) printJson(info);
      else console.log(`operator ${info.name} (${info.role}) added`);
    });
  });

  const list = common(new Command('list').description('List the operators (active, locked, disabled).'));
  list.action(async (opts: Opts) => {
    await withCounter(opts, async (t) => {
      const ops = listOperators(t, await actAs(t, opts));
      if (opts.json) printJson(ops);
      else for (const o of ops) console.log(line(o));
    });
  });

  const disable = common(new Command('disable').description('Disable an operator (its name is never reused).').argument('<name>', 'the operator to disable'));
  disable.action(async (name: string, opts: Opts) => {
    await withCounter(opts, async (t) => {
      const info = disableOperator(t, await actAs(t, opts), name);
      if (opts.json) printJson(info);
      else console.log(`operator ${info.name} disabled`);
    });
  });

  const unlock = common(
    new Command('unlock').description('Lift the PIN lock of an operator and reset their count of locks (5 min, 15 min, 1 h, then until unlocked).').argument('<name>', 'the locked operator'),
  );
  unlock.action(async (name: string, opts: Opts) => {
    await withCounter(opts, async (t) => {
      const info = unlockOperator(t, await actAs(t, opts), name);
      if (opts.json) printJson(info);
      else console.log(`operator ${info.name} unlocked`);
    });
  });

  const pin = common(
    new Command('pin')
      .description("Change a PIN: your own (give --current-pin), or another operator's (manager).")
      .argument('[name]', 'whose PIN (default: the operator acting)')
      .option('--new-pin <pin>', 'the new PIN (default: $GUICHET_NEW_PIN)')
      .option('--current-pin <pin>', 'your current PIN, to change your own (default: --pin)'),
  );
  pin.action(async (name: string | undefined, opts: Opts & { newPin?: string; currentPin?: string }) => {
    const newPin = opts.newPin ?? process.env.GUICHET_NEW_PIN;
    if (!newPin) throw new CliError('give the new PIN with --new-pin PIN (or set GUICHET_NEW_PIN)');
    await withCounter(opts, async (t) => {
      const session = await actAs(t, opts);
      const currentPin = opts.currentPin ?? opts.pin ?? process.env.GUICHET_PIN;
      const info = await changePin(t, session, { ...(name !== undefined ? { name } : {}), pin: newPin, ...(currentPin !== undefined ? { currentPin } : {}) });
      if (opts.json) printJson(info);
      else console.log(`PIN of operator ${info.name} changed`);
    });
  });

  return operator.addCommand(add).addCommand(list).addCommand(disable).addCommand(unlock).addCommand(pin);
}
