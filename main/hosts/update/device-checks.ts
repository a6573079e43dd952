/**
 * The devices a terminal is configured with (Settings: `printer_uri`, default the virtual printer;
 * `scanner_uris`), opened with the native drivers for the self-check's probes (#23).
 */
import path from 'node:path';
import { openPrinter } from '../../../native/printer/open.js';
import { createScanner } from '../../../native/scanner/open-scanner.js';
import { getSettings } from '../../kernel/settings.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { printerCheck, scannerCheck } from '../../services/updates/device-checks.js';
import type { DeviceCheck } from '../../services/updates/self-check.js';

export function configuredDeviceChecks(t: LotteryTerminal): DeviceCheck[] {
  const settings = getSettings(t);
  const checks: DeviceCheck[] = [];
  const printerUri = settings.printer_uri ?? 'virtual:counter';
  try {
    checks.push(printerCheck(openPrinter(printerUri, { virtualDir: path.join(t.folder.root, 'virtual-printer') })));
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    checks.push(() => Promise.resolve({ name: 'printer', ok: false, detail: `printer ${printerUri}: ${detail}` }));
  }
  for (const uri of settings.scanner_uris ?? []) checks.push(scannerCheck(uri, () => createScanner(uri)));
  return checks;
}
