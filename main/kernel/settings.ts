/** The read side of the terminal's settings and limits: what every service consults (changing them is main/services/terminal/settings.ts). */
import { readSettings } from '../../db/queries/terminal.js';
import type { LotteryTerminal } from './terminal.js';

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
export const SECURITY_RANGES: { readonly [K in keyof SecuritySettings]: readonly [number, number, string] } = {
  cashier_pin_min_digits: [4, 8, 'the fewest digits of a cashier PIN'],
  idle_logout_minutes: [1, 120, 'the idle logout (minutes)'],
  wrong_code_alert_threshold: [1, 1000, 'the wrong-code alert threshold'],
  wrong_code_window_minutes: [1, 1440, 'the wrong-code window (minutes)'],
};

export const SECURITY_KEYS = Object.keys(SECURITY_DEFAULTS) as (keyof SecuritySettings)[];

export const DEFAULT_SETTINGS: Settings = Object.freeze({ payout_limit_cents: 30_000 });

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

export function inRange(key: keyof SecuritySettings, value: unknown): value is number {
  const [min, max] = SECURITY_RANGES[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
}

/** The security settings in force: the stored ones, else SECURITY_DEFAULTS. */
export function securitySettings(t: LotteryTerminal): SecuritySettings {
  const s = getSettings(t);
  return Object.fromEntries(SECURITY_KEYS.map((k) => [k, s[k] ?? SECURITY_DEFAULTS[k]])) as SecuritySettings;
}
