/**
 * The cashier's window and, when a second screen exists, the customer-facing window on it
 * (the renderer's `#/display` route). The customer window follows the screens: it opens when one is
 * plugged in and closes when it goes. It never takes the keyboard focus, so the scanner's keystrokes
 * always reach the cashier's window. It gets its own preload, which exposes only what it shows.
 */
import { screen, type BrowserWindow, type Display } from 'electron';
import { appUrl } from './app-url.js';
import { kioskWindowOptions } from './kiosk.js';
import { createSecureWindow } from './security.js';
import type { WindowRegistry } from './window-registry.js';

export interface WindowOptions {
  /** Absolute path of the cashier window's built preload (`preload.cjs`). */
  readonly preload: string;
  /** Absolute path of the customer display's built preload (`display-preload.cjs`): its language and display events only. */
  readonly displayPreload: string;
  readonly kiosk: boolean;
  readonly windows: WindowRegistry;
}

const BACKGROUND = '#101418';

/** The screen for the customer: the first one that is not the primary screen. */
export function externalDisplay(displays: readonly Display[], primary: Display): Display | undefined {
  return displays.find((d) => d.id !== primary.id);
}

/** Opens the cashier's window (shown once its first paint is ready). */
export function createMainWindow(options: WindowOptions): BrowserWindow {
  const window = createSecureWindow(
    { title: 'Guichet', show: false, backgroundColor: BACKGROUND, ...kioskWindowOptions(options.kiosk) },
    { preload: options.preload, kiosk: options.kiosk },
  );
  options.windows.add(window, 'main');
  window.once('ready-to-show', () => window.show());
  void window.loadURL(appUrl('main'));
  return window;
}

/** Opens the customer window on `display` (its whole area in kiosk mode), or as a plain window when none is given. */
export function createCustomerWindow(options: WindowOptions, display?: Display): BrowserWindow {
  const area = display?.bounds;
  const window = createSecureWindow(
    {
      title: 'Guichet — client',
      show: false,
      backgroundColor: BACKGROUND,
      focusable: false,
      ...(options.kiosk ? kioskWindowOptions(true) : { width: 800, height: 600 }),
      ...(area ? { x: area.x, y: area.y } : {}),
      ...(area && !options.kiosk ? { width: area.width, height: area.height } : {}),
    },
    { preload: options.displayPreload, kiosk: options.kiosk },
  );
  options.windows.add(window, 'customer');
  window.once('ready-to-show', () => window.showInactive());
  void window.loadURL(appUrl('display'));
  return window;
}

/** Opens or closes the customer window so that it exists exactly when a second screen does (or when forced). */
export function syncCustomerWindow(options: WindowOptions, force = false): void {
  const display = externalDisplay(screen.getAllDisplays(), screen.getPrimaryDisplay());
  const current = options.windows.get('customer');
  if (display || force) {
    if (!current) createCustomerWindow(options, display);
  } else if (current) {
    current.destroy();
  }
}

/**
 * Opens the windows and keeps the customer window in step with the screens. Closing the cashier's
 * window closes the customer one too (the app then quits).
 */
export function openWindows(options: WindowOptions & { readonly forceCustomerDisplay?: boolean }): BrowserWindow {
  const force = options.forceCustomerDisplay ?? false;
  const main = createMainWindow(options);
  syncCustomerWindow(options, force);
  const resync = (): void => syncCustomerWindow(options, force);
  screen.on('display-added', resync);
  screen.on('display-removed', resync);
  main.once('closed', () => {
    screen.off('display-added', resync);
    screen.off('display-removed', resync);
    options.windows.get('customer')?.destroy();
  });
  return main;
}
