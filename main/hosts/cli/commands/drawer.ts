import { Command, Option } from 'commander';
import { openPrinter } from '../../../../native/printer/open.js';
import { PrinterCashDrawer } from '../../../../native/drawer/printer-drawer.js';
import { openDrawerFor } from '../../../services/cash/drawer.js';
import { DRAWER_OPEN_REASONS, type DrawerOpenReason } from '../../../devices/drawer.js';
import { actAs, withCounter, withOperatorOptions } from '../operator-options.js';
import { withDataOption, withJsonOption } from '../options.js';
import { CliError } from '../../../../common/cli-run.js';

interface DrawerFlags {
  printer?: string;
  reason: DrawerOpenReason;
  note?: string;
  pin2?: boolean;
  json?: boolean;
  data?: string;
  operator?: string;
}

export function drawerCommand(): Command {
  const cmd = new Command('drawer').description('The cash drawer, opened by a pulse through the receipt printer.');
  const open = new Command('open')
    .description('Open the drawer: the opening is journaled with its operator and reason before the pulse is sent.')
    .addOption(new Option('--printer <uri>', 'printer the drawer is plugged into').env('GUICHET_PRINTER'))
    .addOption(new Option('--reason <reason>', 'why').choices([...DRAWER_OPEN_REASONS]).makeOptionMandatory())
    .option('--note <text>', 'free text, e.g. a receipt number');
  withJsonOption(withDataOption(withOperatorOptions(open))).action(async (flags: DrawerFlags) => {
    if (!flags.printer) throw new CliError('--printer is required (or GUICHET_PRINTER)');
    const drawer = new PrinterCashDrawer(openPrinter(flags.printer));
    await withCounter(flags, async (t) => {
      const session = await actAs(t, flags);
      const result = await openDrawerFor(t, session, drawer, { reason: flags.reason, ...(flags.note ? { note: flags.note } : {}) });
      if (flags.json) console.log(JSON.stringify(result));
      else console.log(result.opened ? `drawer opened (${result.opening.reason}), journaled` : `journaled, but the drawer did not open: ${result.error}`);
      if (!result.opened) process.exitCode = 3;
    });
  });
  cmd.addCommand(open);
  return cmd;
}
