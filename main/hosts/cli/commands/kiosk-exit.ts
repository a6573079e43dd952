import { Command, InvalidArgumentError } from 'commander';
import { allowKioskExit, kioskExitAllowedUntil, MAX_KIOSK_EXIT_HOURS, withdrawKioskExit } from '../../../services/terminal/kiosk-exit.js';
import { actAs, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';

function hoursArg(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > MAX_KIOSK_EXIT_HOURS) throw new InvalidArgumentError(`--hours is a whole number from 1 to ${MAX_KIOSK_EXIT_HOURS}`);
  return n;
}

/** `guichet kiosk-exit allow|withdraw|status`: a technician's allowance for a packaged kiosk to start out of kiosk mode. */
export function kioskExitCommand(): Command {
  const cmd = new Command('kiosk-exit').description(
    'Let a packaged terminal start out of kiosk mode (GUICHET_KIOSK=0 or --no-kiosk) for a few hours (technician, journaled).',
  );
  const allow = withOperatorOptions(
    withJsonOption(
      withDataOption(
        new Command('allow')
          .description(`Allow it for --hours (1 to ${MAX_KIOSK_EXIT_HOURS}) from now (technician).`)
          .requiredOption('--hours <n>', 'how long the allowance lasts', hoursArg),
      ),
    ),
  );
  allow.action(async (opts: DataOption & JsonOption & OperatorOptions & { hours: number }) => {
    await withCounter(opts, async (t) => {
      const { until } = allowKioskExit(t, await actAs(t, opts), opts.hours);
      if (opts.json) printJson({ until });
      else console.log(`kiosk mode may be left until ${until} (GUICHET_KIOSK=0 or --no-kiosk at start)`);
    });
  });
  const withdraw = withOperatorOptions(withDataOption(new Command('withdraw').description('Withdraw the allowance: the next start is a kiosk again (technician).')));
  withdraw.action(async (opts: DataOption & OperatorOptions) => {
    await withCounter(opts, async (t) => {
      withdrawKioskExit(t, await actAs(t, opts));
      console.log('kiosk mode can no longer be left');
    });
  });
  const status = withJsonOption(withDataOption(new Command('status').description('Whether an allowance is in force, and until when.')));
  status.action(async (opts: DataOption & JsonOption) => {
    await withCounter(opts, (t) => {
      const until = kioskExitAllowedUntil(t);
      if (opts.json) printJson({ until });
      else console.log(until ? `kiosk mode may be left until ${until}` : 'no allowance: a packaged terminal always starts as a kiosk');
    });
  });
  return cmd.addCommand(allow).addCommand(withdraw).addCommand(status);
}
