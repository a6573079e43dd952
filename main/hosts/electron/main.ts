/**
 * The Electron app's entry (built to `out/main/hosts/electron/main.js`): registers the `guichet://` scheme,
 * hardens every session and web contents, prepares the terminal (the demo one with --demo, else the provisioning screen on an empty data folder), then opens
 * the cashier's window and, on a second screen, the customer's. One instance at a time.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, protocol, session } from 'electron';
import { prepareKiosk, rendererDir, type PreparedKiosk } from '../kiosk/prepare.js';
import { registerIpc } from './ipc.js';
import { applyKioskMenu } from './kiosk.js';
import { electronOptions } from './options.js';
import { installAppProtocol, registerAppScheme } from './protocol.js';
import { hardenSession, hardenWebContents } from './security.js';
import { WindowRegistry } from './window-registry.js';
import { openWindows } from './windows.js';
import { selfCheckFromEnv } from '../kiosk/self-check-options.js';

const options = electronOptions(process.argv, process.env, app.isPackaged);
const preload = path.join(path.dirname(fileURLToPath(import.meta.url)), 'preload.cjs');
const windows = new WindowRegistry();

// Before the app is ready: the scheme's privileges, and the sandbox for every renderer.
registerAppScheme();
app.enableSandbox();

async function start(): Promise<void> {
  await app.whenReady();
  hardenSession(session.defaultSession);
  installAppProtocol(protocol, rendererDir());
  applyKioskMenu(options.kiosk);
  let kiosk: PreparedKiosk;
  try {
    const selfCheck = selfCheckFromEnv(process.env);
    kiosk = await prepareKiosk({
      dataDir: options.dataDir,
      host: 'electron',
      ...(selfCheck ? { selfCheck } : {}),
      demo: options.demo,
      ...(options.printer ? { printer: options.printer } : {}),
      onProgress: (step) => console.log(`guichet: ${step}`),
    });
  } catch (err) {
    dialog.showErrorBox('Guichet', `The terminal could not start (${options.dataDir}): ${err instanceof Error ? err.message : String(err)}`);
    app.exit(1);
    return;
  }
  const stopIpc = registerIpc(kiosk.app, windows);
  openWindows({ preload, kiosk: options.kiosk, windows, forceCustomerDisplay: options.forceCustomerDisplay });
  app.on('window-all-closed', () => app.quit());
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    closed = true;
    stopIpc();
    void kiosk.close().finally(() => app.quit());
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, { kiosk: options.kiosk }));
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
