/**
 * A numeric keypad for touch: digits, erase, and the confirm key. It only reports presses; the field
 * that holds the digits belongs to the caller (so a physical keyboard and the pad fill the same field).
 */
import type { MouseEvent } from 'react';
import { useT } from '../i18n/index.js';

export interface PinPadProps {
  onDigit(digit: string): void;
  onErase(): void;
  onSubmit(): void;
  /** Label of the confirm key (default: login.submit). */
  submitLabel?: string;
  disabled?: boolean;
  submitDisabled?: boolean;
}

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export function PinPad(props: PinPadProps) {
  const t = useT();
  // Buttons never take focus from the field (mouse down is cancelled), so typing keeps going there.
  const keep = (e: MouseEvent) => e.preventDefault();
  return (
    <div className="pinpad" role="group" aria-label={t('pinpad.label')}>
      {DIGITS.map((d) => (
        <button key={d} type="button" className="pinpad-key" data-testid={`pinpad-${d}`} disabled={props.disabled} onMouseDown={keep} onClick={() => props.onDigit(d)}>
          {d}
        </button>
      ))}
      <button type="button" className="pinpad-key pinpad-erase" data-testid="pinpad-erase" disabled={props.disabled} onMouseDown={keep} onClick={props.onErase}>
        ⌫<span className="sr-only">{t('login.erase')}</span>
      </button>
      <button type="button" className="pinpad-key" data-testid="pinpad-0" disabled={props.disabled} onMouseDown={keep} onClick={() => props.onDigit('0')}>
        0
      </button>
      <button
        type="button"
        className="pinpad-key pinpad-ok"
        data-testid="pinpad-ok"
        disabled={props.disabled || props.submitDisabled}
        onMouseDown={keep}
        onClick={props.onSubmit}
      >
        {props.submitLabel ?? t('login.submit')}
      </button>
    </div>
  );
}
