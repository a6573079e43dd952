import { createInterface } from 'node:readline';
import { Command, InvalidArgumentError } from 'commander';
import type { ScanEvent, ScannerStatusEvent } from '../../../devices/scanner.js';
import { DeviceUriError, parseDeviceUri } from '../../../devices/uri.js';
import { createScanner } from '../../../../native/scanner/open-scanner.js';
import { VirtualScanner } from '../../../../native/scanner/virtual-scanner.js';
import { CliError, wholeNumber } from '../../../../common/cli-run.js';
import type { JsonOption } from '../options.js';

interface ScanOptions extends JsonOption {
  readonly scanner: string;
  readonly count?: number;
  readonly timeout?: number;
  readonly feed: string[];
}

/** Exit status when the scans asked for did not all come (timeout, or the virtual feed ended). */
export const SCAN_INCOMPLETE_EXIT_CODE = 2;

function positiveSeconds(text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a number of seconds > 0');
  return n;
}

/** One scan as printed: a single JSON line. */
function scanLine(scan: ScanEvent): string {
  return JSON.stringify({
    data: scan.data,
    ...(scan.symbology !== undefined ? { symbology: scan.symbology } : {}),
    ...(scan.aimId !== undefined ? { aimId: scan.aimId } : {}),
    source: scan.source,
    receivedAt: scan.receivedAt,
    ...(scan.durationMs !== undefined ? { durationMs: scan.durationMs } : {}),
  });
}

async function runScan(opts: ScanOptions): Promise<void> {
  let device;
  try {
    device = parseDeviceUri(opts.scanner);
  } catch (err) {
    if (err instanceof DeviceUriError) throw new CliError(err.message);
    throw err;
  }
  if (opts.feed.length > 0 && device.scheme !== 'virtual') throw new CliError('--feed only applies to a virtual scanner (--scanner virtual:)');
  const scanner = await createScanner(opts.scanner);
  const say = (event: string, fields: Record<string, unknown>, text: string) =>
    process.stderr.write(opts.json ? `${JSON.stringify({ event, ...fields })}\n` : `${text}\n`);

  let scans = 0;
  let finish!: (why: 'count' | 'timeout' | 'fed' | 'interrupted') => void;
  const finished = new Promise<'count' | 'timeout' | 'fed' | 'interrupted'>((resolve) => (finish = resolve));

  scanner.on('scan', (scan) => {
    if (opts.count !== undefined && scans >= opts.count) return;
    process.stdout.write(`${scanLine(scan)}\n`);
    scans += 1;
    if (opts.count !== undefined && scans >= opts.count) finish('count');
  });
  scanner.on('status', (s: ScannerStatusEvent) =>
    say('status', { ...s }, `scanner ${s.source}: ${s.state}${s.detail !== undefined ? ` (${s.detail})` : ''}`),
  );
  scanner.on('error', (err) => say('error', { source: scanner.uri, message: err.message }, `scanner ${scanner.uri}: ${err.message}`));

  const timer = opts.timeout !== undefined ? setTimeout(() => finish('timeout'), opts.timeout * 1000) : undefined;
  const onSigint = () => finish('interrupted');
  process.once('SIGINT', onSigint);
  let stdinLines: ReturnType<typeof createInterface> | undefined;
  try {
    await scanner.open();
    if (scanner instanceof VirtualScanner) {
      if (opts.feed.length > 0) {
        for (const data of opts.feed) scanner.feed(data);
        finish('fed');
      } else {
        // A virtual scanner fed from the terminal: one scan per line on stdin.
        stdinLines = createInterface({ input: process.stdin, terminal: false });
        stdinLines.on('line', (line) => {
          const data = line.replace(/\r$/, '');
          if (data !== '') scanner.feed(data);
        });
        stdinLines.on('close', () => finish('fed'));
      }
    }
    const why = await finished;
    if (opts.count !== undefined && scans < opts.count && why !== 'interrupted') {
      const cause = why === 'timeout' ? `timed out after ${opts.timeout} s` : 'the virtual feed ended';
      throw new CliError(`${cause} with ${scans} of ${opts.count} scan(s)`, SCAN_INCOMPLETE_EXIT_CODE);
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    process.removeListener('SIGINT', onSigint);
    if (stdinLines) {
      stdinLines.close();
      process.stdin.pause();
    }
    await scanner.close();
  }
}

/** `guichet scan --scanner URI [--count N] [--timeout S] [--json]`: prints each scan as one JSON line. */
export function scanCommand(): Command {
  const cmd = new Command('scan')
    .description('Read barcodes from a scanner and print each as one JSON line (data, symbology, source, timings).')
    .requiredOption('--scanner <uri>', 'the scanner: serial:/dev/ttyACM0?baud=9600&suffix=cr, hid:0c2e:0b61, virtual:')
    .option('--count <n>', 'stop after N scans', wholeNumber(1))
    .option('--timeout <seconds>', 'stop after S seconds', positiveSeconds)
    .option(
      '--feed <data>',
      'virtual scanner: deliver this scan (repeatable); without --feed a virtual scanner reads one scan per line on stdin',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .addHelpText(
      'after',
      `\nScans go to stdout; status and problems to stderr (as JSON lines with --json).\nExit status: 0 done, ${SCAN_INCOMPLETE_EXIT_CODE} fewer scans than --count before the timeout or the end of the virtual feed.`,
    );
  return cmd
    .option('--json', 'status and problems as JSON lines on stderr too (scans are always JSON lines)')
    .action(async (opts: ScanOptions) => runScan(opts));
}
