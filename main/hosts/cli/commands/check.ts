import { Command, Option } from 'commander';
import { checkTicket } from '../../../services/tickets/acts.js';
import { NO_DEVICES } from '../../../services/receipts/after-commit.js';
import { authenticate } from '../../../services/auth/login.js';
import { formatEuros } from '../../../../games/money.js';
import { TicketChecker, verdictJson, type Verdict, type VerdictKind } from '../../../services/tickets/check.js';
import { fixedClock } from '../../../kernel/clock.js';
import { openLotteryTerminal } from '../../../kernel/open.js';
import { counterVerdictJson, type CounterVerdict, type CounterVerdictKind } from '../../../services/tickets/counter-verdict.js';
import { dataDirOf, printJson, withDataOption, withJsonOption, withTerminal, type DataOption, type JsonOption } from '../options.js';
import { operatorCredentials, withOperatorOptions, type OperatorOptions } from '../operator-options.js';

/**
 * Exit status of `guichet check` by verdict: 0 the ticket is genuine (winner or loser), 2 the barcode
 * cannot be read, 3 the ticket cannot be paid (unknown, wrong code, expired), 4 the stored data was tampered with.
 */
export const CHECK_EXIT_CODES: Readonly<Record<VerdictKind, number>> = {
  winner: 0,
  loser: 0,
  malformed: 2,
  'bad-check-digit': 2,
  'unknown-ticket': 3,
  'wrong-code': 3,
  expired: 3,
  tampered: 4,
  'key-revoked': 4,
};

const TITLES: Readonly<Record<VerdictKind, string>> = {
  winner: 'WINNER',
  loser: 'LOSER',
  malformed: 'MALFORMED BARCODE',
  'bad-check-digit': 'BAD CHECK DIGIT',
  'unknown-ticket': 'UNKNOWN TICKET',
  'key-revoked': 'LOTTERY KEY REVOKED — DO NOT PAY',
  'wrong-code': 'WRONG CODE',
  expired: 'EXPIRED',
  tampered: 'TAMPERED — DO NOT PAY',
};

/**
 * Exit status of the counter verdict (with an operator): as above, plus 0 above-limit (a genuine winner
 * to claim at a payment centre), 3 already paid or pack not active, 4 stop-listed.
 */
export const COUNTER_EXIT_CODES: Readonly<Record<CounterVerdictKind, number>> = {
  ...CHECK_EXIT_CODES,
  'above-limit': 0,
  'already-paid': 3,
  'pack-not-active': 3,
  'stop-listed': 4,
};

const COUNTER_TITLES: Readonly<Record<CounterVerdictKind, string>> = {
  ...TITLES,
  winner: 'WINNER — PAY HERE',
  'above-limit': 'WINNER ABOVE THE PAYOUT LIMIT — CLAIM',
  'already-paid': 'ALREADY PAID',
  'pack-not-active': 'TICKET NON ENREGISTRÉ (PACK NOT ACTIVE)',
  'stop-listed': 'STOP-LISTED — DO NOT PAY',
};

/** The text a person at the counter reads for a counter verdict. */
export function describeCounterVerdict(v: CounterVerdict): string {
  const lines = [`${COUNTER_TITLES[v.verdict]}${v.ticket ? `  ${v.ticket}` : ''}`];
  if ((v.verdict === 'winner' || v.verdict === 'above-limit') && v.prize_cents !== null) lines.push(`prize: ${formatEuros(v.prize_cents)}`);
  lines.push(v.message);
  return lines.join('\n');
}

function describe(v: Verdict): string {
  const lines = [`${TITLES[v.verdict]}${v.ticket ? `  ${v.ticket}` : ''}`];
  if (v.verdict === 'winner' && v.prize_cents !== null) {
    lines.push(`prize: ${formatEuros(v.prize_cents)}`);
    for (const z of v.winning ?? []) lines.push(`  ${z.surface}[${z.index}]  ${formatEuros(z.amount_cents)}`);
  } else if (v.verdict === 'expired' && v.prize_cents !== null && v.prize_cents > 0) {
    lines.push(`would have won ${formatEuros(v.prize_cents)}; claims closed ${v.claim_deadline ?? ''}`);
  } else {
    lines.push(v.message);
  }
  return lines.join('\n');
}

/** `guichet check BARCODE`: the verdict on a validation barcode, without paying anything. */
export function checkCommand(): Command {
  const cmd = new Command('check')
    .description('Check a validation barcode against the imported blocks (winner, loser, expired, wrong code, …) without paying.')
    .argument('<validation-barcode>', 'the 34-digit barcode under the scratch coating (or shown on screen)')
    .addOption(new Option('--now <iso>', 'check as of this UTC time (tests and audits)').hideHelp())
    .addHelpText('after', '\nExit status: 0 winner or loser, 2 unreadable barcode, 3 unknown ticket, wrong code or expired, 4 tampered data.');
  return withOperatorOptions(withJsonOption(withDataOption(cmd)))
    .addHelpText('after', 'With an operator (--operator or $GUICHET_OPERATOR; the PIN by --pin-fd N, $GUICHET_PIN or asked): the counter verdict (pack, stop list, payouts, payout limit).')
    .action(async (barcode: string, opts: DataOption & JsonOption & OperatorOptions & { now?: string }) => {
      let now: (() => Date) | undefined;
      if (opts.now !== undefined) {
        const at = new Date(opts.now);
        if (Number.isNaN(at.getTime())) throw new Error(`--now '${opts.now}' is not a date`);
        now = () => at;
      }
      if (opts.operator !== undefined || process.env.GUICHET_OPERATOR) {
        await counterCheck(barcode, opts, now);
        return;
      }
      await withTerminal(opts, (t) => {
        const checker = new TicketChecker(t, { now });
        try {
          const v = checker.check(barcode);
          if (opts.json) printJson(verdictJson(v));
          else console.log(describe(v));
          process.exitCode = CHECK_EXIT_CODES[v.verdict];
        } finally {
          checker.close();
        }
      }, { readOnly: true });
    });
}

/** The counter verdict for an operator: the terminal's pack states, stop list, payouts and payout limit. */
async function counterCheck(barcode: string, opts: DataOption & JsonOption & OperatorOptions, now: (() => Date) | undefined): Promise<void> {
  const { name, pin } = await operatorCredentials(opts);
  const t = openLotteryTerminal(dataDirOf(opts), { readOnly: true, ...(now ? { clock: fixedClock(now().toISOString()) } : {}) });
  try {
    const v = checkTicket(t, await authenticate(t, name, pin), barcode, NO_DEVICES);
    if (opts.json) printJson(counterVerdictJson(v));
    else console.log(describeCounterVerdict(v));
    process.exitCode = COUNTER_EXIT_CODES[v.verdict];
  } finally {
    t.close();
  }
}
