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
}

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
  };
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
    for (const [key, value] of Object.entries(after)) writeSetting(t.db, key, canonicalJson(value), t.now());
    record(t, { type: 'settings.change', operator: session, payload: { before: { ...before }, after: { ...after } } });
    return after;
  });
}
