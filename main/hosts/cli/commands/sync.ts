import { Command, InvalidArgumentError } from 'commander';
import { startSyncLoop } from '../../../services/sync/loop.js';
import { syncStatus } from '../../../services/sync/status.js';
import { enrolledState, syncOnce } from '../../../services/sync/sync.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { withCounter } from '../operator-options.js';

interface SyncCliOptions extends DataOption, JsonOption {
  readonly once?: boolean;
  readonly batch?: number;
}

/** `guichet sync [--once] [--json]`: push the journal and the outbox to central, pull the feed. */
export function syncCommand(): Command {
  const cmd = new Command('sync')
    .description('Push the journal and the outbox to central and pull its feed; keeps going until stopped, or one round with --once.')
    .option('--once', 'one round, then exit (exit 1 when central cannot be reached or refuses)')
    .option('--batch <n>', 'journal entries per request (default 500, at most 1000)', (v: string) => {
      if (!/^[1-9]\d*$/.test(v) || Number(v) > 1000) throw new InvalidArgumentError('--batch must be a whole number from 1 to 1000');
      return Number(v);
    });
  withJsonOption(withDataOption(cmd)).action(async (opts: SyncCliOptions) => {
    await withCounter(opts, async (t) => {
      enrolledState(t);
      const batch = opts.batch !== undefined ? { batchSize: opts.batch } : {};
      if (opts.once) {
        try {
          const report = await syncOnce(t, batch);
          if (opts.json) printJson({ ...report, status: syncStatus(t) });
          else {
            const s = syncStatus(t);
            console.log(`pushed ${report.push.entries} journal entr${report.push.entries === 1 ? 'y' : 'ies'} in ${report.push.batches} batch(es); central holds entry ${report.push.acked_seq}`);
            if (report.pull) console.log(`feed: ${report.pull.applied} item(s) applied (${report.pull.files} outcome file(s)), cursor ${report.pull.cursor}`);
            console.log(`events waiting: ${s.events_waiting}; offline payouts waiting for central: ${s.payouts_waiting_central}; clock offset ${report.clock_offset_ms ?? '?'} ms`);
          }
        } catch (err) {
          if (opts.json) printJson({ error: err instanceof Error ? err.message : String(err), status: syncStatus(t) });
          throw err;
        }
        return;
      }
      await new Promise<void>((resolve) => {
        const loop = startSyncLoop(t, {
          ...batch,
          onRound: (r) => {
            const s = syncStatus(t);
            if (opts.json) printJson(r.ok ? { ok: true, push: r.report.push, pull: r.report.pull, status: s } : { ok: false, error: String(r.error instanceof Error ? r.error.message : r.error), status: s });
            else if (r.ok) console.log(`${t.now()} central holds entry ${r.report.push.acked_seq}; events waiting ${s.events_waiting}`);
            else console.error(`${t.now()} ${r.error instanceof Error ? r.error.message : String(r.error)} (retrying)`);
          },
        });
        const stop = (): void => {
          void loop.stop().then(resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
  });
  return cmd;
}
