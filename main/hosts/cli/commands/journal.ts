import { Command } from 'commander';
import { verifyJournal } from '../../../services/journal/verify.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { withCounter } from '../operator-options.js';

/**
 * `guichet journal verify`: checks the whole signed chain; exit status 1 naming the first broken entry.
 * Needs no operator: it shows no amount, and an inspector must be able to run it.
 */
export function journalCommand(): Command {
  const journal = new Command('journal').description("The terminal's append-only signed journal.");
  const verify = withJsonOption(withDataOption(new Command('verify').description('Detect any edited, deleted, inserted or reordered entry; exit 1 and name the first broken one.')));
  verify.action(async (opts: DataOption & JsonOption) => {
    await withCounter(opts, (t) => {
      const r = verifyJournal(t);
      if (opts.json) printJson({ terminal: t.id, ...r });
      else if (r.ok) console.log(`journal of terminal ${t.id}: ${r.entries} entries, intact`);
      else console.log(`journal of terminal ${t.id} is BROKEN at entry ${r.first_break?.seq}: ${r.first_break?.detail}`);
      if (!r.ok) process.exitCode = 1;
    }, { readOnly: true });
  });
  return journal.addCommand(verify);
}
