/**
 * Operator login (and the quick operator switch): pick a name, type the PIN on the keyboard or the
 * pad, Enter. Keyboard: digits 1–9 pick the n-th operator, Escape goes back. Refusals come from the
 * API codes (wrong-pin, locked, disabled …), translated. The operators come from the session's info, read
 * again whenever nobody is logged in (shell/session.tsx), so a new operator appears at once.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AppInfo, OperatorView, Role } from '../../../../common/api/views.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { PinPad } from '../../components/PinPad.js';
import { useT } from '../../i18n/index.js';
import { useScans } from '../../scan/ScanProvider.js';
import { useEscape } from '../../shell/hotkeys.js';
import { chosenOperator } from './chosen-operator.js';

export interface LoginScreenProps {
  readonly operators: AppInfo['operators'];
  /** Shown under the card on the first login (the status bar shows it once logged in). */
  readonly terminalId?: string;
  readonly mode: 'login' | 'switch';
  /** The operator now at the counter (switch mode): shown, and still logged in if the switch is cancelled. */
  readonly current?: OperatorView | null;
  /** Why nobody is logged in any more: an operator logged out for inactivity (login mode). */
  readonly idleLogout?: { readonly operator: string; readonly minutes: number } | null;
  onDone(operator: OperatorView): void;
  onCancel?(): void;
}

const ROLE_ICON: Record<Role, string> = { cashier: '€', manager: '★', technician: '⚙' };
const MAX_PIN = 8;

export function LoginScreen(props: LoginScreenProps) {
  const api = useApi();
  const t = useT();
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = chosenOperator(props.operators, picked);
  const [pin, setPin] = useState('');
  const { busy, error, setError, run } = useAction();
  const pinRef = useRef<HTMLInputElement>(null);
  const firstRef = useRef<HTMLButtonElement>(null);

  // Scans mean nothing here: keep them from the screen underneath.
  useScans(() => undefined);

  function back(): void {
    setPicked(null);
    setPin('');
    setError(null);
  }

  useEscape(() => {
    if (chosen !== null && props.operators.length > 1) {
      back();
      return true;
    }
    if (props.onCancel) {
      props.onCancel();
      return true;
    }
    return true;
  });

  // The keyboard goes where the next keystroke is expected: the list, or the PIN field — again after a
  // refusal, once the field is enabled (a disabled field cannot hold the focus).
  useEffect(() => {
    if (chosen === null) firstRef.current?.focus();
    else if (!busy) pinRef.current?.focus();
  }, [chosen, busy, error]);

  // Digits pick an operator on the list.
  useEffect(() => {
    if (chosen !== null) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (!/^[1-9]$/.test(e.key)) return;
      const op = props.operators[Number(e.key) - 1];
      if (op) {
        e.preventDefault();
        pick(op.name);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  function pick(name: string): void {
    setPicked(name);
    setPin('');
    setError(null);
  }

  async function submit(e?: FormEvent): Promise<void> {
    e?.preventDefault();
    if (chosen === null || busy) return;
    // Read the field itself: keys re-inserted by the scan router may be newer than the last render.
    const value = (pinRef.current?.value ?? pin).replace(/\D/g, '');
    if (value.length < 4) {
      setError(t('error.malformed-pin'));
      return;
    }
    const operator = await run(() => api.call('auth.login', { name: chosen, pin: value }));
    if (operator) {
      props.onDone(operator);
      return;
    }
    setPin('');
  }

  const title = props.mode === 'switch' ? t('login.switchTitle') : t('login.title');
  return (
    <div className={props.mode === 'switch' ? 'login login-overlay' : 'login'} data-testid="login-screen">
      <div className="login-card">
        <header className="login-head">
          <div className="brand brand-large">
            <span className="brand-mark" aria-hidden="true">G</span>
            {t('app.name')}
          </div>
          <h1>{title}</h1>
          {props.mode === 'login' && props.idleLogout && (
            <p className="banner banner-warn" role="status" data-testid="login-idle-logout">
              {t('login.idleLogout', { name: props.idleLogout.operator, minutes: props.idleLogout.minutes })}
            </p>
          )}
          {chosen === null && <p className="muted">{t('login.subtitle')}</p>}
        </header>

        {chosen === null ? (
          <div className="operator-list" role="list">
            {props.operators.length === 0 && <p>{t('login.noOperators')}</p>}
            {props.operators.map((op, i) => (
              <button
                key={op.name}
                ref={i === 0 ? firstRef : undefined}
                type="button"
                role="listitem"
                className={`operator-card role-${op.role}${props.current?.name === op.name ? ' is-current' : ''}`}
                data-testid={`operator-${op.name}`}
                onClick={() => pick(op.name)}
              >
                <span className="operator-avatar" aria-hidden="true">
                  {ROLE_ICON[op.role]}
                </span>
                <span className="operator-name">{op.name}</span>
                <span className="operator-role">{t(`role.${op.role}`)}</span>
                {i < 9 && (
                  <kbd className="operator-key" aria-hidden="true">
                    {i + 1}
                  </kbd>
                )}
              </button>
            ))}
          </div>
        ) : (
          <form className="pin-form" onSubmit={(e) => void submit(e)} data-testid="pin-form">
            <label className="pin-label" htmlFor="pin">
              {t('login.pinFor', { name: chosen })}
            </label>
            <input
              id="pin"
              ref={pinRef}
              className="pin-input"
              data-testid="pin-input"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={MAX_PIN}
              value={pin}
              disabled={busy}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, MAX_PIN))}
            />
            <ErrorBanner message={error} testId="login-error" />
            <PinPad
              disabled={busy}
              submitDisabled={pin.length < 4}
              onDigit={(d) => setPin((p) => (p + d).slice(0, MAX_PIN))}
              onErase={() => setPin((p) => p.slice(0, -1))}
              onSubmit={() => void submit()}
            />
            {busy && <p className="muted">{t('login.busy')}</p>}
          </form>
        )}

        <footer className="login-foot">
          {chosen !== null && props.operators.length > 1 && (
            <button type="button" className="btn btn-ghost" data-testid="login-back" onClick={back}>
              ← {t('login.back')} <kbd>Esc</kbd>
            </button>
          )}
          {props.onCancel && (
            <button type="button" className="btn btn-ghost" data-testid="login-cancel" onClick={props.onCancel}>
              {t('login.cancel')}
            </button>
          )}
        </footer>
      </div>
      {props.mode === 'login' && props.terminalId && (
        <p className="login-terminal" data-testid="terminal-id">
          {props.terminalId}
        </p>
      )}
    </div>
  );
}
