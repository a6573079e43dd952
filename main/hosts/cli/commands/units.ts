/**
 * `guichet units show UNIT`: a digital unit sold at this terminal (by its number or sale key), its play
 * as text with its result. A unit not played yet is played out (Auto: everything revealed, the play
 * state kept and journaled, as on the customer display); a played one is shown again.
 * bin/guichet.js sends `units show` here and the lottery's `units export|render` to central/cli.
 */
import { Command } from 'commander';
import { findDigital, revealDigital } from '../../../services/digital/play.js';
import { digitalPlayText } from '../../../services/digital/text.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { actAs, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';

export function unitsCommand(): Command {
  const cmd = new Command('units').description("units show UNIT: a digital unit sold here, its play as text with its result (the lottery's units export|render: guichet units --help).");
  cmd.addCommand(
    withOperatorOptions(
      withJsonOption(
        withDataOption(
          new Command('show').description("Show a digital unit sold here: its play as text with its result (plays it out when not played yet).").argument('<unit>', 'the unit number (as on the receipt) or the sale key'),
        ),
      ),
    ).action(async (ref: string, opts: DataOption & JsonOption & OperatorOptions) => {
      await withCounter(opts, async (t) => {
        let view = findDigital(t, ref);
        if (!view.finished) view = revealDigital(t, await actAs(t, opts), view.sale_key, { all: true });
        if (opts.json) printJson(view);
        else for (const line of digitalPlayText(view)) console.log(line);
      });
    }),
  );
  return cmd;
}
