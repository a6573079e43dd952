/**
 * Finding the counter's devices without typing their addresses (#25: devices were typed as raw URIs):
 * "Détecter" lists what is plugged in (serial ports, HID devices) with what each probably is, and puts
 * the chosen one in the printer field or the scanners' list; "Tester l'imprimante" prints a test page on
 * the printer in use now. Its hint says what to do in words, naming these buttons; the address forms a
 * technician may type are said under the fields, not here.
 */
import { useState } from 'react';
import type { DetectedDevicesView } from '../../../../common/api/methods/terminal.js';
import type { ReceiptView } from '../../../../common/api/views.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { useT } from '../../i18n/index.js';

export function DevicesFinder({ onPrinter, onScanner }: { readonly onPrinter: (uri: string) => void; readonly onScanner: (uri: string) => void }) {
  const api = useApi();
  const t = useT();
  const { busy, error, run } = useAction();
  const [found, setFound] = useState<DetectedDevicesView | null>(null);
  const [test, setTest] = useState<ReceiptView | null>(null);

  const detect = () =>
    void run(async () => {
      setTest(null);
      setFound(await api.call('settings.detect-devices', {}));
    });
  const testPrinter = () =>
    void run(async () => {
      setTest(await api.call('diagnostics.test-page', {}));
    });

  return (
    <div className="devices-finder" data-testid="devices-finder">
      <p className="muted" id="devices-hint" data-testid="devices-hint">
        {t('settings.devices.hint', { detect: t('settings.devices.detect'), printer: t('settings.devices.usePrinter'), scanner: t('settings.devices.useScanner'), save: t('settings.save') })}
      </p>
      <div className="form-actions start">
        <button type="button" className="btn" disabled={busy} data-testid="devices-detect" aria-describedby="devices-hint" onClick={detect}>
          {t('settings.devices.detect')}
        </button>
        <button type="button" className="btn" disabled={busy} data-testid="devices-test-printer" onClick={testPrinter}>
          {t('settings.devices.testPrinter')}
        </button>
      </div>
      <ErrorBanner message={error} testId="devices-error" />
      {test && (
        <div className={`banner ${test.printed ? 'banner-ok' : 'banner-error'}`} role="status" data-testid="devices-test-result">
          {test.printed ? t('settings.devices.testPrinted') : t('settings.devices.testFailed', { reason: test.error ?? '' })}
        </div>
      )}
      {found && (
        <div data-testid="devices-found">
          {!found.available ? (
            <p className="muted">{t('settings.devices.cannotLook')}</p>
          ) : found.devices.length === 0 ? (
            <p className="muted" data-testid="devices-none">
              {t('settings.devices.none')}
            </p>
          ) : (
            <ul className="found-list">
              {found.devices.map((d) => (
                <li key={d.uri} data-testid="device-found" data-uri={d.uri}>
                  <span>
                    <strong>{t(`settings.devices.likely.${d.likely}`)}</strong>
                    {(d.product || d.manufacturer) && <span className="muted"> · {[d.manufacturer, d.product].filter(Boolean).join(' ')}</span>}
                    <br />
                    <code>{d.uri}</code>
                  </span>
                  <span className="row-buttons">
                    {d.likely !== 'scanner' && (
                      <button type="button" className="btn btn-small" onClick={() => onPrinter(d.uri)} data-testid="device-use-printer">
                        {t('settings.devices.usePrinter')}
                      </button>
                    )}
                    {d.likely !== 'printer' && (
                      <button type="button" className="btn btn-small" onClick={() => onScanner(d.uri)} data-testid="device-use-scanner">
                        {t('settings.devices.useScanner')}
                      </button>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {found.problems > 0 && <p className="muted small">{t('settings.devices.problems')}</p>}
        </div>
      )}
    </div>
  );
}
