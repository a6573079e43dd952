/**
 * Changing the terminal's settings and limits (journaled). Reading them is main/kernel/settings.ts.
 * The devices (printer and scanner addresses) are a technician's or a manager's ('devices.setup');
 * everything else, the payout limit first, a manager's alone ('settings.change').
 */
import { readSettings, writeSetting } from '../../../db/queries/terminal.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { DeviceUriError, formatDeviceUri, parseDeviceUriOf } from '../../devices/uri.js';
import { canonicalJson } from '../../../common/canonical-json.js';
import { record } from '../../kernel/record.js';
import { ServiceError } from '../../kernel/errors.js';
import { inTransaction } from '../../kernel/transaction.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { DEFAULT_SETTINGS, getSettings, inRange, SECURITY_KEYS, SECURITY_RANGES, type Settings } from '../../kernel/settings.js';

/** Writes the defaults (init, inside its transaction). */
export function writeDefaultSettings(t: LotteryTerminal): void {
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) writeSetting(t.db, key, canonicalJson(value), t.now());
}

/** Device URI schemes a receipt printer can be driven through, and a scanner. */
export const PRINTER_SCHEMES = ['serial', 'tcp', 'file', 'virtual'] as const;
export const SCANNER_SCHEMES = ['serial', 'hid', 'virtual'] as const;
/** Most scanners one counter opens. */
export const MAX_SCANNERS = 8;

/** A device URI checked for its role, in canonical form; a `bad-input` ServiceError naming the problem otherwise. */
export function canonicalDeviceUri(kind: 'printer' | 'scanner', uri: string): string {
  try {
    return formatDeviceUri(parseDeviceUriOf(uri, kind === 'printer' ? PRINTER_SCHEMES : SCANNER_SCHEMES));
  } catch (err) {
    if (err instanceof DeviceUriError) throw new ServiceError('bad-input', `${kind} URI: ${err.problem}`);
    throw err;
  }
}

/** The settings that are devices: what a technician sets up. */
export const DEVICE_KEYS = ['printer_uri', 'scanner_uris'] as const satisfies readonly (keyof Settings)[];

function isDeviceKey(key: string): boolean {
  return (DEVICE_KEYS as readonly string[]).includes(key);
}

/** Checks a patch and returns it with device URIs in canonical form. Throws `bad-input` on the first problem. */
function checkedPatch(patch: Partial<Settings>): Partial<Settings> {
  const out: { -readonly [K in keyof Settings]?: Settings[K] } = {};
  const limit = patch.payout_limit_cents;
  if (limit !== undefined) {
    if (!Number.isSafeInteger(limit) || limit < 0) {
      throw new ServiceError('bad-input', `the payout limit must be a whole number of cents ≥ 0, not ${String(limit)}`);
    }
    out.payout_limit_cents = limit;
  }
  if (patch.language !== undefined) {
    if (patch.language !== 'fr' && patch.language !== 'en') throw new ServiceError('bad-input', `the language is fr or en, not ${String(patch.language)}`);
    out.language = patch.language;
  }
  for (const key of SECURITY_KEYS) {
    const value = patch[key];
    if (value === undefined) continue;
    if (!inRange(key, value)) {
      const [min, max, what] = SECURITY_RANGES[key];
      throw new ServiceError('bad-input', `${what} is a whole number from ${min} to ${max}, not ${String(value)}`);
    }
    out[key] = value;
  }
  if (patch.printer_uri !== undefined) out.printer_uri = canonicalDeviceUri('printer', patch.printer_uri);
  if (patch.scanner_uris !== undefined) {
    if (patch.scanner_uris.length > MAX_SCANNERS) throw new ServiceError('bad-input', `at most ${MAX_SCANNERS} scanners`);
    const uris = patch.scanner_uris.map((u) => canonicalDeviceUri('scanner', u));
    const twice = uris.find((u, i) => uris.indexOf(u) !== i);
    if (twice !== undefined) throw new ServiceError('bad-input', `scanner ${twice} is listed twice`);
    out.scanner_uris = uris;
  }
  return out;
}

/**
 * Changes settings: device addresses need 'devices.setup', any other key 'settings.change' (a patch
 * with both needs both); journal 'settings.change' { before, after }.
 * Device URIs are validated (`main/devices/uri.ts`) and stored in canonical form; bad input changes nothing.
 */
export function updateSettings(t: LotteryTerminal, session: OperatorSession, patch: Partial<Settings>): Settings {
  const change = checkedPatch(patch);
  return inTransaction(t, () => {
    const keys = Object.keys(change);
    if (keys.length === 0 || keys.some((k) => !isDeviceKey(k))) authorize(t, session, 'settings.change');
    if (keys.some(isDeviceKey)) authorize(t, session, 'devices.setup');
    const before = getSettings(t);
    const after: Settings = { ...before, ...change };
    // The lottery sets the maximum payout limit (central's signed configuration); a manager may only lower it.
    const max = (readSettings(t.db).central_config as Record<string, unknown> | undefined)?.payout_limit_max_cents;
    if (change.payout_limit_cents !== undefined && typeof max === 'number' && change.payout_limit_cents > max) {
      throw new ServiceError('bad-input', `the lottery caps the payout limit at ${max} cents: a manager may lower it, not raise it above`);
    }
    for (const [key, value] of Object.entries(after)) writeSetting(t.db, key, canonicalJson(value), t.now());
    record(t, { type: 'settings.change', operator: session, payload: { before: { ...before }, after: { ...after } } });
    return after;
  });
}
