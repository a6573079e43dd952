import { Command } from 'commander';
import { formatEuros } from '../../../../games/money.js';
import { sell } from '../../../services/acts/sales.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { actAs, centsArg, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';
import { afterCommitOf, reportDevices, withPrinterOption, type PrinterOption } from '../receipt-printing.js';

/** `guichet sell BARCODE... --tendered CENTS`: sell paper tickets for cash (the kiosk's act: receipt and drawer with --printer). */
export function sellCommand(): Command {
  const cmd = withPrinterOption(withOperatorOptions(
    withJsonOption(
      withDataOption(
        new Command('sell')
          .description('Sell paper tickets, each by the inventory barcode on its back, for cash.')
          .argument('<inventory-barcodes...>', '16-digit inventory barcodes of the tickets in the cart')
          .requiredOption('--tendered <cents>', 'cash handed over by the customer, in cents', centsArg('--tendered')),
      ),
    ),
  ));
  return cmd.action(async (barcodes: string[], opts: DataOption & JsonOption & OperatorOptions & PrinterOption & { tendered: number }) => {
    const after = afterCommitOf(opts);
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
