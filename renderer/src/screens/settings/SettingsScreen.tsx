/**
 * The manager's settings: the counter's payout limit (typed in euros, stored in cents), the language
 * of the screens and receipts, and the devices (detected, or typed by URI; applied at the next start).
 * The services refuse anyone but a manager; Enter saves the field being edited.
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
import { useSession } from '../../shell/session.js';
import { parseEuros, typedEuros } from '../sell/amount.js';
import { printerInWords } from './device-words.js';
import { DevicesFinder } from './DevicesFinder.js';
import { OperatorsPanel } from './OperatorsPanel.js';
import { UriHint, useUriCheck } from './UriField.js';
import '../../styles/settings.css';

type Section = 'limit' | 'language' | 'devices';

export function SettingsScreen() {
  const api = useApi();
  const t = useT();
  const [language, setLanguage] = useLanguage();
  const { refreshInfo } = useSession();
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [limitText, setLimitText] = useState('');
  const [printerUri, setPrinterUri] = useState('');
  const [scanners, setScanners] = useState<string[]>([]);
  const [newScanner, setNewScanner] = useState('');
  const { busyWith, run } = useAction();
  const busy = busyWith as Section | null;
  const [notice, setNotice] = useState<{ section: Section; ok: boolean; text: string } | null>(null);
  const printerCheck = useUriCheck('printer', printerUri);
  const scannerCheck = useUriCheck('scanner', newScanner);

  const load = useCallback(
    (s: SettingsView) => {
      setSettings(s);
      setLimitText(typedEuros(s.payout_limit_cents, language));
      setPrinterUri(s.printer_uri ?? '');
      setScanners([...s.scanner_uris]);
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

  const addScanner = (e: FormEvent) => {
    e.preventDefault();
    const uri = scannerCheck?.ok ? scannerCheck.canonical : newScanner.trim();
    if (uri === '' || scanners.includes(uri)) return;
    setScanners([...scanners, uri]);
    setNewScanner('');
  };

  const saveDevices = (e?: FormEvent) => {
    e?.preventDefault();
    void save('devices', { ...(printerUri.trim() ? { printer_uri: printerUri } : {}), scanner_uris: scanners }, () => '').then((s) => {
      if (s) {
        setPrinterUri(s.printer_uri ?? '');
        setScanners([...s.scanner_uris]);
      }
    });
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

        <section className="card settings-card settings-devices" aria-labelledby="settings-devices">
          <h2 id="settings-devices">{t('settings.devices')}</h2>
          {/* Detection first, its hint in words; typing an address is the technician's way, said under the fields. */}
          <DevicesFinder onPrinter={setPrinterUri} onScanner={(uri) => setScanners((list) => (list.includes(uri) ? list : [...list, uri]))} />
          <form onSubmit={saveDevices}>
            <label className="field">
              <span>{t('settings.printer')}</span>
              <input
                className="input input-uri"
                spellCheck={false}
                autoComplete="off"
                placeholder={settings.active_printer_uri ?? 'tcp://192.168.1.50:9100'}
                aria-describedby="settings-devices-typed"
                data-testid="settings-printer-uri"
                value={printerUri}
                onChange={(e) => setPrinterUri(e.target.value)}
              />
            </label>
            <UriHint check={printerCheck} testId="settings-printer-check" />
            {settings.active_printer_uri && (
              <div className="muted uri-active" data-testid="settings-printer-active" title={settings.active_printer_uri}>
                {t('settings.uri.active', { printer: printerInWords(settings.active_printer_uri, t) })}
              </div>
            )}
          </form>
          <div className="field">
            <span>{t('settings.scanners')}</span>
            {scanners.length === 0 ? (
              <p className="muted">{t('settings.scanners.none')}</p>
            ) : (
              <ul className="uri-list" data-testid="settings-scanners">
                {scanners.map((s) => (
                  <li key={s}>
                    <code>{s}</code>
                    <button type="button" className="btn btn-small btn-ghost" onClick={() => setScanners(scanners.filter((x) => x !== s))}>
                      ✕ {t('settings.scanners.remove')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <form className="uri-add" onSubmit={addScanner}>
              <input
                className="input input-uri"
                spellCheck={false}
                autoComplete="off"
                placeholder="serial:/dev/ttyACM0"
                aria-label={t('settings.scanners.new')}
                aria-describedby="settings-devices-typed"
                data-testid="settings-scanner-new"
                value={newScanner}
                onChange={(e) => setNewScanner(e.target.value)}
              />
              <button type="submit" className="btn" data-testid="settings-scanner-add" disabled={!scannerCheck?.ok}>
                + {t('settings.scanners.add')}
              </button>
            </form>
            <UriHint check={scannerCheck} testId="settings-scanner-check" />
          </div>
          <p className="muted uri-typed" id="settings-devices-typed" data-testid="settings-devices-typed">
            {t('settings.devices.typed')}
          </p>
          <button type="button" className="btn btn-primary btn-large" data-testid="settings-devices-save" disabled={busy === 'devices' || printerCheck?.ok === false} onClick={() => saveDevices()}>
            {busy === 'devices' ? t('settings.saving') : t('settings.save')}
          </button>
          {banner('devices', t('settings.devices.saved'))}
          {settings.restart_needed && (
            <div className="banner banner-info" data-testid="settings-restart">
              {t('settings.restart')}
            </div>
          )}
        </section>
        <OperatorsPanel />
      </div>
    </div>
  );
}
