/**
 * An amount in euros, typed on the keyboard's numeric keypad or tapped on the touch pad: digits, the
 * decimal separator, erase, Enter. The caller owns the text (so both fill the same field).
 */
import { forwardRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useLanguage, useT } from '../../i18n/index.js';

export interface AmountFieldProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  onChange(value: string): void;
  /** Enter in the field or the pad's confirm key. */
  onSubmit(): void;
  readonly submitLabel?: string;
  readonly submitDisabled?: boolean;
  readonly disabled?: boolean;
  readonly testId?: string;
  /** Show the touch keypad (default true). */
  readonly pad?: boolean;
  onKeyDown?(e: KeyboardEvent<HTMLInputElement>): void;
}

const KEYS = ['7', '8', '9', '4', '5', '6', '1', '2', '3'];

export const AmountField = forwardRef<HTMLInputElement, AmountFieldProps>(function AmountField(props, ref) {
  const t = useT();
  const [language] = useLanguage();
  const sep = language === 'en' ? '.' : ',';
  const keep = (e: MouseEvent) => e.preventDefault();
  const type = (s: string) => props.onChange((props.value + s).slice(0, 12));
  return (
    <div className="amount-field">
      <label className="field" htmlFor={props.id}>
        <span className="field-label">{props.label}</span>
        <span className="amount-input-wrap">
          <input
            ref={ref}
            id={props.id}
            className="input amount-input"
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            placeholder={`0${sep}00`}
            value={props.value}
            disabled={props.disabled}
            data-testid={props.testId}
            data-keep-typed=""
            onChange={(e) => props.onChange(e.target.value.replace(/[^\d.,]/g, ''))}
            onKeyDown={(e) => {
              props.onKeyDown?.(e);
              if (e.defaultPrevented) return;
              if (e.key === 'Enter') {
                e.preventDefault();
                props.onSubmit();
              }
            }}
          />
          <span className="amount-currency" aria-hidden="true">
            €
          </span>
        </span>
      </label>
      {props.pad !== false && (
        <div className="keypad" role="group" aria-label={t('pinpad.label')}>
          {KEYS.map((k) => (
            <button
              key={k}
              type="button"
              className="keypad-key"
              tabIndex={-1}
              disabled={props.disabled}
              onMouseDown={keep}
              onClick={() => type(k)}
              data-testid={props.testId ? `${props.testId}-key-${k}` : undefined}
            >
              {k}
            </button>
          ))}
          <button type="button" className="keypad-key" tabIndex={-1} disabled={props.disabled} onMouseDown={keep} onClick={() => type(sep)}>
            {sep}
          </button>
          <button
            type="button"
            className="keypad-key"
            tabIndex={-1}
            disabled={props.disabled}
            onMouseDown={keep}
            onClick={() => type('0')}
            data-testid={props.testId ? `${props.testId}-key-0` : undefined}
          >
            0
          </button>
          <button
            type="button"
            className="keypad-key keypad-erase"
            tabIndex={-1}
            disabled={props.disabled}
            onMouseDown={keep}
            onClick={() => props.onChange(props.value.slice(0, -1))}
          >
            ⌫<span className="sr-only">{t('login.erase')}</span>
          </button>
          {props.submitLabel && (
            <button
              type="button"
              className="keypad-key keypad-ok"
              tabIndex={-1}
              disabled={props.disabled || props.submitDisabled}
              onMouseDown={keep}
              onClick={props.onSubmit}
              data-testid={props.testId ? `${props.testId}-ok` : undefined}
            >
              {props.submitLabel}
            </button>
          )}
        </div>
      )}
    </div>
  );
});
