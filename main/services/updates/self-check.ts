/**
 * A new version's self-check (#23), run by the launcher before the version serves anyone: the database
 * opens and migrates (opening does), the journal verifies, central answers (GET /v1/health, when the
 * terminal is enrolled: through the terminal's own client, so over the TLS authority pinned at enrolment
 * and trying each of central's addresses in turn, its answer signed by the lottery), and the configured
 * devices answer (device-checks.ts; the host opens them:
 * main/hosts/update/device-checks.ts).
 * Then, on the version that was rolled back to, `recordRollback` journals `update.rolled-back`.
 */
import { ENDPOINTS, HealthAnswer } from '../../../common/protocol/index.js';
import { syncStateRow } from '../../../db/queries/sync-state.js';
import { inTransaction, record } from '../../kernel/record.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { verifyJournal } from '../journal/verify.js';
import { terminalClient } from '../sync/terminal-client.js';
import { noteStep } from './download.js';
import { reasonText } from './messages.js';

export interface SelfCheckReport {
  readonly ok: boolean;
  readonly checks: { readonly name: string; readonly ok: boolean; readonly detail: string }[];
}

export type DeviceCheck = () => Promise<{ name: string; ok: boolean; detail: string }>;

export async function selfCheck(t: LotteryTerminal, devices: readonly DeviceCheck[] = []): Promise<SelfCheckReport> {
  const checks: { name: string; ok: boolean; detail: string }[] = [{ name: 'database', ok: true, detail: 'opened and migrated' }];
  const journal = verifyJournal(t);
  checks.push({ name: 'journal', ok: journal.ok, detail: journal.ok ? `${journal.entries} entries verified` : (journal.first_break?.detail ?? 'a business rule is broken') });
  for (const d of devices) {
    try {
      checks.push(await d());
    } catch (err) {
      checks.push({ name: 'device', ok: false, detail: (err as Error).message });
    }
  }
  const sync = syncStateRow(t.db);
  if (sync) {
    try {
      // One attempt per address (the client moves on to the next address when one does not answer).
      const client = terminalClient(t, { maxAttempts: 1, timeoutMs: 10_000 });
      const health = await client.call('GET', ENDPOINTS.health, undefined, HealthAnswer);
      checks.push({ name: 'central', ok: true, detail: `${client.url}: ${health.service} ${health.version}` });
    } catch (err) {
      checks.push({ name: 'central', ok: false, detail: (err as Error).message });
    }
  }
  return { ok: checks.every((c) => c.ok), checks };
}

/** Journals the rollback (with its outbox event, for central) on the version rolled back to. */
export function recordRollback(t: LotteryTerminal, r: { version: string; sha256: string; reason: string; restored_to: string | null }): void {
  const text = reasonText('self_check_failed', `${r.version}: ${r.reason.slice(0, 200)}`);
  inTransaction(t, () => {
    record(t, { type: 'update.rolled-back', operator: null, payload: { version: r.version, sha256: r.sha256, reason: r.reason.slice(0, 500), restored_to: r.restored_to }, outbox: { key: `update.rolled-back/${r.sha256}/${t.now()}` } });
    noteStep(t, 'rolled-back', text, { version: r.version, sha256: r.sha256, reason: 'self_check_failed' });
  });
}

/** Records the confirmation of a version whose self-check passed. */
export function recordConfirmed(t: LotteryTerminal, version: string, sha256: string | null): void {
  noteStep(t, 'confirmed', { fr: `Version ${version} confirmée par son autocontrôle`, en: `Version ${version} confirmed by its self-check` }, { version, sha256 });
}
