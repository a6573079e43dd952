import { Command } from 'commander';
import { formatEuros } from '../../../../games/money.js';
import { gameByCode } from '../../../../games/index.js';
import { CliError } from '../../../../common/cli-run.js';
import { sellDigitalAct } from '../../../services/digital/acts.js';
import { sell } from '../../../services/sales/acts.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { actAs, centsArg, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';
import { afterCommitOf, reportDevices, withPrinterOption, type PrinterOption } from '../receipt-printing.js';

/**
 * `guichet sell BARCODE... --tendered CENTS`: sell paper tickets for cash (the kiosk's act: receipt and
 * drawer with --printer). `guichet sell --digital GAME --tendered CENTS`: sell one digital unit (online:
 * central hands it out) and print its number and validation barcode.
 */
export function sellCommand(): Command {
  const cmd = withPrinterOption(withOperatorOptions(
    withJsonOption(
      withDataOption(
        new Command('sell')
          .description('Sell paper tickets, each by the inventory barcode on its back, for cash; or one digital unit with --digital GAME (online only).')
          .argument('[inventory-barcodes...]', '16-digit inventory barcodes of the tickets in the cart')
          .option('--digital <game>', 'sell one unit of a digital game (happy-2014, millionnaire) instead: central hands it out')
          .requiredOption('--tendered <cents>', 'cash handed over by the customer, in cents', centsArg('--tendered')),
      ),
    ),
  ));
  return cmd.action(async (barcodes: string[], opts: DataOption & JsonOption & OperatorOptions & PrinterOption & { tendered: number; digital?: string }) => {
    const after = afterCommitOf(opts);
    if (opts.digital !== undefined) {
      if (barcodes.length > 0) throw new CliError('--digital sells one digital unit: give no inventory barcode with it');
      await withCounter(opts, async (t) => {
        const done = await sellDigitalAct(t, await actAs(t, opts), { game: opts.digital as string, tendered_cents: opts.tendered }, after);
        reportDevices(opts, done);
        const r = done.result;
        if (opts.json) {
          printJson({ ...r, play: done.play });
          return;
        }
        console.log(`sale receipt ${r.receipt_no}`);
        console.log(`  ${gameByCode(r.game).name} ${r.number}  ${formatEuros(r.price_cents)}`);
        console.log(`  validation barcode ${r.validation_barcode}`);
        console.log(`total ${formatEuros(r.price_cents)}  tendered ${formatEuros(r.tendered_cents)}  change ${formatEuros(r.change_cents)}`);
        console.log(`play it: guichet units show ${r.number}`);
      });
      return;
    }
    if (barcodes.length === 0) throw new CliError('give the inventory barcodes of the tickets to sell, or --digital GAME');
    await withCounter(opts, async (t) => {
      const done = await sell(t, await actAs(t, opts), { barcodes, tendered_cents: opts.tendered }, after);
      reportDevices(opts, done);
      const sale = done.result;
      if (opts.json) {
        const { receipt, ...rest } = sale;
        printJson({ ...rest, receipt });
        return;
      }
      console.log(`sale receipt ${sale.receipt_no}`);
      for (const l of sale.lines) console.log(`  ${l.ticket}  ${formatEuros(l.price_cents)}`);
      console.log(`total ${formatEuros(sale.total_cents)}  tendered ${formatEuros(sale.tendered_cents)}  change ${formatEuros(sale.change_cents)}`);
    });
  });
}
