import { Command } from 'commander';
import { closeSession } from '../../../services/cash/acts.js';
import { currentCashSession, moveCash, openCashSession } from '../../../services/cash/sessions.js';
import { reportLines } from '../../../services/cash/report-text.js';
import { formatEuros } from '../../../../games/money.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { actAs, centsArg, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';
import { afterCommitOf, reportDevices, withPrinterOption, type PrinterOption } from '../receipt-printing.js';

type Opts = DataOption & JsonOption & OperatorOptions;

function common(cmd: Command): Command {
  return withOperatorOptions(withJsonOption(withDataOption(cmd)));
}

/** `guichet session open|close|cash-in|cash-out|status`: the cash session. */
export function sessionCommand(): Command {
  const session = new Command('session').description('The cash session: opening float, cash in and out, Z closing.');

  const open = common(new Command('open').description('Open the cash session with the float in the drawer.').requiredOption('--float-cents <cents>', 'opening float in cents', centsArg('--float-cents')));
  open.action(async (opts: Opts & { floatCents: number }) => {
    await withCounter(opts, async (t) => {
      const row = openCashSession(t, await actAs(t, opts), { float_cents: opts.floatCents });
      if (opts.json) printJson({ session_id: row.id, opened_at: row.opened_at, float_cents: row.float_cents });
      else console.log(`cash session ${row.id} opened with a float of ${formatEuros(row.float_cents)}`);
    });
  });

  const close = withPrinterOption(common(
    new Command('close')
      .description('Close the cash session with the counted cash; with --printer, prints the Z report.')
      .requiredOption('--counted-cents <cents>', 'cash counted in the drawer, in cents', centsArg('--counted-cents'))
      .option('--confirm-difference', 'the manager confirms a difference between counted and expected cash'),
  ));
  close.action(async (opts: Opts & PrinterOption & { countedCents: number; confirmDifference?: boolean }) => {
    const after = afterCommitOf(opts);
    await withCounter(opts, async (t) => {
      const done = await closeSession(t, await actAs(t, opts), { counted_cents: opts.countedCents, confirm_difference: opts.confirmDifference === true }, after);
      reportDevices(opts, done);
      const z = done.report;
      if (opts.json) printJson(z);
      else console.log(reportLines(z).join('\n'));
    });
  });

  for (const kind of ['in', 'out'] as const) {
    const move = common(
      new Command(`cash-${kind}`)
        .description(kind === 'in' ? 'Put cash into the drawer.' : 'Take cash out of the drawer.')
        .requiredOption('--amount-cents <cents>', 'amount in cents', centsArg('--amount-cents'))
        .requiredOption('--reason <text>', 'why'),
    );
    move.action(async (opts: Opts & { amountCents: number; reason: string }) => {
      await withCounter(opts, async (t) => {
        const m = moveCash(t, await actAs(t, opts), { kind, amount_cents: opts.amountCents, reason: opts.reason });
        if (opts.json) printJson(m);
        else console.log(`cash ${kind}: ${formatEuros(m.amount_cents)} (${m.reason})`);
      });
    });
    session.addCommand(move);
  }

  const status = withJsonOption(withDataOption(new Command('status').description('Whether a cash session is open (no amounts).')));
  status.action(async (opts: DataOption & JsonOption) => {
    await withCounter(opts, (t) => {
      const s = currentCashSession(t);
      const doc = s ? { open: true, session_id: s.id, opened_at: s.opened_at } : { open: false };
      if (opts.json) printJson(doc);
      else console.log(s ? `cash session ${s.id} open since ${s.opened_at}` : 'no cash session is open');
    }, { readOnly: true });
  });

  return session.addCommand(open).addCommand(close).addCommand(status);
}
