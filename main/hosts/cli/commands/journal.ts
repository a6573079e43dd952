import { Command } from 'commander';
import { verifyJournal } from '../../../services/journal/verify.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { withCounter } from '../operator-options.js';

/**
 * `guichet journal verify`: checks the whole signed chain and the invariants it guards (no ticket paid
 * twice, receipt numbers contiguous and never reused, every money entry with its outbox event); exit
 * status 1 naming the first broken entry, and the first entry breaking each rule.
 * Needs no operator: it shows no amount, and an inspector must be able to run it.
 */
export function journalCommand(): Command {
  const journal = new Command('journal').description("The terminal's append-only signed journal.");
  const verify = withJsonOption(withDataOption(new Command('verify').description('Detect any edited, deleted, inserted or reordered entry, a ticket paid twice, a receipt number skipped or reused, a money entry without its outbox event; exit 1 and name the first entry breaking each.')));
  verify.action(async (opts: DataOption & JsonOption) => {
    await withCounter(opts, (t) => {
      const r = verifyJournal(t);
      if (opts.json) printJson({ terminal: t.id, ...r });
      else {
        if (r.first_break) console.log(`journal of terminal ${t.id} is BROKEN at entry ${r.first_break.seq}: ${r.first_break.detail}`);
        else console.log(`journal of terminal ${t.id}: ${r.entries} entries, ${r.invariants.length ? 'chain intact' : 'intact'}`);
        for (const b of r.invariants) console.log(`rule ${b.rule} broken at entry ${b.seq}: ${b.detail}`);
      }
      if (!r.ok) process.exitCode = 1;
    });
  });
  return journal.addCommand(verify);
}
