/**
 * The counter's devices, for the technician who sets them up and the manager (#41: they lived in the
 * manager's settings, which a technician cannot open): detection, the printer's and the scanners'
 * addresses (typed or detected; applied at the next start), a test page. Nothing else of the settings
 * is here, and the services refuse a technician anything but device addresses. Every change is journaled.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { DevicesView } from '../../../../common/api/methods/terminal.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { errorText } from '../../i18n/errors.js';
import { useT } from '../../i18n/index.js';
import { printerInWords } from './device-words.js';
import { DevicesFinder } from './DevicesFinder.js';
import { UriHint, useUriCheck } from './UriField.js';
import '../../styles/settings.css';

export function DevicesScreen() {
  const api = useApi();
  const t = useT();
  const [devices, setDevices] = useState<DevicesView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [printerUri, setPrinterUri] = useState('');
  const [scanners, setScanners] = useState<string[]>([]);
  const [newScanner, setNewScanner] = useState('');
  const { busy, run } = useAction();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const printerCheck = useUriCheck('printer', printerUri);
  const scannerCheck = useUriCheck('scanner', newScanner);

  const load = (d: DevicesView) => {
    setDevices(d);
    setPrinterUri(d.printer_uri ?? '');
    setScanners([...d.scanner_uris]);
  };

  useEffect(() => {
    api.call('devices.get', {}).then(load, (err: unknown) => setLoadError(errorText(t, err)));
  }, [t]);

  const addScanner = (e: FormEvent) => {
    e.preventDefault();
    const uri = scannerCheck?.ok ? scannerCheck.canonical : newScanner.trim();
    if (uri === '' || scanners.includes(uri)) return;
    setScanners([...scanners, uri]);
    setNewScanner('');
  };

  const save = (e?: FormEvent) => {
    e?.preventDefault();
    setNotice(null);
    void run(() => api.call('settings.update', { ...(printerUri.trim() ? { printer_uri: printerUri } : {}), scanner_uris: scanners }), {
      describe: () => null,
      onError: (err) => setNotice({ ok: false, text: errorText(t, err) }),
    }).then((s) => {
      if (!s) return;
      load(s);
      setNotice({ ok: true, text: t('settings.devices.saved') });
    });
  };

  if (loadError)
    return (
      <div className="banner banner-error" role="alert" data-testid="error">
        {loadError}
      </div>
    );
  if (!devices) return <p className="empty">{t('settings.loading')}</p>;
  return (
    <div className="settings" data-testid="devices-screen">
      <header className="screen-head">
        <div>
          <h1>{t('devices.title')}</h1>
          <p className="muted">{t('devices.subtitle')}</p>
        </div>
      </header>
      <section className="card settings-card settings-devices" aria-labelledby="settings-devices">
        <h2 id="settings-devices">{t('settings.devices')}</h2>
        {/* Detection first, its hint in words; typing an address is the technician's way, said under the fields. */}
        <DevicesFinder onPrinter={setPrinterUri} onScanner={(uri) => setScanners((list) => (list.includes(uri) ? list : [...list, uri]))} />
        <form onSubmit={save}>
          <label className="field">
            <span>{t('settings.printer')}</span>
            <input
              className="input input-uri"
              spellCheck={false}
              autoComplete="off"
              placeholder={devices.active_printer_uri ?? 'tcp://192.168.1.50:9100'}
              aria-describedby="settings-devices-typed"
              data-testid="settings-printer-uri"
              value={printerUri}
              onChange={(e) => setPrinterUri(e.target.value)}
            />
          </label>
          <UriHint check={printerCheck} testId="settings-printer-check" />
          {devices.active_printer_uri && (
            <div className="muted uri-active" data-testid="settings-printer-active" title={devices.active_printer_uri}>
              {t('settings.uri.active', { printer: printerInWords(devices.active_printer_uri, t) })}
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
        <button type="button" className="btn btn-primary btn-large" data-testid="settings-devices-save" disabled={busy || printerCheck?.ok === false} onClick={() => save()}>
          {busy ? t('settings.saving') : t('settings.save')}
        </button>
        {notice && (
          <div className={`banner ${notice.ok ? 'banner-ok' : 'banner-error'}`} role={notice.ok ? 'status' : 'alert'} data-testid={`settings-devices-${notice.ok ? 'saved' : 'error'}`}>
            {notice.text}
          </div>
        )}
        {devices.restart_needed && (
          <div className="banner banner-info" data-testid="settings-restart">
            {t('settings.restart')}
          </div>
        )}
      </section>
    </div>
  );
}
