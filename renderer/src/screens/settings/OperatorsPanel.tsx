/**
 * The operators, for the manager, without the CLI: a locked operator is unlocked here; an operator is
 * added (name, role, PIN fitting the role), given a new PIN, or disabled for good (asked first: names
 * are never reused). A PIN the manager gives is typed twice, and two that differ are refused before any call. Each act is journaled by the services (operator.unlock|add|pin|disable).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { OperatorAdminView } from '../../../../common/api/methods/operators.js';
import type { Role } from '../../../../common/api/views.js';
import { useApi } from '../../api/context.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { hourMinute } from '../../format.js';
import { errorText } from '../../i18n/errors.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { useSession } from '../../shell/session.js';

function lockOf(o: OperatorAdminView, now: number): 'manager' | 'timed' | null {
  if (o.locked_until_unlock) return 'manager';
  if (o.locked_until && Date.parse(o.locked_until) > now) return 'timed';
  return null;
}

const ROLES: readonly Role[] = ['cashier', 'manager', 'technician'];

export function OperatorsPanel() {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const { operator: me } = useSession();
  const [operators, setOperators] = useState<readonly OperatorAdminView[] | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [pinFor, setPinFor] = useState<string | null>(null);
  const [newPin, setNewPin] = useState('');
  const [newPinAgain, setNewPinAgain] = useState('');
  const [disabling, setDisabling] = useState<string | null>(null);
  const [adding, setAdding] = useState({ name: '', role: 'cashier' as Role, pin: '', again: '' });
  const panel = useRef<HTMLElement>(null);

  const load = useCallback(() => {
    api.call('operators.list', {}).then(setOperators, (err: unknown) => setNotice({ ok: false, text: errorText(t, err) }));
  }, [api, t]);
  useEffect(load, [load]);

  /** Runs one act; says what it did or why not; the list read again. */
  const act = async (run: () => Promise<unknown>, done: string, after?: () => void): Promise<void> => {
    setBusy(true);
    setNotice(null);
    try {
      await run();
      setNotice({ ok: true, text: done });
      after?.();
      load();
    } catch (err) {
      setNotice({ ok: false, text: errorText(t, err) });
    } finally {
      setBusy(false);
      // The button may be gone: keep the keyboard in the panel.
      if (!panel.current?.contains(document.activeElement)) panel.current?.querySelector<HTMLElement>('button:not(:disabled)')?.focus();
    }
  };

  const unlock = (name: string) => act(() => api.call('operators.unlock', { name }), t('settings.operators.unlocked', { name }));
  /** Two PINs that differ: said, both fields emptied to be typed again; false then. */
  const samePins = (pin: string, again: string, clear: () => void): boolean => {
    if (pin === again) return true;
    setNotice({ ok: false, text: t('settings.operators.pinMismatch') });
    clear();
    return false;
  };
  const setPin = (e: FormEvent) => {
    e.preventDefault();
    const name = pinFor;
    if (!name) return;
    if (!samePins(newPin, newPinAgain, () => (setNewPin(''), setNewPinAgain(''), panel.current?.querySelector<HTMLElement>('#operator-new-pin')?.focus()))) return;
    void act(() => api.call('operators.set-pin', { name, pin: newPin }), t('settings.operators.pinSet', { name }), () => {
      setPinFor(null);
      setNewPin('');
      setNewPinAgain('');
    });
  };
  const disable = (name: string) => {
    setDisabling(null);
    void act(() => api.call('operators.disable', { name }), t('settings.operators.disabled', { name }));
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!samePins(adding.pin, adding.again, () => (setAdding({ ...adding, pin: '', again: '' }), panel.current?.querySelector<HTMLElement>('#operator-add-pin')?.focus()))) return;
    const input = { name: adding.name.trim(), role: adding.role, pin: adding.pin };
    void act(() => api.call('operators.add', input), t('settings.operators.added', { name: input.name, role: t(`role.${input.role}`) }), () =>
      setAdding({ name: '', role: 'cashier', pin: '', again: '' }),
    );
  };

  const now = Date.now();
  return (
    <section ref={panel} className="card settings-card settings-operators" aria-labelledby="settings-operators" data-testid="settings-operators">
      <h2 id="settings-operators">{t('settings.operators')}</h2>
      <p className="muted">{t('settings.operators.hint')}</p>
      {notice && (
        <div className={`banner ${notice.ok ? 'banner-ok' : 'banner-error'}`} role={notice.ok ? 'status' : 'alert'} data-testid={notice.ok ? 'operators-notice' : 'operators-error'}>
          {notice.text}
        </div>
      )}
      <table className="table">
        <tbody>
          {(operators ?? [])
            .filter((o) => o.active)
            .map((o) => {
              const lock = lockOf(o, now);
              const self = o.name === me?.name;
              return (
                <tr key={o.id} data-testid={`operator-row-${o.name}`}>
                  <td>{o.name}</td>
                  <td>{t(`role.${o.role}`)}</td>
                  <td data-testid={`operator-lock-${o.name}`}>
                    {lock === 'manager'
                      ? t('settings.operators.lockedUnlock')
                      : lock === 'timed' && o.locked_until
                        ? t('settings.operators.lockedUntil', { time: hourMinute(o.locked_until, language) })
                        : t('settings.operators.free')}
                  </td>
                  <td className="row-action">
                    <span className="row-buttons">
                      {lock && (
                        <button type="button" className="btn btn-small btn-primary" disabled={busy} data-testid={`unlock-${o.name}`} onClick={() => void unlock(o.name)}>
                          {t('settings.operators.unlock')}
                        </button>
                      )}
                      {!self && (
                        <button type="button" className="btn btn-small" disabled={busy} data-testid={`pin-${o.name}`} onClick={() => (setPinFor(o.name), setNewPin(''), setNewPinAgain(''))}>
                          {t('settings.operators.newPin')}
                        </button>
                      )}
                      {!self && (
                        <button type="button" className="btn btn-small btn-warn" disabled={busy} data-testid={`disable-${o.name}`} onClick={() => setDisabling(o.name)}>
                          {t('settings.operators.disable')}
                        </button>
                      )}
                    </span>
                  </td>
                </tr>
              );
            })}
        </tbody>
      </table>

      {pinFor && (
        <form className="operator-pin-form card-inset" onSubmit={setPin} data-testid="operator-pin-form">
          <label className="field" htmlFor="operator-new-pin">
            <span className="field-label">{t('settings.operators.newPinFor', { name: pinFor })}</span>
            <input
              id="operator-new-pin"
              className="input"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={16}
              autoFocus
              value={newPin}
              onChange={(e) => setNewPin(e.target.value)}
              data-testid="operator-new-pin"
            />
          </label>
          <label className="field" htmlFor="operator-new-pin-again">
            <span className="field-label">{t('settings.operators.pinAgain')}</span>
            <input
              id="operator-new-pin-again"
              className="input"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={16}
              value={newPinAgain}
              onChange={(e) => setNewPinAgain(e.target.value)}
              data-testid="operator-new-pin-again"
            />
          </label>
          <div className="form-actions">
            <button type="button" className="btn" onClick={() => setPinFor(null)} data-testid="operator-pin-cancel">
              {t('settings.operators.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || newPin === '' || newPinAgain === ''} data-testid="operator-pin-save">
              {t('settings.operators.savePin')}
            </button>
          </div>
        </form>
      )}

      <form className="operator-add-form" onSubmit={add} data-testid="operator-add-form">
        <h3>{t('settings.operators.add')}</h3>
        <div className="operator-add-fields">
          <label className="field" htmlFor="operator-add-name">
            <span className="field-label">{t('settings.operators.name')}</span>
            <input id="operator-add-name" className="input" maxLength={32} autoComplete="off" value={adding.name} onChange={(e) => setAdding({ ...adding, name: e.target.value })} data-testid="operator-add-name" />
          </label>
          <label className="field" htmlFor="operator-add-role">
            <span className="field-label">{t('settings.operators.role')}</span>
            <select id="operator-add-role" className="input" value={adding.role} onChange={(e) => setAdding({ ...adding, role: e.target.value as Role })} data-testid="operator-add-role">
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`role.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field" htmlFor="operator-add-pin">
            <span className="field-label">{t('settings.operators.pin')}</span>
            <input id="operator-add-pin" className="input" type="password" inputMode="numeric" autoComplete="new-password" maxLength={16} value={adding.pin} onChange={(e) => setAdding({ ...adding, pin: e.target.value })} data-testid="operator-add-pin" />
          </label>
          <label className="field" htmlFor="operator-add-pin-again">
            <span className="field-label">{t('settings.operators.pinAgain')}</span>
            <input
              id="operator-add-pin-again"
              className="input"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={16}
              value={adding.again}
              onChange={(e) => setAdding({ ...adding, again: e.target.value })}
              data-testid="operator-add-pin-again"
            />
          </label>
          <button type="submit" className="btn btn-primary" disabled={busy || adding.name.trim() === '' || adding.pin === '' || adding.again === ''} data-testid="operator-add">
            {t('settings.operators.addButton')}
          </button>
        </div>
        <p className="muted small">{t('settings.operators.pinRule')}</p>
      </form>

      {disabling && (
        <ConfirmDialog
          title={t('settings.operators.disableTitle', { name: disabling })}
          testId="operator-disable-dialog"
          choices={[
            { label: t('settings.operators.cancel'), testId: 'operator-disable-cancel', onChoose: () => setDisabling(null) },
            { label: t('settings.operators.disable'), testId: 'operator-disable-confirm', tone: 'danger', onChoose: () => disable(disabling) },
          ]}
        >
          <p>{t('settings.operators.disableBody', { name: disabling })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
