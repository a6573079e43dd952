/** Hash routes: `#/validate`, `#/sell` … (`#/display` is the customer display, outside the shell). */
import { useSyncExternalStore } from 'react';

/** Normalises a screen id or route ('validate', '/validate', '#/validate') to the bare id. */
export function routeId(idOrRoute: string): string {
  return idOrRoute.replace(/^#?\/?/, '').split(/[/?]/)[0] ?? '';
}

export function currentRoute(): string {
  return routeId(window.location.hash);
}

/** Opens a screen by id. */
export function navigate(id: string): void {
  const target = `#/${routeId(id)}`;
  if (window.location.hash !== target) window.location.hash = target;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The current route id; re-renders on change. */
export function useRoute(): string {
  return useSyncExternalStore(subscribe, currentRoute);
}
