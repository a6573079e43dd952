import { Command } from 'commander';
import { formatEuros } from '../../../../games/money.js';
import { PayoutError } from '../../../services/tickets/pay-errors.js';
import { payOrClaim } from '../../../services/tickets/acts.js';
import { counterVerdictJson } from '../../../services/tickets/counter-verdict.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { actAs, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';
import { afterCommitOf, reportDevices, withPrinterOption, type PrinterOption } from '../receipt-printing.js';
import { CliError } from '../../../../common/cli-run.js';
import { COUNTER_EXIT_CODES, describeCounterVerdict } from './check.js';

/**
 * `guichet pay BARCODE`: pays a winner whole (up to the payout limit), or files the claim of a winner
 * above it. Any other verdict pays nothing: exit status as `guichet check` (3 already paid, pack not
 * active…; 4 stop-listed or tampered; 5 a claim already filed). An enrolled terminal claims the ticket at
 * central first: 3 paid at another terminal, 6 central unreachable above the offline limit or refusing.
 */
const CENTRAL_EXIT_CODES: Readonly<Record<string, number>> = { 'paid-elsewhere': 3, 'claimed-elsewhere': 3, 'central-unreachable': 6, 'central-refused': 6, 'clock-back': 6 };
const CENTRAL_TITLES: Readonly<Record<string, string>> = {
  'paid-elsewhere': 'PAID AT ANOTHER TERMINAL',
  'claimed-elsewhere': 'BEING PAID AT ANOTHER TERMINAL',
  'central-unreachable': 'CENTRAL UNREACHABLE, ABOVE THE OFFLINE LIMIT',
  'central-refused': 'REFUSED BY CENTRAL',
  'clock-back': 'CLOCK SET BACK — NO PAYOUT',
  'already-paid': 'ALREADY PAID',
  loser: 'NOT A WINNER (CENTRAL)',
  expired: 'EXPIRED (CENTRAL)',
  'stop-listed': 'STOP-LISTED (CENTRAL)',
  'unknown-ticket': 'UNKNOWN AT CENTRAL',
  'pack-not-active': 'PACK NOT ACTIVE (CENTRAL)',
  'not-sold': 'NEVER SOLD (CENTRAL)',
  'central-restoring': 'WAIT: CENTRAL RESTORED, TERMINALS RE-SYNCING',
};
export function payCommand(): Command {
  const cmd = withPrinterOption(withOperatorOptions(
    withJsonOption(
      withDataOption(
        new Command('pay')
          .description('Pay a winning ticket by its validation barcode (above the payout limit: print a claim instead).')
          .argument('<validation-barcode>', 'the 34-digit barcode under the scratch coating (or shown on screen)'),
      ),
    ),
  ));
  return cmd.action(async (barcode: string, opts: DataOption & JsonOption & OperatorOptions & PrinterOption) => {
    const after = afterCommitOf(opts);
    await withCounter(opts, async (t) => {
      const session = await actAs(t, opts);
      try {
        // Pay or claim: the verdict decides (above the payout limit, a claim).
        const done = await payOrClaim(t, session, barcode, after);
        reportDevices(opts, done);
        const r = done.result;
        if (r.status === 'paid') {
          if (opts.json) printJson({ status: 'paid', pending_central: r.pending_central, ticket: r.verdict.ticket, amount_cents: r.payout.amount_cents, receipt_no: r.payout.receipt_no, at: r.payout.at, outbox_key: r.outbox_key, receipt: r.receipt });
          else console.log(`PAID ${formatEuros(r.payout.amount_cents)}  ${r.verdict.ticket ?? ''}  (receipt ${r.payout.receipt_no})${r.pending_central ? '  — offline: payout waiting for central' : ''}`);
        } else {
          if (opts.json) printJson({ status: 'claimed', ticket: r.verdict.ticket, amount_cents: r.claim.amount_cents, payout_limit_cents: r.claim.payout_limit_cents, receipt_no: r.claim.receipt_no, at: r.claim.at, outbox_key: r.outbox_key, receipt: r.receipt });
          else console.log(`CLAIM ${formatEuros(r.claim.amount_cents)} is above the payout limit of ${formatEuros(r.claim.payout_limit_cents)}: nothing paid here; claim receipt ${r.claim.receipt_no} sends the player to a payment centre`);
        }
      } catch (err) {
        if (!(err instanceof PayoutError)) throw err;
        const exit = err.code === 'already-claimed' ? 5 : (CENTRAL_EXIT_CODES[err.code] ?? COUNTER_EXIT_CODES[err.code as keyof typeof COUNTER_EXIT_CODES] ?? 3);
        if (opts.json) {
          printJson({ status: 'refused', code: err.code, message: err.message, ...(err.verdict ? { verdict: counterVerdictJson(err.verdict) } : {}) });
          process.exitCode = exit;
          return;
        }
        // Central's verdicts (and refusals of a ticket the terminal alone would pay) speak for themselves.
        const own = err.verdict && err.verdict.verdict === err.code;
        throw new CliError(`not paid: ${own && err.verdict ? describeCounterVerdict(err.verdict).replace('\n', ' — ') : `${CENTRAL_TITLES[err.code] ?? err.code.toUpperCase()}: ${err.message}`}`, exit);
      }
    });
  });
}
