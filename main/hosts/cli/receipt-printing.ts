/**
 * `--printer URI` on the commands that make a receipt (sell, void, pay): the receipt prints after the
 * state change is committed; a printer that fails never undoes it. The command then says so on stderr
 * and exits 6, and `guichet print reprint N` prints the duplicate.
 */
import { Option, type Command } from 'commander';
import { openPrinter } from '../../../native/printer/open.js';
import { receiptLayout } from '../../services/receipts/layout.js';
import type { Receipt } from '../../services/receipts/types.js';

export const RECEIPT_NOT_PRINTED_EXIT = 6;

export interface PrinterOption {
  readonly printer?: string;
}

export function withPrinterOption(command: Command): Command {
  return command.addOption(new Option('--printer <uri>', 'print the receipt on this printer once recorded (serial:, tcp://, file:, virtual:)').env('GUICHET_PRINTER'));
}

/** Prints `receipt` when a printer was given; never throws for a device problem. */
export async function printAfterCommit(opts: PrinterOption, receipt: Receipt, receiptNo: number): Promise<void> {
  if (!opts.printer) return;
  try {
    await openPrinter(opts.printer).printLayout(receiptLayout(receipt));
  } catch (err) {
    console.error(
      `guichet: recorded, but receipt ${receiptNo} was not printed (${err instanceof Error ? err.message : String(err)}): reprint it with guichet print reprint ${receiptNo}`,
    );
    process.exitCode = RECEIPT_NOT_PRINTED_EXIT;
  }
}
