/**
 * `guichet central claims [list|pay]` (#22): prize claims filed at terminals, and a filed claim's
 * payment recorded by finance under dual control (`claims.pay`: the winner's identity and the payment
 * made, at the prize central computes). Printed ticket numbers and local time; `--json` keeps central's
 * keys and UTC. `claims` alone lists them as before (`--json`: the store's records).
 */
import type { Command } from 'commander';
import { CliError } from '../../../common/cli-run.js';
import { ClaimPayArgs, ID_KINDS, PAYMENT_METHODS, type ConsoleClaim } from '../../../common/console/claims.js';
import type { PrizeClaim } from '../../store/prize-claims.js';
import { localTime } from '../local-time.js';
import { printedTicket } from '../ticket-number.js';
import type { CentralCli } from './back-office.js';

type Flags = Parameters<CentralCli['run']>[0];

const euros = (cents: number): string => `${(cents / 100).toFixed(2)} €`;
const kindOf = (k: PrizeClaim['kind']): string => (k === 'over-limit' ? 'claim form   ' : 'claim receipt');

interface PayFlags extends Flags {
  name: string;
  idKind: string;
  idNumber: string;
  address?: string;
  method: string;
  reference: string;
  paidOn: string;
  reason: string;
}

export function addClaimsCommands(cmd: Command, { common, run, print }: CentralCli): void {
  const claims = cmd.command('claims');
  // `claims list|pay`: their --data, --database-url, --json and login flags are the parent's, read with its options.
  claims
    .command('list')
    .description('Every prize claim with its state: filed, payment proposed (waiting for a second operator) or paid (to whom, the ID document by its last 4 characters, how and when).')
    .action(async (_flags: unknown, self: Command) => {
      const flags = self.optsWithGlobals<Flags>();
      const rows = (await run(flags, 'console.claims', {})) as ConsoleClaim[];
      print(flags, rows, () =>
        rows.length === 0
          ? ['no prize claim']
          : rows.flatMap((p) => [
              `${p.terminal}/${p.journal_seq}  ${localTime(p.filed_at)}  ${kindOf(p.kind)}  ${printedTicket(p.ticket)}  ${euros(p.amount_cents)}  at ${p.terminal} (${p.retailer})  ` +
                (p.state === 'paid' ? 'paid' : p.state === 'proposed' ? `payment proposed (#${p.proposal_id ?? '?'})` : 'filed'),
              ...(p.paid
                ? [
                    `  paid ${euros(p.paid.amount_cents)} to ${p.paid.winner_name} (${p.paid.id_kind.replace(/_/g, ' ')} …${p.paid.id_last4}) by ${p.paid.method.replace(/_/g, ' ')} ${p.paid.reference} on ${p.paid.paid_on}, ` +
                      `recorded ${localTime(p.paid.recorded_at)} by ${p.paid.recorded_by}${p.paid.proposed_by ? ` (proposed by ${p.paid.proposed_by})` : ''}`,
                  ]
                : []),
            ]),
      );
    });
  claims
    .command('pay')
    .description("Record a filed claim's payment by the lottery (dual control: proposed, then approved by another finance operator): the winner's identity and the payment made. The amount is the ticket's prize by central's print data.")
    .argument('<claim>', 'the claim as TERMINAL/ENTRY (first column of `claims list`)')
    .requiredOption('--name <text>', "the winner's full name, as on the ID document")
    .requiredOption('--id-kind <kind>', `the ID document: ${ID_KINDS.join(', ')}`)
    .requiredOption('--id-number <text>', "the ID document's number")
    .option('--address <text>', "the winner's address")
    .requiredOption('--method <method>', `how it was paid: ${PAYMENT_METHODS.join(', ')}`)
    .requiredOption('--reference <text>', 'the transfer, cheque or office receipt reference')
    .requiredOption('--paid-on <date>', 'the day it was paid, YYYY-MM-DD')
    .requiredOption('--reason <text>', 'why (travels with the proposal)')
    .action(async (claim: string, _flags: unknown, self: Command) => {
      const flags = self.optsWithGlobals<PayFlags>();
      const m = /^([^/\s]+)\/([1-9][0-9]{0,15})$/.exec(claim);
      if (!m) throw new CliError(`'${claim}' is not a claim: give TERMINAL/ENTRY as guichet central claims list shows it`);
      const args = ClaimPayArgs.safeParse({
        terminal: m[1],
        seq: Number(m[2]),
        winner: { name: flags.name, id_kind: flags.idKind, id_number: flags.idNumber, ...(flags.address ? { address: flags.address } : {}) },
        payment: { method: flags.method, reference: flags.reference, paid_on: flags.paidOn },
        reason: flags.reason,
      });
      if (!args.success) throw new CliError(args.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      const r = (await run(flags, 'claims.pay', args.data)) as { ticket: string; amount_cents: number; recorded_at: string };
      print(flags, r, () => [`claim ${claim} (${printedTicket(r.ticket)}) paid ${euros(r.amount_cents)}, recorded ${localTime(r.recorded_at)}`]);
    });
  common(claims)
    .description('Prize claims filed at terminals: claim forms (above the payout limit) and claim receipts (central unreachable, offline limits reached). `claims list` adds their payment; `claims pay` records one.')
    .action(async (flags: Flags) => {
      const rows = (await run(flags, 'claims', {})) as PrizeClaim[];
      print(flags, rows, () =>
        rows.length === 0
          ? ['no prize claim']
          : rows.map(
              (p) =>
                `${localTime(p.filed_at)}  ${kindOf(p.kind)}  ${printedTicket(p.ticket)}  ${euros(p.amount_cents)}  at ${p.terminal} (${p.retailer})` +
                `${p.receipt_no === null ? '' : ` receipt ${p.receipt_no}`}${p.reason ? `: ${p.reason}` : ''}`,
            ),
      );
    });
}
