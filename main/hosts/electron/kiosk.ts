/**
 * Kiosk mode, for production: the windows take the whole screen, there is no menu (so no reload or
 * devtools shortcuts) and devtools are off. On with `--kiosk` or `GUICHET_KIOSK=1`, and by default
 * in a packaged build (`GUICHET_KIOSK=0` turns it off there).
 */
import { Menu, type BrowserWindowConstructorOptions } from 'electron';

export interface KioskSource {
  readonly argv: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** `app.isPackaged`: an installed build rather than a developer's checkout. */
  readonly packaged: boolean;
}

/** Whether the windows run as a kiosk. */
export function isKioskMode({ argv, env, packaged }: KioskSource): boolean {
  if (argv.includes('--kiosk')) return true;
  if (env.GUICHET_KIOSK === '1') return true;
  if (env.GUICHET_KIOSK === '0') return false;
  return packaged;
}

/** Window options for the mode: full screen, frameless, unclosable by the menu in kiosk; a plain window otherwise. */
export function kioskWindowOptions(kiosk: boolean): BrowserWindowConstructorOptions {
  if (kiosk) {
    return { kiosk: true, fullscreen: true, frame: false, autoHideMenuBar: true, fullscreenable: true, minimizable: false };
  }
  return { width: 1280, height: 800, autoHideMenuBar: true };
}

/** Removes the application menu in kiosk mode (and with it every menu accelerator); keeps it otherwise. */
export function applyKioskMenu(kiosk: boolean): void {
  if (kiosk) Menu.setApplicationMenu(null);
}
