/**
 * Everything a host does before it shows a window: the data folder (a demo terminal on first start),
 * the terminal, its devices (virtual twins unless configured), and the application object.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scanner } from '../../devices/scanner.js';
import { PrinterCashDrawer } from '../../../native/drawer/printer-drawer.js';
import { openPrinter } from '../../../native/printer/open.js';
import { virtualScanner } from '../../../native/scanner/virtual-scanner.js';
import { createApp, type App } from '../../app/app.js';
import type { AppDevices } from '../../app/context.js';
import { openLotteryTerminal } from '../../services/terminal/terminal.js';
import { getSettings } from '../../services/terminal/settings.js';
import { createScanner } from '../../../native/scanner/open-scanner.js';
import { isEmptyDataFolder, setupDemo } from './demo.js';
import { syncStateRow } from '../../../db/queries/sync-state.js';
import { startSyncLoop, type SyncLoop } from '../../services/sync/loop.js';

export const VERSION = '0.1.0';

/** The built renderer, next to the sources (`out/renderer`), whichever file this is compiled to. */
export function rendererDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  // Sources: main/host → project root; compiled: out/main/host → project root.
  while (path.basename(dir) !== 'main') dir = path.dirname(dir);
  const root = path.dirname(dir);
  return path.basename(root) === 'out' ? path.join(root, 'renderer') : path.join(root, 'out', 'renderer');
}

export interface PrepareOptions {
  readonly dataDir: string;
  readonly host: 'electron' | 'browser';
  /** Printer URI (default: the virtual printer, its receipts saved in the data folder). */
  readonly printer?: string;
  readonly onProgress?: (step: string) => void;
  /** Run the background sync loop when the terminal is enrolled with a central (default true). */
  readonly sync?: boolean;
  /** Told each failed sync round (the loop retries on its own). */
  readonly onSyncError?: (message: string) => void;
}

export interface PreparedKiosk {
  readonly app: App;
  readonly demo: boolean;
  close(): Promise<void>;
}

export async function prepareKiosk(options: PrepareOptions): Promise<PreparedKiosk> {
  const demo = isEmptyDataFolder(options.dataDir);
  if (demo) await setupDemo(options.dataDir, options.onProgress ? { onProgress: options.onProgress } : {});
  const terminal = openLotteryTerminal(options.dataDir);
  // Devices chosen in Settings apply from the next start; --printer overrides the stored printer.
  const settings = getSettings(terminal);
  const printer = openPrinter(options.printer ?? settings.printer_uri ?? 'virtual:counter', { virtualDir: path.join(options.dataDir, 'virtual-printer') });
  const scanner = virtualScanner({ scheme: 'virtual', name: 'counter' });
  const scanners: Scanner[] = [scanner];
  for (const uri of settings.scanner_uris ?? []) {
    if (uri === 'virtual:counter') continue;
    try {
      scanners.push(await createScanner(uri));
    } catch (err) {
      console.error(`guichet: scanner ${uri} not opened: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const devices: AppDevices = {
    printer,
    drawer: new PrinterCashDrawer(printer),
    scanners,
    feedScan: (data) => scanner.feed(data),
  };
  const app = createApp({ terminal, devices, host: options.host, version: VERSION, ...(settings.language ? { language: settings.language } : {}) });
  for (const s of scanners) {
    s.on('scan', (scan) => app.context.emit({ type: 'scan', scan: { data: scan.data, source: scan.source, receivedAt: scan.receivedAt, ...(scan.symbology ? { symbology: scan.symbology } : {}) } }));
    await s.open();
  }
  // An enrolled terminal keeps its link with central in the background; a sale or payout never waits on it.
  let sync: SyncLoop | null = null;
  if (options.sync !== false && syncStateRow(terminal.db)) {
    sync = startSyncLoop(terminal, {
      onRound: (r) => {
        if (!r.ok) options.onSyncError?.(r.error instanceof Error ? r.error.message : String(r.error));
      },
    });
  }
  return {
    app,
    demo,
    async close() {
      await sync?.stop();
      for (const s of scanners) await s.close();
      app.close();
    },
  };
}
