import { Command } from 'commander';
import { addToStopList, listStopList } from '../../../services/packs/stop-list.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { actAs, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';

/** `guichet stoplist add|list`: packs and tickets that must be neither sold nor paid. */
export function stoplistCommand(): Command {
  const stoplist = new Command('stoplist').description('The stop list: packs or tickets that must be neither sold nor paid.');
  const add = withOperatorOptions(
    withJsonOption(
      withDataOption(
        new Command('add')
          .description('Stop-list a pack (GGG-EEE-BB-PPPPP) or one ticket (either barcode) (manager).')
          .argument('<pack-or-barcode>', 'a pack number, or a ticket barcode')
          .requiredOption('--reason <text>', 'why (stolen, damaged, recalled…)'),
      ),
    ),
  );
  add.action(async (ref: string, opts: DataOption & JsonOption & OperatorOptions & { reason: string }) => {
    await withCounter(opts, async (t) => {
      const s = addToStopList(t, await actAs(t, opts), ref, opts.reason);
      if (opts.json) printJson(s);
      else console.log(`stop-listed ${s.scope} ${s.what}: ${s.reason}`);
    });
  });
  const list = withJsonOption(withDataOption(new Command('list').description('The stop list, oldest first.')));
  list.action(async (opts: DataOption & JsonOption) => {
    await withCounter(opts, (t) => {
      const all = listStopList(t);
      if (opts.json) printJson(all);
      else if (all.length === 0) console.log('the stop list is empty');
      else for (const s of all) console.log(`${s.scope.padEnd(4)}  ${s.what}  ${s.added_at}  ${s.reason}`);
    }, { readOnly: true });
  });
  return stoplist.addCommand(add).addCommand(list);
}
