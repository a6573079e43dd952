/** Hash routes: `#/validate`, `#/sell` … (`#/display` is the customer display, outside the shell). */
import { useSyncExternalStore } from 'react';

/** Normalises a screen id or route ('validate', '/validate', '#/validate') to the bare id. */
export function routeId(idOrRoute: string): string {
  return idOrRoute.replace(/^#?\/?/, '').split(/[/?]/)[0] ?? '';
}

export function currentRoute(): string {
  return routeId(window.location.hash);
}

/**
 * A screen holding something unfinished (a sale in progress) registers a guard: given the way to go
 * on, it returns true when it takes over (asks first, and calls `proceed` if the person says so).
 */
export type LeaveGuard = (proceed: () => void) => boolean;
let leaveGuard: LeaveGuard | null = null;

/** Installs the guard; returns the function that removes it. */
export function setLeaveGuard(guard: LeaveGuard): () => void {
  leaveGuard = guard;
  return () => {
    if (leaveGuard === guard) leaveGuard = null;
  };
}

/** Opens a screen by id (asking the current screen's guard first, when it has one). */
export function navigate(id: string): void {
  const target = `#/${routeId(id)}`;
  if (window.location.hash === target) return;
  const go = () => {
    if (window.location.hash !== target) window.location.hash = target;
  };
  if (leaveGuard?.(go)) return;
  go();
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The current route id; re-renders on change. */
export function useRoute(): string {
  return useSyncExternalStore(subscribe, currentRoute);
}
