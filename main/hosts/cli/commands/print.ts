// `guichet print …`: the receipt printer seen by a technician (test page, status).
import { existsSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { terminalRow } from '../../../../db/queries/terminal.js';
import { dataFolder, openTerminal } from '../../../kernel/data-folder.js';
import { VERSION } from '../../../services/terminal/version.js';
import { isReady, PrinterError, type Printer, type PrinterStatus } from '../../../devices/printer.js';
import { parseDeviceUri } from '../../../devices/uri.js';
import { reprintCountOf } from '../../../../db/queries/receipts.js';
import { reprint } from '../../../services/sales/acts.js';
import { receiptLayout } from '../../../services/receipts/layout.js';
import type { ReceiptLanguage, TestPage } from '../../../services/receipts/types.js';
import { openPrinter } from '../../../../native/printer/open.js';
import { paperByName } from '../../../../native/printer/paper.js';
import { VirtualPrinter } from '../../../../native/printer/virtual-printer.js';
import { actAs, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';
import { dataDirOf, printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { CliError } from '../../../../common/cli-run.js';

interface PrinterOptions {
  readonly printer: string;
  readonly paper?: string;
}

/** Exit status of `print status` when the printer answered but cannot print now. */
export const EXIT_NOT_READY = 2;

function withPrinterOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--printer <uri>', 'the printer: serial:/dev/ttyUSB0?baud=9600, tcp://HOST:9100, file:/dev/usb/lp0 or virtual:NAME')
        .env('GUICHET_PRINTER')
        .makeOptionMandatory(),
    )
    .addOption(new Option('--paper <width>', 'paper width').choices(['80mm', '58mm']).default('80mm'));
}

function language(value: string): ReceiptLanguage {
  if (value !== 'fr' && value !== 'en') throw new InvalidArgumentError('the language is fr or en');
  return value;
}

/** The terminal id recorded by `guichet init` in the data folder, if there is one. */
function recordedTerminalId(dataDir: string): string | undefined {
  if (!existsSync(dataFolder(dataDir).databasePath)) return undefined;
  const terminal = openTerminal(dataDir, { readOnly: true });
  try {
    return terminalRow(terminal.db)?.terminal_id;
  } catch {
    return undefined;
  } finally {
    terminal.close();
  }
}

function open(opts: PrinterOptions & DataOption & { out?: string }): Printer {
  const device = parseDeviceUri(opts.printer);
  const paper = paperByName(opts.paper);
  if (device.scheme !== 'virtual') return openPrinter(opts.printer, { paper });
  const dir = opts.out ?? path.join(dataDirOf(opts), 'virtual-printer', device.name);
  return openPrinter(opts.printer, { paper, virtualDir: dir });
}

const yesNo = (v: boolean): string => (v ? 'yes' : 'no');

function statusText(uri: string, s: PrinterStatus): string {
  const state = isReady(s) ? 'ready' : s.online ? 'not ready' : 'offline';
  return [
    `Printer ${uri}: ${state}`,
    `  online:       ${yesNo(s.online)}`,
    `  cover open:   ${yesNo(s.coverOpen)}`,
    `  paper out:    ${yesNo(s.paperOut)}`,
    `  paper low:    ${yesNo(s.paperLow)}`,
    `  reported:     ${s.reported ? 'yes (the printer answered)' : 'no (the link cannot answer, or nobody did)'}`,
    ...(s.detail ? [`  detail:       ${s.detail}`] : []),
  ].join('\n');
}

function testPageCommand(): Command {
  const cmd = new Command('test-page').description(
    "Print the technician's test page: terminal identity, printer status, every text style and a barcode.",
  );
  withPrinterOptions(cmd);
  withDataOption(cmd);
  return cmd
    .option('--terminal <id>', 'terminal id to print (default: the one recorded in the data folder, else the host name)')
    .option('--operator <name>', 'who prints it (default: the system user)')
    .option('--lang <language>', 'fr or en', language, 'fr' as ReceiptLanguage)
    .option('--out <dir>', 'for a virtual printer: where to save the receipt (default: DATA/virtual-printer/NAME)')
    .action(async (opts: PrinterOptions & DataOption & { terminal?: string; operator?: string; lang: ReceiptLanguage; out?: string }) => {
      const printer = open(opts);
      const status = await printer.status();
      const time = new Date().toISOString();
      const page: TestPage = {
        kind: 'test-page',
        terminalId: opts.terminal ?? recordedTerminalId(dataDirOf(opts)) ?? hostname(),
        operator: opts.operator ?? (userInfo().username || 'technicien'),
        time,
        receiptNumber: `TEST-${time.replace(/\D/g, '').slice(0, 14)}`,
        duplicate: false,
        reprintCount: 0,
        printerUri: printer.uri,
        printerStatus: status.reported || status.online ? status : null,
        softwareVersion: VERSION,
      };
      try {
        await printer.printLayout(receiptLayout(page, { language: opts.lang }));
      } catch (err) {
        if (err instanceof PrinterError) throw new CliError(`test page not printed: ${err.message}`);
        throw err;
      }
      console.log(`Test page printed on ${printer.uri} (${isReady(status) ? 'ready' : status.detail ?? 'not ready'}).`);
      if (printer instanceof VirtualPrinter) {
        const files = printer.receipts.at(-1)?.files;
        if (files) console.log(`Saved as ${files.png} and ${files.bytes}`);
      }
    });
}

function statusCommand(): Command {
  const cmd = new Command('status').description(
    `Ask the printer for its status (DLE EOT): online, cover open, paper out, paper low. Exits with ${EXIT_NOT_READY} when it cannot print now.`,
  );
  withPrinterOptions(cmd);
  withDataOption(cmd);
  withJsonOption(cmd);
  return cmd.action(async (opts: PrinterOptions & DataOption & JsonOption) => {
    const printer = open(opts);
    const status = await printer.status();
    if (opts.json) printJson({ uri: printer.uri, ready: isReady(status), ...status });
    else console.log(statusText(printer.uri, status));
    if (!isReady(status)) process.exitCode = EXIT_NOT_READY;
  });
}

function reprintCommand(): Command {
  const cmd = new Command('reprint')
    .description('Reprint a receipt by its number, marked DUPLICATE with its reprint counter; the reprint is journaled.')
    .argument('<receipt-number>', 'the number printed on the receipt', (v: string) => {
      if (!/^[1-9]\d*$/.test(v)) throw new InvalidArgumentError('a receipt number is a whole number ≥ 1');
      return Number(v);
    });
  withPrinterOptions(cmd);
  withDataOption(cmd);
  withOperatorOptions(cmd);
  return cmd
    .option('--lang <language>', 'fr or en', language, 'fr' as ReceiptLanguage)
    .option('--out <dir>', 'for a virtual printer: where to save the receipt (default: DATA/virtual-printer/NAME)')
    .action(async (receiptNo: number, opts: PrinterOptions & DataOption & OperatorOptions & { lang: ReceiptLanguage; out?: string }) => {
      const printer = open(opts);
      // The screen's reprint act: journaled with its counter, then printed as its DUPLICATA/COPY.
      const { receipt, count } = await withCounter(opts, async (t) => {
        const done = await reprint(t, await actAs(t, opts), receiptNo, { printer, drawer: null, language: opts.lang, printWaitMs: Number.POSITIVE_INFINITY });
        return { receipt: done, count: reprintCountOf(t.db, receiptNo) };
      });
      if (!receipt.printed) throw new CliError(`receipt ${receiptNo} not printed: ${receipt.error ?? 'unknown error'} (reprint ${count} was recorded; run the command again)`);
      console.log(`Receipt ${receiptNo} (${receipt.kind}) reprinted on ${printer.uri}: duplicate no. ${count}.`);
      if (printer instanceof VirtualPrinter) {
        const files = printer.receipts.at(-1)?.files;
        if (files) console.log(`Saved as ${files.png} and ${files.bytes}`);
      }
    });
}

/** `guichet print test-page|status|reprint --printer URI`. */
export function printCommand(): Command {
  const print = new Command('print').description('The receipt printer: test page, status and reprints.');
  print.addCommand(testPageCommand());
  print.addCommand(statusCommand());
  print.addCommand(reprintCommand());
  return print;
}
