/**
 * Settings central imposes (signed at enrolment and in the feed), kept in the setting `central_config`.
 * `payout_limit_max_cents` caps the counter's payout limit: a higher local limit is lowered to it. A value
 * holding text a terminal cannot journal (a NUL, a lone surrogate) is refused and the refusal journaled.
 */
import { readSettings, writeSetting } from '../../../db/queries/terminal.js';
import { canonicalJson } from '../../../common/canonical-json.js';
import { record } from '../../kernel/record.js';
import { jsonTextProblem, textProblem } from '../../../common/text.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

export const CENTRAL_CONFIG_SETTING = 'central_config';

/** The configuration central imposed so far. */
export function centralConfig(t: LotteryTerminal): Record<string, unknown> {
  const v = readSettings(t.db)[CENTRAL_CONFIG_SETTING];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Applies configuration values (inside the caller's transaction) and journals 'central.config'. */
export function applyCentralConfig(t: LotteryTerminal, offered: Readonly<Record<string, unknown>>): void {
  // A value holding a NUL or a lone surrogate is refused (never applied nor journaled as text): journaled by key and problem.
  const values: Record<string, unknown> = {};
  const refused: { key: string; path: string; problem: string }[] = [];
  for (const [key, value] of Object.entries(offered)) {
    const bad = textProblem(key) ? { path: '(key)', problem: textProblem(key)! } : jsonTextProblem(value);
    if (bad) refused.push({ key: bad.path === '(key)' ? '(unprintable key)' : key, path: bad.path, problem: bad.problem });
    else values[key] = value;
  }
  if (refused.length > 0) record(t, { type: 'central.config-refused', operator: null, payload: { refused, why: 'text a terminal cannot journal (common/text.ts)' } });
  if (Object.keys(values).length === 0) return;
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
