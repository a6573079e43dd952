/** The terminal's settings and limits (manager only to change; journaled). */
import { readSettings, writeSetting } from '../../../db/queries/terminal.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { DeviceUriError, formatDeviceUri, parseDeviceUriOf } from '../../devices/uri.js';
import { canonicalJson } from '../../../common/canonical-json.js';
import { record } from '../journal/record.js';
import { ServiceError } from './errors.js';
import { inTransaction, type LotteryTerminal } from './terminal.js';

export type SettingsLanguage = 'fr' | 'en';

export interface Settings {
  /** The most a cashier may pay for one ticket at the counter; above it the winner files a claim. */
  readonly payout_limit_cents: number;
  /** Language of the screens and receipts; absent until chosen (French). */
  readonly language?: SettingsLanguage;
  /** Receipt printer URI (canonical form); absent until chosen (the host's default, the virtual printer). */
  readonly printer_uri?: string;
  /** Scanner URIs opened at start besides the keyboard wedge (canonical forms); absent until chosen (none). */
  readonly scanner_uris?: readonly string[];
  /** Fewest digits of a cashier's PIN (4 to 8); absent until chosen (SECURITY_DEFAULTS). Managers and technicians: 6. */
  readonly cashier_pin_min_digits?: number;
  /** Minutes without activity after which an operator's session ends (1 to 120); absent until chosen (5). */
  readonly idle_logout_minutes?: number;
  /** Wrong validation codes by one operator within the window that raise an alert (1 to 1000); absent until chosen (5). */
  readonly wrong_code_alert_threshold?: number;
  /** The window, in minutes, over which wrong codes are counted (1 to 1440); absent until chosen (60). */
  readonly wrong_code_window_minutes?: number;
}

/** The security settings in force when none was chosen. */
export const SECURITY_DEFAULTS = Object.freeze({
  cashier_pin_min_digits: 4,
  idle_logout_minutes: 5,
  wrong_code_alert_threshold: 5,
  wrong_code_window_minutes: 60,
});

export type SecuritySettings = { readonly [K in keyof typeof SECURITY_DEFAULTS]: number };

/** Allowed range of each security setting. */
const SECURITY_RANGES: { readonly [K in keyof SecuritySettings]: readonly [number, number, string] } = {
  cashier_pin_min_digits: [4, 8, 'the fewest digits of a cashier PIN'],
  idle_logout_minutes: [1, 120, 'the idle logout (minutes)'],
  wrong_code_alert_threshold: [1, 1000, 'the wrong-code alert threshold'],
  wrong_code_window_minutes: [1, 1440, 'the wrong-code window (minutes)'],
};

const SECURITY_KEYS = Object.keys(SECURITY_DEFAULTS) as (keyof SecuritySettings)[];

export const DEFAULT_SETTINGS: Settings = Object.freeze({ payout_limit_cents: 30_000 });

/** Device URI schemes a receipt printer can be driven through, and a scanner. */
export const PRINTER_SCHEMES = ['serial', 'tcp', 'file', 'virtual'] as const;
export const SCANNER_SCHEMES = ['serial', 'hid', 'virtual'] as const;
/** Most scanners one counter opens. */
export const MAX_SCANNERS = 8;

/** Writes the defaults (init, inside its transaction). */
export function writeDefaultSettings(t: LotteryTerminal): void {
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) writeSetting(t.db, key, canonicalJson(value), t.now());
}

/** The current settings (defaults for any key not stored; optional keys only when stored and well-formed). */
export function getSettings(t: LotteryTerminal): Settings {
  const stored = readSettings(t.db);
  const limit = stored.payout_limit_cents;
  const { language, printer_uri: printer, scanner_uris: scanners } = stored;
  return {
    payout_limit_cents: typeof limit === 'number' ? limit : DEFAULT_SETTINGS.payout_limit_cents,
    ...(language === 'fr' || language === 'en' ? { language } : {}),
    ...(typeof printer === 'string' ? { printer_uri: printer } : {}),
    ...(Array.isArray(scanners) && scanners.every((s) => typeof s === 'string') ? { scanner_uris: scanners as string[] } : {}),
    ...Object.fromEntries(SECURITY_KEYS.filter((k) => inRange(k, stored[k])).map((k) => [k, stored[k] as number])),
  };
}

function inRange(key: keyof SecuritySettings, value: unknown): value is number {
  const [min, max] = SECURITY_RANGES[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
}

/** The security settings in force: the stored ones, else SECURITY_DEFAULTS. */
export function securitySettings(t: LotteryTerminal): SecuritySettings {
  const s = getSettings(t);
  return Object.fromEntries(SECURITY_KEYS.map((k) => [k, s[k] ?? SECURITY_DEFAULTS[k]])) as SecuritySettings;
}

/** A device URI checked for its role, in canonical form; a `bad-input` ServiceError naming the problem otherwise. */
export function canonicalDeviceUri(kind: 'printer' | 'scanner', uri: string): string {
  try {
    return formatDeviceUri(parseDeviceUriOf(uri, kind === 'printer' ? PRINTER_SCHEMES : SCANNER_SCHEMES));
  } catch (err) {
    if (err instanceof DeviceUriError) throw new ServiceError('bad-input', `${kind} URI: ${err.problem}`);
    throw err;
  }
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
 * Changes settings (permission 'settings.change'); journal 'settings.change' { before, after }.
 * Device URIs are validated (`main/devices/uri.ts`) and stored in canonical form; bad input changes nothing.
 */
export function updateSettings(t: LotteryTerminal, session: OperatorSession, patch: Partial<Settings>): Settings {
  const change = checkedPatch(patch);
  return inTransaction(t, () => {
    authorize(t, session, 'settings.change');
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
