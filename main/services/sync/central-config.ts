/**
 * Settings central imposes (signed at enrolment and in the feed), kept in the setting `central_config`.
 * `payout_limit_max_cents` caps the counter's payout limit: a higher local limit is lowered to it.
 */
import { readSettings, writeSetting } from '../../../db/queries/terminal.js';
import { canonicalJson } from '../../../common/canonical-json.js';
import { record } from '../../kernel/record.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

export const CENTRAL_CONFIG_SETTING = 'central_config';

/** The configuration central imposed so far. */
export function centralConfig(t: LotteryTerminal): Record<string, unknown> {
  const v = readSettings(t.db)[CENTRAL_CONFIG_SETTING];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Applies configuration values (inside the caller's transaction) and journals 'central.config'. */
export function applyCentralConfig(t: LotteryTerminal, values: Readonly<Record<string, unknown>>): void {
  const before = centralConfig(t);
  const after = { ...before, ...values };
  writeSetting(t.db, CENTRAL_CONFIG_SETTING, canonicalJson(after), t.now());
  const max = after.payout_limit_max_cents;
  const limit = readSettings(t.db).payout_limit_cents;
  let lowered: number | null = null;
  if (typeof max === 'number' && Number.isSafeInteger(max) && max >= 0 && (typeof limit !== 'number' || limit > max)) {
    writeSetting(t.db, 'payout_limit_cents', canonicalJson(max), t.now());
    lowered = max;
  }
  record(t, { type: 'central.config', operator: null, payload: { values: { ...values }, ...(lowered !== null ? { payout_limit_cents: lowered } : {}) } });
}
