/**
 * Everything a host does before it shows a window: the data folder (the demo terminal on an empty one
 * when asked with --demo; else, on an empty one, the provisioning state), the terminal, its devices
 * (virtual twins unless configured), and the application object.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scanner } from '../../devices/scanner.js';
import { PrinterCashDrawer } from '../../../native/drawer/printer-drawer.js';
import { openPrinter } from '../../../native/printer/open.js';
import { virtualScanner } from '../../../native/scanner/virtual-scanner.js';
import { createApp, type HostApp } from '../../app/app.js';
import { createProvisioningApp } from '../../app/provisioning.js';
import { statusOf } from '../../app/status.js';
import { switchableApp, type SwitchableApp } from '../../app/switchable.js';
import { enrollFromLetter } from '../../services/sync/enroll-letter.js';
import type { AppDevices } from '../../app/context.js';
import { openLotteryTerminal } from '../../kernel/open.js';
import { getSettings } from '../../kernel/settings.js';
import { VERSION } from '../../services/terminal/version.js';
import { createScanner } from '../../../native/scanner/open-scanner.js';
import { likelyOf, probeDevices } from '../../../native/scanner/device-probe.js';
import { isEmptyDataFolder, setupDemo } from './demo.js';
import { DEFAULT_SELF_CHECK, type SelfCheckConfig } from '../../services/selfcheck/self-check.js';
import { terminalMode } from '../../services/selfcheck/mode.js';
import { syncStateRow } from '../../../db/queries/sync-state.js';
import { serveDemoCentral } from './demo-central.js';
import { startSyncLoop, type SyncLoop } from '../../services/sync/loop.js';
import { startUpdateLoop, type UpdateLoop, type UpdateLoopOptions } from '../../services/updates/loop.js';
import { updatePaths } from '../../services/updates/paths.js';
import { runningSoftware } from '../../services/updates/software.js';
import { installationNodeModules } from '../../services/updates/install.js';

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
  /** Self-check mode with these timings; without it, the terminal's `mode` setting decides. */
  readonly selfCheck?: SelfCheckConfig;
  readonly onProgress?: (step: string) => void;
  /** Set up the demo terminal when the data folder is empty (`--demo`); never otherwise. */
  readonly demo?: boolean;
  /** Run the background sync loop when the terminal is enrolled with a central (default true). */
  readonly sync?: boolean;
  /** Told each failed sync round (the loop retries on its own). */
  readonly onSyncError?: (message: string) => void;
  /**
   * The updater (#23), on an enrolled terminal: false turns it off; the rest overrides its timings (tests).
   */
  readonly updates?: false | Partial<Pick<UpdateLoopOptions, 'initialDelayMs' | 'intervalMs' | 'random' | 'source' | 'onRound' | 'nodeModules'>>;
  /**
   * An update was installed: the host closes the kiosk (`close()`) and exits with RESTART_EXIT_CODE
   * (main/services/updates/loop.ts) so that the launcher runs the new version's self-check.
   */
  readonly onRestart?: () => void;
}

export interface PreparedKiosk {
  readonly app: HostApp;
  /** True when this start set up the demo terminal. */
  readonly demo: boolean;
  /** True when the application runs as a self-check kiosk. */
  readonly selfCheck: boolean;
  /** False when the data folder holds no terminal: the app answers only status and language (provisioning screen). */
  readonly provisioned: boolean;
  /** The demo central's URL when this kiosk runs one (--demo), else undefined. */
  readonly demoCentral?: string;
  /** The updater, on an enrolled terminal (null otherwise, or when turned off). */
  readonly updates: UpdateLoop | null;
  close(): Promise<void>;
}

