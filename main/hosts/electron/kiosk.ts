/**
 * Kiosk mode, for production: the windows take the whole screen, there is no menu (so no reload or
 * devtools shortcuts) and devtools are off. On with `--kiosk` or `GUICHET_KIOSK=1`, and always in a
 * packaged build: there `GUICHET_KIOSK=0` or `--no-kiosk` is obeyed only while a technician's override
 * is in force (`guichet kiosk-exit allow`, journaled; main/services/terminal/kiosk-exit.ts). In a
 * developer's checkout it is off unless asked for.
 */
import { Menu, type BrowserWindowConstructorOptions } from 'electron';

export interface KioskSource {
  readonly argv: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** `app.isPackaged`: an installed build rather than a developer's checkout. */
  readonly packaged: boolean;
  /** A technician allowed this terminal out of kiosk mode, and the allowance has not expired. */
  readonly exitAllowed?: boolean;
}

export interface KioskDecision {
  readonly kiosk: boolean;
  /** Set when a request to leave kiosk mode was ignored: why. */
  readonly ignored?: string;
}

/** Whether the windows run as a kiosk, and whether a request to leave it was ignored. */
export function kioskDecision({ argv, env, packaged, exitAllowed = false }: KioskSource): KioskDecision {
  if (argv.includes('--kiosk') || env.GUICHET_KIOSK === '1') return { kiosk: true };
  const offAsked = argv.includes('--no-kiosk') || env.GUICHET_KIOSK === '0';
  if (!packaged) return { kiosk: false };
  if (!offAsked) return { kiosk: true };
  if (exitAllowed) return { kiosk: false };
  return { kiosk: true, ignored: 'a packaged terminal leaves kiosk mode only while a technician allows it (guichet kiosk-exit allow)' };
}

/** Whether the windows run as a kiosk. */
export function isKioskMode(source: KioskSource): boolean {
  return kioskDecision(source).kiosk;
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
