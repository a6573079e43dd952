/**
 * An application the host can swap under its windows: the provisioning app of an empty data folder,
 * then, once the screen has enrolled the folder, the terminal's own, without a restart. Calls and
 * events go to the current one; listeners follow it across the swap.
 */
import type { AppEvent } from '../../common/api/events.js';
import type { HostApp } from './app.js';

export interface SwitchableApp extends HostApp {
  /** Serves `next` from now on and closes the one it replaces. */
  switchTo(next: HostApp): void;
}

export function switchableApp(first: HostApp): SwitchableApp {
  let current = first;
  const listeners = new Map<(event: AppEvent) => void, () => void>();
  return {
    get context() {
      return current.context;
    },
    call: (method, input) => current.call(method, input),
    subscribe(listener) {
      listeners.set(listener, current.subscribe(listener));
      return () => {
        listeners.get(listener)?.();
        listeners.delete(listener);
      };
    },
    switchTo(next) {
      const before = current;
      current = next;
      for (const [listener, stop] of listeners) {
        stop();
        listeners.set(listener, next.subscribe(listener));
      }
      before.close();
    },
    close: () => current.close(),
  };
}
