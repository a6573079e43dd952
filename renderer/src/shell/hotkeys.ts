/**
 * Keys of the whole kiosk: F1–F12 open screens (from SCREENS) or run shell actions; Escape goes back.
 * A screen that has its own "back" (close a dialog, leave a step) registers it with `useEscape`; the
 * newest registration runs first, and the shell's default (go home) runs when nobody handled it.
 */
import { useEffect, useRef } from 'react';

type EscapeHandler = () => boolean | void;
const escapeStack: { run: EscapeHandler }[] = [];

/**
 * Handles Escape while the component is mounted. Return false from the handler to pass Escape on
 * (to the previous registration, and finally to the shell's "go home").
 */
export function useEscape(handler: EscapeHandler, active = true): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!active) return undefined;
    const entry = { run: () => latest.current() };
    escapeStack.push(entry);
    return () => {
      const i = escapeStack.indexOf(entry);
      if (i >= 0) escapeStack.splice(i, 1);
    };
  }, [active]);
}

/** Runs the Escape handlers from the newest; true when one of them took it. */
export function runEscape(): boolean {
  for (let i = escapeStack.length - 1; i >= 0; i -= 1) {
    const entry = escapeStack[i];
    if (entry && entry.run() !== false) return true;
  }
  return false;
}

/** F1…F12 as `KeyboardEvent.key` names. */
export function isFunctionKey(key: string): boolean {
  return /^F([1-9]|1[0-2])$/.test(key);
}

/**
 * Listens to keydown on the window (bubble phase, after the wedge decoder): `onKey` gets F-keys and
 * Escape; returning true swallows the key (F5 no longer reloads, F11/F12 do nothing of the browser's).
 */
export function useGlobalKeys(onKey: (key: string, event: KeyboardEvent) => boolean): void {
  const latest = useRef(onKey);
  latest.current = onKey;
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (!isFunctionKey(e.key) && e.key !== 'Escape') return;
      if (latest.current(e.key, e)) e.preventDefault();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
