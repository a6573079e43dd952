/** The devices: the receipt printer (live status, status request, test page with its picture) and the scanners. */
import type { ScannerDeviceView } from '../../../../common/api/methods/diagnostics.js';
import type { PrinterView, ReceiptView } from '../../../../common/api/views.js';
import { time } from '../../format.js';
import { textOf, useLanguage, useT, type TextKey } from '../../i18n/index.js';

function printerWord(p: PrinterView): { key: TextKey; tone: string } {
  if (!p.online) return { key: 'diag.printer.offline', tone: 'bad' };
  if (p.coverOpen) return { key: 'diag.printer.cover', tone: 'bad' };
  if (p.paperOut) return { key: 'diag.printer.paperOut', tone: 'bad' };
  if (p.paperLow) return { key: 'diag.printer.paperLow', tone: 'warn' };
  return { key: 'diag.printer.ready', tone: p.reported ? 'ok' : 'neutral' };
}

/** The answer of the last "read the status", and when it came. */
export interface StatusRead {
  readonly at: string;
  readonly printer: PrinterView | null;
}

export interface PrinterPanelProps {
  readonly statusRead?: StatusRead | null;
  readonly printer: PrinterView | null;
  readonly scanners: readonly ScannerDeviceView[];
  readonly busy: boolean;
  readonly result: ReceiptView | null;
  readonly error: string | null;
  onTestPage(): void;
  onStatus(): void;
}

export function PrinterPanel(props: PrinterPanelProps) {
  const t = useT();
  const [language] = useLanguage();
  const { busy, result, error } = props;
  const p = props.printer;
  const word = p ? printerWord(p) : null;
  return (
    <section className="card diag-card" aria-labelledby="diag-devices">
      <h2 id="diag-devices">{t('diag.devices')}</h2>
      <div className="diag-device" data-testid="diag-printer">
        <div className="diag-device-head">
          <span className="diag-device-name">{t('diag.printer')}</span>
          {word ? (
            <span className={`pill pill-${word.tone}`} data-testid="diag-printer-state">
              {t(word.key)}
            </span>
          ) : (
            <span className="pill pill-warn">{t('diag.printer.none')}</span>
          )}
        </div>
        {p && (
          <>
            <code className="diag-uri" data-testid="diag-printer-uri">{p.uri}</code>
            {p.detail && word?.key !== 'diag.printer.ready' && <div className="muted diag-detail">{p.detail}</div>}
            {!p.reported && <div className="muted diag-detail">{t('diag.printer.guess')}</div>}
          </>
        )}
        <div className="diag-actions">
          <button type="button" className="btn btn-primary" data-testid="diag-test-page" disabled={busy || !p} onClick={props.onTestPage}>
            {busy ? t('diag.printer.printing') : t('diag.printer.test')} <kbd>Alt+1</kbd>
          </button>
          <button type="button" className="btn" data-testid="diag-printer-status" disabled={!p} onClick={props.onStatus}>
            {t('diag.printer.status')} <kbd>Alt+2</kbd>
          </button>
        </div>
        {props.statusRead && (
          <div className="banner banner-info" role="status" data-testid="diag-printer-status-result">
            {t('diag.printer.statusRead', {
              time: time(props.statusRead.at, language),
              state: props.statusRead.printer ? t(printerWord(props.statusRead.printer).key) : t('diag.printer.none'),
            })}
          </div>
        )}
        {error && (
          <div className="banner banner-error" role="alert">
            {error}
          </div>
        )}
        {result && (
          <div className={`banner ${result.printed ? 'banner-ok' : 'banner-error'}`} data-testid="diag-test-page-result" role="status">
            {result.printed ? t('diag.printer.printed') : t('diag.printer.failed', { error: result.error ?? '' })}
          </div>
        )}
        {result?.picture && (
          <figure className="diag-receipt">
            <img src={result.picture} alt={t('diag.printer.picture')} data-testid="diag-test-page-picture" />
          </figure>
        )}
      </div>
      <div className="diag-device" data-testid="diag-scanners">
        <div className="diag-device-name">{t('diag.scanners')}</div>
        <ul className="diag-list">
          <li>
            <span>{t('diag.scanner.wedge')}</span>
            <span className="pill pill-ok">{t('diag.scanner.wedgeState')}</span>
          </li>
          {props.scanners.map((s) => (
            <li key={s.uri} data-testid="diag-scanner">
              <code className="diag-uri">{s.uri}</code>
              <span className={`pill ${s.state === 'open' ? 'pill-ok' : s.state === 'waiting' ? 'pill-bad' : 'pill-warn'}`}>{textOf(t, `diag.scanner.${s.state}`, undefined, s.state)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
