import { Command, InvalidArgumentError } from 'commander';
import { formatEuros } from '../../../../games/money.js';
import { voidSaleAct } from '../../../services/sales/acts.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { actAs, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';
import { afterCommitOf, reportDevices, withPrinterOption, type PrinterOption } from '../receipt-printing.js';

function receiptNumber(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('a receipt number is a whole number ≥ 1');
  return Number(value);
}

/** `guichet void RECEIPT --reason TEXT`: a manager voids a sale of the current cash session. */
export function voidCommand(): Command {
  const cmd = withPrinterOption(withOperatorOptions(
    withJsonOption(
      withDataOption(
        new Command('void')
          .description('Void a sale of the current cash session (manager) and refund it.')
          .argument('<receipt-no>', 'the receipt number of the sale', receiptNumber)
          .requiredOption('--reason <text>', 'why the sale is voided'),
      ),
    ),
  ));
  return cmd.action(async (receiptNo: number, opts: DataOption & JsonOption & OperatorOptions & PrinterOption & { reason: string }) => {
    const after = afterCommitOf(opts);
    await withCounter(opts, async (t) => {
      const done = await voidSaleAct(t, await actAs(t, opts), { receipt_no: receiptNo, reason: opts.reason }, after);
      reportDevices(opts, done);
      const v = done.result;
      if (opts.json) printJson(v);
      else console.log(`sale ${v.voided_receipt_no} voided (void receipt ${v.receipt_no}): refund ${formatEuros(v.amount_cents)}`);
    });
  });
}
