/**
 * A modal question with its choices, for the keyboard as much as for touch: the safe choice has the
 * focus when it opens (or the element marked `data-autofocus`: a choice's `autoFocus`, a field of the
 * question's own), Tab cycles through the choices and fields, Escape picks the safe one, and the focus
 * goes back where it was when it closes (where the next keystroke is expected).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useEscape } from '../shell/hotkeys.js';

export interface DialogChoice {
  readonly label: string;
  readonly testId: string;
  readonly tone?: 'primary' | 'danger' | 'plain';
  /** Focused when the dialog opens instead of the safe choice (Enter then picks it). */
  readonly autoFocus?: boolean;
  onChoose(): void;
}

export interface ConfirmDialogProps {
  readonly title: string;
  readonly children?: ReactNode;
  readonly testId: string;
  /** The choices, the safe one (Escape, focused first) first. */
  readonly choices: readonly [DialogChoice, ...DialogChoice[]];
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const first = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const marked = box.current?.querySelector<HTMLElement>('[data-autofocus]');
    (marked ?? first.current)?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);
  useEscape(() => {
    props.choices[0].onChoose();
    return true;
  });
  // Keep Tab inside the dialog.
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Tab') return;
    const buttons = Array.from(box.current?.querySelectorAll<HTMLElement>('button, input, select, textarea') ?? []);
    const i = buttons.indexOf(document.activeElement as HTMLElement);
    const next = buttons[(i + (e.shiftKey ? -1 : 1) + buttons.length) % buttons.length];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };
  return (
    <div className="dialog-backdrop">
      <div ref={box} className="dialog card" role="alertdialog" aria-modal="true" aria-labelledby={`${props.testId}-title`} data-testid={props.testId} onKeyDown={onKeyDown}>
        <h2 id={`${props.testId}-title`}>{props.title}</h2>
        {props.children}
        <div className="dialog-actions">
          {props.choices.map((c, i) => (
            <button
              key={c.testId}
              ref={i === 0 ? first : undefined}
              type="button"
              className={`btn ${c.tone === 'danger' ? 'btn-danger' : c.tone === 'primary' ? 'btn-primary' : ''}`}
              data-testid={c.testId}
              data-autofocus={c.autoFocus ? '' : undefined}
              onClick={c.onChoose}
            >
              {c.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