export async function prepareKiosk(options: PrepareOptions): Promise<PreparedKiosk> {
  const empty = isEmptyDataFolder(options.dataDir);
  if (empty && !options.demo) return provisioningKiosk(options);
  const demo = empty;
  // The first start's demo central goes on serving the kiosk (not stopped and started again).
  const setUp = demo ? await setupDemo(options.dataDir, { central: true, keepCentral: true, ...(options.onProgress ? { onProgress: options.onProgress } : {}) }) : null;
  // What is open so far, undone in reverse order should a later step fail: a failed start leaves no
  // database handle, scanner port or listener behind. (A printer holds nothing open between jobs.)
  const opened: (() => unknown)[] = [];
  try {
    // The demo terminal's central runs alongside it (a child process), stopped with the kiosk.
    const central = setUp ?? (options.demo ? await serveDemoCentral(options.dataDir) : null);
    if (central) opened.push(() => central.stop());
    const terminal = openLotteryTerminal(options.dataDir);
    opened.unshift(() => terminal.close());
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
      detect: async () => {
        const probe = await probeDevices();
        return {
          devices: probe.devices.map((d) => ({ kind: d.kind, uri: d.uri, likely: likelyOf(d.guess), ...(d.product ? { product: d.product } : {}), ...(d.manufacturer ? { manufacturer: d.manufacturer } : {}) })),
          problems: probe.problems.length,
        };
      },
    };
    const selfCheck = options.selfCheck ?? (terminalMode(terminal) === 'self_check' ? DEFAULT_SELF_CHECK : undefined);
    let updates: UpdateLoop | null = null;
    const app = createApp({
      onTillClosed: () => void updates?.tillClosed(),
      terminal,
      devices,
      host: options.host,
      version: VERSION,
      ...(settings.language ? { language: settings.language } : {}),
      ...(selfCheck ? { selfCheck } : {}),
    });
    // Closing the application closes the terminal (and drops the event listeners).
    opened[0] = () => app.close();
    for (const s of scanners) {
      s.on('scan', (scan) => app.context.emit({ type: 'scan', scan: { data: scan.data, source: scan.source, receivedAt: scan.receivedAt, ...(scan.symbology ? { symbology: scan.symbology } : {}) } }));
      opened.push(() => s.close());
      await s.open();
    }
    // An enrolled terminal keeps its link with central in the background; a sale or payout never waits on it.
    let sync: SyncLoop | null = null;
    if (options.sync !== false && syncStateRow(terminal.db)) {
      sync = startSyncLoop(terminal, {
        onRound: (r) => {
          if (!r.ok) options.onSyncError?.(r.error instanceof Error ? r.error.message : String(r.error));
          // What the feed brought (a game suspended, #41) reaches the open screens at once, not at their next poll.
          else if ((r.report.pull?.applied ?? 0) > 0 && app.context.session) {
            statusOf(app.context).then(
              (status) => app.context.emit({ type: 'status', status }),
              () => undefined,
            );
          }
        },
      });
    }
    // …and looks for updates in the background, installing one when the till closes (#23).
    if (options.updates !== false && syncStateRow(terminal.db)) {
      const tuning = options.updates ?? {};
      const nodeModules = tuning.nodeModules ?? installationNodeModules();
      updates = startUpdateLoop(terminal, {
        ...tuning,
        paths: updatePaths(options.dataDir),
        running: runningSoftware(),
        ...(nodeModules ? { nodeModules } : {}),
        onRestart: (installed) => {
          console.log(`guichet: ${installed.en}; restarting`);
          if (options.onRestart) options.onRestart();
          else console.error('guichet: this host cannot restart itself: start it again to run the new version');
        },
      });
    }
    return {
      app,
      demo,
      selfCheck: selfCheck !== undefined,
      provisioned: true,
      ...(central ? { demoCentral: central.url } : {}),
      updates,
      async close() {
        await updates?.stop();
        await sync?.stop();
        for (const s of scanners) await s.close();
        app.close();
        await central?.stop();
      },
    };
  } catch (err) {
    await release(opened);
    throw err;
  }
}

/**
 * An empty data folder without --demo: never invent keys or PINs. The kiosk shows the provisioning
 * screen, whose form enrols the folder with central from the enrolment letter; the terminal's own
 * application then takes over under the same windows, without a restart.
 */
function provisioningKiosk(options: PrepareOptions): PreparedKiosk {
  let ready: PreparedKiosk | null = null;
  const app: SwitchableApp = switchableApp(
    createProvisioningApp({
      dataDir: options.dataDir,
      // A public self-check screen never enrols (#41): the terminal is set up by a technician.
      ...(options.selfCheck ? { selfCheck: options.selfCheck } : {}),
      enroll: async (letter) => {
        const enrolled = await enrollFromLetter(options.dataDir, letter);
        ready = await prepareKiosk({ ...options, demo: false });
        app.switchTo(ready.app);
        return enrolled;
      },
    }),
  );
  return {
    app,
    demo: false,
    selfCheck: options.selfCheck !== undefined,
    provisioned: false,
    updates: null,
    close: async () => {
      if (ready) await ready.close();
      else app.close();
    },
  };
}

/** Undoes the steps, last first; one that fails is reported and the others still run. */
async function release(steps: readonly (() => unknown)[]): Promise<void> {
  for (const step of [...steps].reverse()) {
    try {
      await step();
    } catch (err) {
      console.error(`guichet: while releasing a failed start: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
