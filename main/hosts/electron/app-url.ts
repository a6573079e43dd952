/**
 * The Electron windows' own origin: the built renderer is served on a privileged custom scheme,
 * `guichet://app/`, never from `file://` and never over the network. Everything else (navigation,
 * IPC senders, event recipients) is judged against this one origin.
 */

export const APP_SCHEME = 'guichet';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** The renderer's routes: the cashier's screen and the customer-facing display (`#/display`). */
export type AppRoute = 'main' | 'display';

/** The URL a window of the given role loads. */
export function appUrl(route: AppRoute): string {
  return route === 'display' ? `${APP_ORIGIN}/index.html#/display` : `${APP_ORIGIN}/index.html`;
}

/** True when `url` belongs to the app's own origin (`guichet://app/…`), whatever its path and hash. */
export function isAppUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
}
