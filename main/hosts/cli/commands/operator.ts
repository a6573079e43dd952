import { Command } from 'commander';
import { addOperator, changePin, disableOperator, listOperators, unlockOperator, type OperatorInfo } from '../../../services/operators/operators.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { actAs, operatorCredentials, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';
import { authenticate } from '../../../services/auth/login.js';
import { CURRENT_PIN, fdArg, NEW_PIN, pinGiven, readPin } from '../pin-input.js';

type Opts = DataOption & JsonOption & OperatorOptions;

function line(o: OperatorInfo): string {
  const state = !o.active ? 'disabled' : o.locked_until_unlock ? 'locked until unlocked (manager or technician)' : o.locked_until ? `locked until ${o.locked_until}` : 'active';
  return `${String(o.id).padStart(4)}  ${o.name.padEnd(20)} ${o.role.padEnd(11)} ${state}`;
}

function common(cmd: Command): Command {
  return withOperatorOptions(withJsonOption(withDataOption(cmd)));
}

/** `guichet operator add|list|disable|unlock` (manager; `unlock` a technician too). */
export function operatorCommand(): Command {
  const operator = new Command('operator').description('Manage the operators of the terminal (manager only; a technician may unlock one).');

  const add = common(
    new Command('add')
      .description('Add an operator.')
      .argument('<name>', "the new operator's name")
      .requiredOption('--role <role>', 'cashier, manager or technician')
      .option(
        '--new-pin-fd <n>',
        "read the new operator's PIN from file descriptor N (else $GUICHET_NEW_PIN, else asked in a terminal): 6 to 8 digits for a manager or technician, 4 (the terminal's setting) to 8 for a cashier",
        fdArg,
      ),
  );
  add.action(async (name: string, opts: Opts & { role: string; newPinFd?: number }) => {
    await withCounter(opts, async (t) => {
      const session = await actAs(t, opts);
      const pin = await readPin(NEW_PIN, opts, { question: `PIN for the new operator ${name}: `, missing: `the new operator '${name}' needs a PIN` });
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
    }, { readOnly: true });
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
    new Command('unlock').description(
      'Lift the PIN lock of an operator and reset their count of locks (5 min, 15 min, 1 h, then until unlocked); a manager or a technician.',
    ).argument('<name>', 'the locked operator'),
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
      .description("Change a PIN: your own (your current PIN is the acting one, or --current-pin-fd), or another operator's (manager).")
      .argument('[name]', 'whose PIN (default: the operator acting)')
      .option('--new-pin-fd <n>', 'read the new PIN from file descriptor N (else $GUICHET_NEW_PIN, else asked in a terminal)', fdArg)
      .option('--current-pin-fd <n>', "read your current PIN, to change your own, from file descriptor N (else $GUICHET_CURRENT_PIN, else the acting operator's PIN)", fdArg),
  );
  pin.action(async (name: string | undefined, opts: Opts & { newPinFd?: number; currentPinFd?: number }) => {
    await withCounter(opts, async (t) => {
      const { name: actor, pin: actingPin } = await operatorCredentials(opts);
      const session = await authenticate(t, actor, actingPin);
      const newPin = await readPin(NEW_PIN, opts, { question: `new PIN for ${name ?? actor}: `, missing: 'give the new PIN' });
      const currentPin = pinGiven(CURRENT_PIN, opts) ? await readPin(CURRENT_PIN, opts, { question: 'your current PIN: ', missing: 'your current PIN' }) : actingPin;
      const info = await changePin(t, session, { ...(name !== undefined ? { name } : {}), pin: newPin, ...(currentPin !== undefined ? { currentPin } : {}) });
      if (opts.json) printJson(info);
      else console.log(`PIN of operator ${info.name} changed`);
    });
  });

  return operator.addCommand(add).addCommand(list).addCommand(disable).addCommand(unlock).addCommand(pin);
}
