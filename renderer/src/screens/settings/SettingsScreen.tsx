/**
 * The manager's settings: the counter's payout limit (typed in euros, stored in cents), the language
 * of the screens and receipts, the operators. The devices have their own screen (DevicesScreen), which
 * the technician opens too; a line here leads there. The services refuse anyone but a manager; Enter
 * saves the field being edited.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { SettingsView } from '../../../../common/api/methods/terminal.js';
import type { Language } from '../../../../common/api/views.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { Money } from '../../components/Money.js';
import { money } from '../../format.js';
import { errorText } from '../../i18n/errors.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { navigate } from '../../shell/route.js';
import { useSession } from '../../shell/session.js';
import { parseEuros, typedEuros } from '../sell/amount.js';
import { OperatorsPanel } from './OperatorsPanel.js';
import '../../styles/settings.css';

type Section = 'limit' | 'language';

export function SettingsScreen() {
  const api = useApi();
  const t = useT();
  const [language, setLanguage] = useLanguage();
  const { refreshInfo } = useSession();
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [limitText, setLimitText] = useState('');
  const { busyWith, run } = useAction();
  const busy = busyWith as Section | null;
  const [notice, setNotice] = useState<{ section: Section; ok: boolean; text: string } | null>(null);

  const load = useCallback(
    (s: SettingsView) => {
      setSettings(s);
      setLimitText(typedEuros(s.payout_limit_cents, language));
    },
    [language],
  );

  // Loaded on entry, and again when the language changes (the amount is then typed the other way).
  useEffect(() => {
    api.call('settings.get', {}).then(load, (err: unknown) => setLoadError(errorText(t, err)));
  }, [load, t]);

  const save = async (section: Section, patch: Parameters<typeof api.call<'settings.update'>>[1], okText: (s: SettingsView) => string) => {
    setNotice(null);
    // The refusal shows in the section's own notice, not in a banner of the screen.
    const s = await run(() => api.call('settings.update', patch), { tag: section, describe: () => null, onError: (err) => setNotice({ section, ok: false, text: errorText(t, err) }) });
    if (!s) return null;
    setSettings(s);
    setNotice({ section, ok: true, text: okText(s) });
    void refreshInfo();
    return s;
  };

  const saveLimit = (e: FormEvent) => {
    e.preventDefault();
    const cents = parseEuros(limitText);
    if (cents === null) {
      setNotice({ section: 'limit', ok: false, text: t('settings.limit.invalid') });
      return;
    }
    void save('limit', { payout_limit_cents: cents }, (saved) => t('settings.limit.saved', { amount: money(saved.payout_limit_cents, language) }));
  };

  const chooseLanguage = async (l: Language) => {
    const s = await save('language', { language: l }, () => '');
    if (s) {
      setLanguage(l);
      setNotice({ section: 'language', ok: true, text: '' });
    }
  };

  const banner = (section: Section, okText: string) =>
    notice?.section === section && (
      <div className={`banner ${notice.ok ? 'banner-ok' : 'banner-error'}`} role={notice.ok ? 'status' : 'alert'} data-testid={`settings-${section}-${notice.ok ? 'saved' : 'error'}`}>
        {notice.ok ? notice.text || okText : notice.text}
      </div>
    );

  if (loadError)
    return (
      <div className="banner banner-error" role="alert" data-testid="error">
        {loadError}
      </div>
    );
  if (!settings) return <p className="empty">{t('settings.loading')}</p>;
  return (
    <div className="settings" data-testid="settings-screen">
      <header className="screen-head">
        <div>
          <h1>{t('settings.title')}</h1>
          <p className="muted">{t('settings.subtitle')}</p>
        </div>
      </header>
      <div className="settings-grid">
        <form className="card settings-card" onSubmit={saveLimit} aria-labelledby="settings-limit">
          <h2 id="settings-limit">{t('settings.limit')}</h2>
          <p className="muted">{t('settings.limit.hint')}</p>
          <div className="settings-current">
            {t('settings.limit.current')}{' '}
            <Money cents={settings.payout_limit_cents} testId="settings-limit-current" />
          </div>
          <label className="field">
            <span>{t('settings.limit.label')}</span>
            <div className="euro-input">
              <input
                className="input input-amount"
                inputMode="decimal"
                autoComplete="off"
                data-testid="settings-limit-input"
                value={limitText}
                onChange={(e) => setLimitText(e.target.value)}
                onFocus={(e) => e.target.select()}
              />
              <span className="euro-sign" aria-hidden="true">
                €
              </span>
            </div>
          </label>
          <button type="submit" className="btn btn-primary btn-large" data-testid="settings-limit-save" disabled={busy === 'limit'}>
            {busy === 'limit' ? t('settings.saving') : t('settings.save')} <kbd>↵</kbd>
          </button>
          {banner('limit', t('settings.saved'))}
        </form>

        <section className="card settings-card" aria-labelledby="settings-language">
          <h2 id="settings-language">{t('settings.language')}</h2>
          <p className="muted">{t('settings.language.hint')}</p>
          <div className="choice" role="group" aria-labelledby="settings-language">
            {(['fr', 'en'] as const).map((l) => (
              <button
                key={l}
                type="button"
                lang={l}
                className={`btn btn-large choice-item ${language === l ? 'choice-on' : ''}`}
                aria-pressed={language === l}
                data-testid={`settings-language-${l}`}
                disabled={busy === 'language'}
                onClick={() => void chooseLanguage(l)}
              >
                <span className="choice-code">{l.toUpperCase()}</span>
                {t(`settings.language.${l}`)}
              </button>
            ))}
          </div>
          {banner('language', t('settings.language.saved'))}
        </section>

        <section className="card settings-card" aria-labelledby="settings-devices">
          <h2 id="settings-devices">{t('settings.devices')}</h2>
          <p className="muted" data-testid="settings-devices-elsewhere">
            {t('settings.devices.elsewhere')}
          </p>
          <button type="button" className="btn btn-large" data-testid="settings-devices-open" onClick={() => navigate('devices')}>
            {t('nav.devices')} <kbd>F8</kbd>
          </button>
        </section>
        <OperatorsPanel />
      </div>
    </div>
  );
}
