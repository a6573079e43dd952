/**
 * Settings (manager): payout limit, language, PIN length, idle logout, wrong-code alert; and the devices
 * by URI, which a technician sets up too (`devices.get`, `settings.update` with device URIs only,
 * detection, URI check): a technician changes nothing else.
 */
import { z } from 'zod';
import { cleanText } from '../../text.js';
import type { Language } from '../views.js';

const uri = cleanText(z.string().trim().min(1, 'the URI is empty').max(256));

export const terminalMethods = {
  'settings.get': z.object({}).strict(),
  /** The devices alone (technician or manager). */
  'devices.get': z.object({}).strict(),
  /** Any subset; device URIs are validated and stored in canonical form. A technician may send device URIs only. */
  'settings.update': z
    .object({
      payout_limit_cents: z.number().int().min(0).max(100_000_000).optional(),
      language: z.enum(['fr', 'en']).optional(),
      printer_uri: uri.optional(),
      scanner_uris: z.array(uri).max(8).optional(),
      cashier_pin_min_digits: z.number().int().min(4).max(8).optional(),
      idle_logout_minutes: z.number().int().min(1).max(120).optional(),
      wrong_code_alert_threshold: z.number().int().min(1).max(1000).optional(),
      wrong_code_window_minutes: z.number().int().min(1).max(1440).optional(),
    })
    .strict(),
  /** What is plugged in (serial ports, HID devices), each with its URI and what it probably is (technician, manager). */
  'settings.detect-devices': z.object({}).strict(),
  /** Checks a device URI without saving it (the form shows the problem while typing). */
  'settings.check-uri': z.object({ kind: z.enum(['printer', 'scanner']), uri: cleanText(z.string().max(256)) }).strict(),
} as const;

export interface SettingsView {
  readonly payout_limit_cents: number;
  readonly language: Language;
  /** The stored printer URI, or null for the host's default. */
  readonly printer_uri: string | null;
  readonly scanner_uris: readonly string[];
  /** The printer this terminal is using now (a changed URI applies at the next start). */
  readonly active_printer_uri: string | null;
  /** True when a stored device URI differs from the devices in use: restart to apply. */
  readonly restart_needed: boolean;
  /** Fewest digits of a cashier's PIN (managers and technicians: 6). */
  readonly cashier_pin_min_digits: number;
  /** Minutes without activity before an operator is logged out. */
  readonly idle_logout_minutes: number;
  /** Wrong validation codes by one operator within the window that raise an alert. */
  readonly wrong_code_alert_threshold: number;
  readonly wrong_code_window_minutes: number;
}

/** The devices' part of the settings: what a technician reads. */
export type DevicesView = Pick<SettingsView, 'printer_uri' | 'scanner_uris' | 'active_printer_uri' | 'restart_needed'>;

export type UriCheckView = { readonly ok: true; readonly canonical: string } | { readonly ok: false; readonly problem: string };

/** A device found plugged in: its URI for the settings and what it probably is. */
export interface DetectedDeviceView {
  readonly kind: 'serial' | 'hid';
  readonly uri: string;
  readonly likely: 'scanner' | 'printer' | 'serial' | 'keyboard' | 'other';
  readonly product?: string;
  readonly manufacturer?: string;
}

/** `available`: false where the host cannot look (no native modules); `problems`: what could not be listed. */
export interface DetectedDevicesView {
  readonly available: boolean;
  readonly devices: readonly DetectedDeviceView[];
  readonly problems: number;
}

export interface TerminalOutputs {
  'settings.get': SettingsView;
  'devices.get': DevicesView;
  'settings.update': SettingsView;
  'settings.check-uri': UriCheckView;
  'settings.detect-devices': DetectedDevicesView;
}
