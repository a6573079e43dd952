/**
 * The operators and their PIN locks, for the manager: a locked operator is unlocked here, at the
 * terminal (operators.unlock, journaled by the services), without the CLI.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OperatorAdminView } from '../../../../common/api/methods/operators.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../i18n/errors.js';
import { useLanguage, useT } from '../../i18n/index.js';

function lockOf(o: OperatorAdminView, now: number): 'manager' | 'timed' | null {
  if (o.locked_until_unlock) return 'manager';
  if (o.locked_until && Date.parse(o.locked_until) > now) return 'timed';
  return null;
}

export function OperatorsPanel() {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const [operators, setOperators] = useState<readonly OperatorAdminView[] | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLElement>(null);

  const load = useCallback(() => {
    api.call('operators.list', {}).then(setOperators, (err: unknown) => setNotice({ ok: false, text: errorText(t, err) }));
  }, [api, t]);
  useEffect(load, [load]);

  const unlock = async (name: string) => {
    setBusy(true);
    setNotice(null);
    try {
      await api.call('operators.unlock', { name });
      setNotice({ ok: true, text: t('settings.operators.unlocked', { name }) });
      load();
    } catch (err) {
      setNotice({ ok: false, text: errorText(t, err) });
    } finally {
      setBusy(false);
      // The button is gone: keep the keyboard in the panel.
      panel.current?.querySelector<HTMLElement>('button:not(:disabled)')?.focus();
    }
  };

  const now = Date.now();
  const time = (iso: string) => new Date(iso).toLocaleTimeString(language === 'en' ? 'en-GB' : 'fr-FR', { hour: '2-digit', minute: '2-digit' });
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
              return (
                <tr key={o.id} data-testid={`operator-row-${o.name}`}>
                  <td>{o.name}</td>
                  <td>{t(`role.${o.role}`)}</td>
                  <td data-testid={`operator-lock-${o.name}`}>
                    {lock === 'manager'
                      ? t('settings.operators.lockedUnlock')
                      : lock === 'timed' && o.locked_until
                        ? t('settings.operators.lockedUntil', { time: time(o.locked_until) })
                        : t('settings.operators.free')}
                  </td>
                  <td className="row-action">
                    {lock && (
                      <button type="button" className="btn btn-small btn-primary" disabled={busy} data-testid={`unlock-${o.name}`} onClick={() => void unlock(o.name)}>
                        {t('settings.operators.unlock')}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
        </tbody>
      </table>
    </section>
  );
}
