import { Command, InvalidArgumentError } from 'commander';
import { listOutbox } from '../../../services/outbox/outbox.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { actAs, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';

/** `guichet outbox`: the events waiting to be sent to the lottery (manager, technician). */
export function outboxCommand(): Command {
  const cmd = withOperatorOptions(
    withJsonOption(
      withDataOption(
        new Command('outbox')
          .description('Show the events waiting to be sent to the lottery, oldest first.')
          .option('--limit <n>', 'show at most n events', (v: string) => {
            if (!/^[1-9]\d*$/.test(v)) throw new InvalidArgumentError('--limit must be a whole number ≥ 1');
            return Number(v);
          }),
      ),
    ),
  );
  cmd.action(async (opts: DataOption & JsonOption & OperatorOptions & { limit?: number }) => {
    await withCounter(opts, async (t) => {
      const listing = listOutbox(t, await actAs(t, opts), { limit: opts.limit });
      if (opts.json) {
        printJson(listing);
        return;
      }
      console.log(`${listing.pending} event(s) waiting`);
      for (const e of listing.events) {
        console.log(`${e.created_at}  ${e.type.padEnd(14)} ${e.key}  (journal ${e.journal_seq}, ${e.attempts} attempt(s)${e.last_error ? `, last error: ${e.last_error}` : ''})`);
      }
    }, { readOnly: true });
  });
  return cmd;
}
