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

/** Ticket positions as people count them (1 = the sale's first ticket), comma-separated. */
function ticketPositions(value: string): number[] {
  if (!/^\d+(,\d+)*$/.test(value.replace(/\s+/g, ''))) throw new InvalidArgumentError('tickets are their positions in the sale, e.g. 1,3');
  const n = value.replace(/\s+/g, '').split(',').map(Number);
  if (n.some((x) => x < 1)) throw new InvalidArgumentError('the first ticket of a sale is 1');
  return n;
}

/** `guichet void RECEIPT --reason TEXT [--tickets 1,3]`: a manager voids a sale of the current cash session, or some of its tickets. */
export function voidCommand(): Command {
  const cmd = withPrinterOption(withOperatorOptions(
    withJsonOption(
      withDataOption(
        new Command('void')
          .description('Void a sale of the current cash session (manager) and refund it.')
          .argument('<receipt-no>', 'the receipt number of the sale', receiptNumber)
          .requiredOption('--reason <text>', 'why the sale is voided')
          .option('--tickets <positions>', 'void only these tickets of the sale, by position (1 = first), e.g. 1,3; the others stay sold', ticketPositions),
      ),
    ),
  ));
  return cmd.action(async (receiptNo: number, opts: DataOption & JsonOption & OperatorOptions & PrinterOption & { reason: string; tickets?: number[] }) => {
    const after = afterCommitOf(opts);
    await withCounter(opts, async (t) => {
      const done = await voidSaleAct(t, await actAs(t, opts), { receipt_no: receiptNo, reason: opts.reason, ...(opts.tickets ? { lines: opts.tickets.map((n) => n - 1) } : {}) }, after);
      reportDevices(opts, done);
      const v = done.result;
      if (opts.json) printJson(v);
      else if (v.lines) console.log(`ticket(s) ${v.lines.map((i) => i + 1).join(', ')} of sale ${v.voided_receipt_no} voided (void receipt ${v.receipt_no}): refund ${formatEuros(v.amount_cents)}`);
      else console.log(`sale ${v.voided_receipt_no} voided (void receipt ${v.receipt_no}): refund ${formatEuros(v.amount_cents)}`);
    });
  });
}
