import { Command, InvalidArgumentError } from 'commander';
import { xReport, zReport } from '../../../services/cash/sessions.js';
import { reportLines } from '../../../services/cash/report-text.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { actAs, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';

type Opts = DataOption & JsonOption & OperatorOptions;

/** `guichet report x|z`: the X report of the open session, or a stored Z report (manager). */
export function reportCommand(): Command {
  const report = new Command('report').description('Cash reports: X during the day, Z at closing (manager).');
  const x = withOperatorOptions(withJsonOption(withDataOption(new Command('x').description('X report of the open cash session (changes nothing).'))));
  x.action(async (opts: Opts) => {
    await withCounter(opts, async (t) => {
      const r = xReport(t, await actAs(t, opts));
      if (opts.json) printJson(r);
      else console.log(reportLines(r).join('\n'));
    }, { readOnly: true });
  });
  const z = withOperatorOptions(
    withJsonOption(
      withDataOption(
        new Command('z')
          .description('A Z report made at a session close (the last one by default). Close a session with: guichet session close.')
          .option('--number <n>', 'Z number', (v: string) => {
            if (!/^[1-9]\d*$/.test(v)) throw new InvalidArgumentError('--number must be a Z number (1, 2, …)');
            return Number(v);
          }),
      ),
    ),
  );
  z.action(async (opts: Opts & { number?: number }) => {
    await withCounter(opts, async (t) => {
      const r = zReport(t, await actAs(t, opts), { number: opts.number });
      if (opts.json) printJson(r);
      else console.log(reportLines(r).join('\n'));
    });
  });
  return report.addCommand(x).addCommand(z);
}
