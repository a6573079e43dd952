/**
 * Settings: a manager's, but for the devices, which a technician sets up too (the service refuses
 * anyone else with `forbidden`, and a technician anything but device URIs).
 */
import type { DevicesView, SettingsView } from '../../../common/api/methods/terminal.js';
import { authorize } from '../../services/auth/authorize.js';
import { ServiceError } from '../../kernel/errors.js';
import { canonicalDeviceUri, updateSettings } from '../../services/terminal/settings.js';
import { getSettings, SECURITY_DEFAULTS, type Settings } from '../../kernel/settings.js';
import type { AppContext } from '../context.js';
import type { Handlers } from '../handler.js';
import { requireSession } from '../require-session.js';
import { statusOf } from '../status.js';

function devicesView(ctx: AppContext, s: Settings): DevicesView {
  const active = ctx.devices.printer?.uri ?? null;
  const activeScanners = (ctx.devices.scanners ?? []).map((x) => x.uri).filter((u) => u !== 'virtual:counter');
  const printerChanged = s.printer_uri !== undefined && s.printer_uri !== active;
  const scanners = s.scanner_uris ?? [];
  const scannersChanged = s.scanner_uris !== undefined && (scanners.length !== activeScanners.length || scanners.some((u) => !activeScanners.includes(u)));
  return { printer_uri: s.printer_uri ?? null, scanner_uris: scanners, active_printer_uri: active, restart_needed: printerChanged || scannersChanged };
}

function settingsView(ctx: AppContext, s: Settings): SettingsView {
  return {
    payout_limit_cents: s.payout_limit_cents,
    language: s.language ?? ctx.language,
    ...devicesView(ctx, s),
    cashier_pin_min_digits: s.cashier_pin_min_digits ?? SECURITY_DEFAULTS.cashier_pin_min_digits,
    idle_logout_minutes: s.idle_logout_minutes ?? SECURITY_DEFAULTS.idle_logout_minutes,
    wrong_code_alert_threshold: s.wrong_code_alert_threshold ?? SECURITY_DEFAULTS.wrong_code_alert_threshold,
    wrong_code_window_minutes: s.wrong_code_window_minutes ?? SECURITY_DEFAULTS.wrong_code_window_minutes,
  };
}

export const terminalHandlers: Handlers = {
  'settings.get': (ctx) => {
    authorize(ctx.terminal, requireSession(ctx), 'settings.change');
    return settingsView(ctx, getSettings(ctx.terminal));
  },
  'devices.get': (ctx) => {
    authorize(ctx.terminal, requireSession(ctx), 'devices.setup');
    return devicesView(ctx, getSettings(ctx.terminal));
  },
  'settings.update': async (ctx, input) => {
    const patch: { -readonly [K in keyof Settings]?: Settings[K] } = {};
    if (input.payout_limit_cents !== undefined) patch.payout_limit_cents = input.payout_limit_cents;
    if (input.language !== undefined) patch.language = input.language;
    if (input.printer_uri !== undefined) patch.printer_uri = input.printer_uri;
    if (input.scanner_uris !== undefined) patch.scanner_uris = input.scanner_uris;
    for (const key of ['cashier_pin_min_digits', 'idle_logout_minutes', 'wrong_code_alert_threshold', 'wrong_code_window_minutes'] as const) {
      const value = input[key];
      if (value !== undefined) patch[key] = value;
    }
    const after = updateSettings(ctx.terminal, requireSession(ctx), patch);
    if (after.language) ctx.language = after.language;
    ctx.emit({ type: 'status', status: await statusOf(ctx) });
    return settingsView(ctx, after);
  },
  'settings.detect-devices': async (ctx) => {
    authorize(ctx.terminal, requireSession(ctx), 'devices.setup');
    if (!ctx.devices.detect) return { available: false, devices: [], problems: 0 };
    const found = await ctx.devices.detect();
    // A keyboard is read by the window (a keyboard-wedge scanner too): nothing to set up here.
    return { available: true, devices: found.devices.filter((d) => d.likely !== 'keyboard'), problems: found.problems };
  },
  'settings.check-uri': (ctx, { kind, uri }) => {
    authorize(ctx.terminal, requireSession(ctx), 'devices.setup');
    try {
      return { ok: true, canonical: canonicalDeviceUri(kind, uri) };
    } catch (err) {
      if (err instanceof ServiceError) return { ok: false, problem: err.message.replace(/^(printer|scanner) URI: /, '') };
      throw err;
    }
  },
};
