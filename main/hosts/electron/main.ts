/**
 * The Electron app's entry (built to `out/main/hosts/electron/main.js`): registers the `guichet://` scheme,
 * hardens every session and web contents, prepares the terminal (the demo one with --demo, else the
 * provisioning screen on an empty data folder), then opens the cashier's window and, on a second
 * screen, the customer's (each with its own preload). One instance at a time. Kiosk mode is decided
 * again once the terminal is open: a packaged build leaves it only while a technician's allowance is in force.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, protocol, session } from 'electron';
import { prepareKiosk, rendererDir, type PreparedKiosk } from '../kiosk/prepare.js';
import { registerIpc } from './ipc.js';
import { kioskExitAllowedUntil } from '../../services/terminal/kiosk-exit.js';
import { applyKioskMenu, kioskDecision } from './kiosk.js';
import { electronOptions } from './options.js';
import { installAppProtocol, registerAppScheme } from './protocol.js';
import { hardenSession, hardenWebContents } from './security.js';
import { WindowRegistry } from './window-registry.js';
import { openWindows } from './windows.js';
import { selfCheckFromEnv } from '../kiosk/self-check-options.js';
import { RESTART_EXIT_CODE } from '../../services/updates/loop.js';

const options = electronOptions(process.argv, process.env, app.isPackaged);
const here = path.dirname(fileURLToPath(import.meta.url));
const preload = path.join(here, 'preload.cjs');
const displayPreload = path.join(here, 'display-preload.cjs');
/** Kiosk mode: the strict decision until the terminal's override can be read, then the final one. */
let kiosk = options.kiosk;
const windows = new WindowRegistry();
/** An update was installed (#23): quit with RESTART_EXIT_CODE, and the launcher starts the new version. */
let restartForUpdate = false;

// Before the app is ready: the scheme's privileges, and the sandbox for every renderer.
registerAppScheme();
app.enableSandbox();

async function start(): Promise<void> {
  await app.whenReady();
  hardenSession(session.defaultSession);
  installAppProtocol(protocol, rendererDir());
  let prepared: PreparedKiosk;
  try {
    const selfCheck = selfCheckFromEnv(process.env);
    prepared = await prepareKiosk({
      dataDir: options.dataDir,
      host: 'electron',
      ...(selfCheck ? { selfCheck } : {}),
      demo: options.demo,
      ...(options.printer ? { printer: options.printer } : {}),
      onProgress: (step) => console.log(`guichet: ${step}`),
      onRestart: () => {
        restartForUpdate = true;
        app.quit();
      },
    });
  } catch (err) {
    dialog.showErrorBox('Guichet', `The terminal could not start (${options.dataDir}): ${err instanceof Error ? err.message : String(err)}`);
    app.exit(1);
    return;
  }
  const decision = kioskDecision({
    argv: process.argv,
    env: process.env,
    packaged: app.isPackaged,
    exitAllowed: prepared.app.context ? kioskExitAllowedUntil(prepared.app.context.terminal) !== null : false,
  });
  if (decision.ignored) console.warn(`guichet: kiosk mode kept: ${decision.ignored}`);
  kiosk = decision.kiosk;
  applyKioskMenu(kiosk);
  const stopIpc = registerIpc(prepared.app, windows);
  openWindows({ preload, displayPreload, kiosk, windows, forceCustomerDisplay: options.forceCustomerDisplay });
  app.on('window-all-closed', () => app.quit());
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    closed = true;
    stopIpc();
    void prepared.close().finally(() => (restartForUpdate ? app.exit(RESTART_EXIT_CODE) : app.quit()));
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, { kiosk }));
  app.on('second-instance', () => {
    const main = windows.get('main');
    if (main) {
      if (main.isMinimized()) main.restore();
      main.focus();
    }
  });
  start().catch((err: unknown) => {
    console.error('guichet: the Electron app failed to start', err);
    app.exit(1);
  });
}
