/**
 * `--printer URI` on the commands that make a receipt (sell, void, pay, session close): the CLI's
 * after-commit port for the acts (main/services/<feature>/acts.ts), as the kiosk's devices are for its screens.
 * The receipt prints after the state change is committed, and after a cash sale, payout or void the
 * drawer on the printer's port opens (journaled first); a printer that fails never undoes anything.
 * The command then says so on stderr and exits 6, and `guichet print reprint N` prints the duplicate.
 */
import { Option, type Command } from 'commander';
import { PrinterCashDrawer } from '../../../native/drawer/printer-drawer.js';
import { openPrinter } from '../../../native/printer/open.js';
import type { ReceiptView } from '../../../common/api/views.js';
import type { DrawerOpenResult } from '../../devices/drawer.js';
import { NO_DEVICES, type AfterCommit } from '../../services/receipts/after-commit.js';

export const RECEIPT_NOT_PRINTED_EXIT = 6;

export interface PrinterOption {
  readonly printer?: string;
}

export function withPrinterOption(command: Command): Command {
  return command.addOption(
    new Option('--printer <uri>', 'print the receipt on this printer once recorded, and open the cash drawer on its port after a cash act (serial:, tcp://, file:, virtual:)').env('GUICHET_PRINTER'),
  );
}

/** The devices of `--printer` (its drawer port included), waited for; none without it. A bad URI throws before anything is done. */
export function afterCommitOf(opts: PrinterOption): AfterCommit {
  if (!opts.printer) return NO_DEVICES;
  const printer = openPrinter(opts.printer);
  return { printer, drawer: new PrinterCashDrawer(printer), language: 'fr', printWaitMs: Number.POSITIVE_INFINITY };
}

/** Says on stderr what the devices did not do (exit 6 for a receipt not printed); nothing when no printer was given. */
export function reportDevices(opts: PrinterOption, done: { readonly receipt: ReceiptView; readonly drawer?: DrawerOpenResult | null }): void {
  if (!opts.printer) return;
  const { receipt, drawer } = done;
  if (!receipt.printed) {
    const no = receipt.receipt_no;
    console.error(
      no === null
        ? `guichet: recorded, but the report was not printed (${receipt.error ?? 'unknown error'})`
        : `guichet: recorded, but receipt ${no} was not printed (${receipt.error ?? 'unknown error'}): reprint it with guichet print reprint ${no}`,
    );
    process.exitCode = RECEIPT_NOT_PRINTED_EXIT;
  }
  if (drawer && !drawer.opened) console.error(`guichet: the drawer opening was journaled, but the drawer did not open: ${drawer.error ?? 'unknown error'}`);
}
