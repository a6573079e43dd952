/**
 * A release's self-check entry point (release.json's `selfcheck`), run by the launcher in a child
 * process: `--data DIR` checks the version (exit 0 when it may serve: the database, the journal, the
 * configured printer and scanners answer, central answers); `--data DIR --record-rollback
 * JSON` journals on this version the rollback of a newer one, then tries to push it to central at once.
 * Prints one JSON line; the last line of output is the reason the launcher records.
 */
import { parseArgs } from 'node:util';
import { openLotteryTerminal } from '../../kernel/open.js';
import { syncOnce } from '../../services/sync/sync.js';
import { syncStateRow } from '../../../db/queries/sync-state.js';
import { recordConfirmed, recordRollback, selfCheck } from '../../services/updates/self-check.js';
import { runningSoftware } from '../../services/updates/software.js';
import { configuredDeviceChecks } from './device-checks.js';

const { values } = parseArgs({ options: { data: { type: 'string' }, 'record-rollback': { type: 'string' } } });
if (!values.data) {
  process.stderr.write('usage: self-check-main --data DIR [--record-rollback JSON]\n');
  process.exit(2);
}
try {
  const t = openLotteryTerminal(values.data);
  try {
    if (values['record-rollback']) {
      recordRollback(t, JSON.parse(values['record-rollback']) as Parameters<typeof recordRollback>[1]);
      if (syncStateRow(t.db)) await syncOnce(t).catch(() => undefined); // central hears of it now, or at the next round
      process.stdout.write(`${JSON.stringify({ recorded: true })}\n`);
    } else {
      const report = await selfCheck(t, configuredDeviceChecks(t));
      const me = runningSoftware();
      if (report.ok) recordConfirmed(t, me.version, me.sha256);
      process.stdout.write(`${JSON.stringify(report)}\n`);
      if (!report.ok) {
        process.stdout.write(`self-check failed: ${report.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`).join('; ')}\n`);
        process.exitCode = 1;
      }
    }
  } finally {
    t.close();
  }
} catch (err) {
  process.stdout.write(`self-check failed: ${(err as Error).message}\n`);
  process.exitCode = 1;
}
