/** Settings (manager): payout limit, devices by URI, language. */
import { z } from 'zod';
import type { Language } from '../views.js';

const uri = z.string().trim().min(1, 'the URI is empty').max(256);

export const settingsMethods = {
  'settings.get': z.object({}).strict(),
  /** Any subset; device URIs are validated and stored in canonical form. */
  'settings.update': z
    .object({
      payout_limit_cents: z.number().int().min(0).max(100_000_000).optional(),
      language: z.enum(['fr', 'en']).optional(),
      printer_uri: uri.optional(),
      scanner_uris: z.array(uri).max(8).optional(),
    })
    .strict(),
  /** Checks a device URI without saving it (the form shows the problem while typing). */
  'settings.check-uri': z.object({ kind: z.enum(['printer', 'scanner']), uri: z.string().max(256) }).strict(),
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
}

export type UriCheckView = { readonly ok: true; readonly canonical: string } | { readonly ok: false; readonly problem: string };

export interface SettingsOutputs {
  'settings.get': SettingsView;
  'settings.update': SettingsView;
  'settings.check-uri': UriCheckView;
}
