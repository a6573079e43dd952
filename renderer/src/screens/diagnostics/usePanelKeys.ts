/**
 * Alt + a digit as shortcuts on a screen (Alt+1 … on the digit row or the numeric keypad, whatever the
 * keyboard's layout). Bare digits are never shortcuts: a technician typing "12345", or a scanner
 * typing a barcode, would otherwise print, check and export at each digit.
 */
import { useEffect, useRef } from 'react';

/** The digit of an Alt+digit key press, from its physical key (layout-independent), else null. */
export function altDigit(e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code' | 'key'>): string | null {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  const physical = /^(?:Digit|Numpad)(\d)$/.exec(e.code);
  if (physical) return physical[1] as string;
  return /^\d$/.test(e.key) ? e.key : null;
}

export function useAltDigitKeys(actions: Readonly<Record<string, () => void>>): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const digit = altDigit(e);
      const action = digit === null ? undefined : latest.current[digit];
      if (action) {
        e.preventDefault();
        action();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
