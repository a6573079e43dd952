/**
 * The technician's home: devices and their status, a scanner test with raw scans and timings, printer
 * test page, database and outcome tables with an integrity check, disk space, versions, support bundle,
 * and the alerts raised by wrong validation codes at the counter.
 * Alt + a digit runs the actions (1 test page, 2 printer status, 3 integrity check, 4 bundle, 5
 * refresh); bare digits do nothing (typed by hand or by a scanner).
 * Never an amount on this screen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BundleView, DiagnosticsReport, IntegrityView } from '../../../../common/api/methods/diagnostics.js';
import type { ReceiptView } from '../../../../common/api/views.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { time } from '../../format.js';
import { errorText } from '../../i18n/errors.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { useSession } from '../../shell/session.js';
import { BundlePanel } from './BundlePanel.js';
import { DatabasePanel } from './DatabasePanel.js';
import { SelfCheckPanel } from '../../selfcheck/SelfCheckPanel.js';
import { PrinterPanel, type StatusRead } from './PrinterPanel.js';
import { ScannerTest } from './ScannerTest.js';
import { SystemPanel } from './SystemPanel.js';
import { WrongCodesPanel } from './WrongCodesPanel.js';
import { useAltDigitKeys } from './usePanelKeys.js';
import '../../styles/diagnostics.css';

const POLL_MS = 150;

export function DiagnosticsScreen() {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const { status, refreshStatus } = useSession();
  const [report, setReport] = useState<DiagnosticsReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const printerAction = useAction();
  const { busy: printing, error: printerError } = printerAction;
  const [page, setPage] = useState<ReceiptView | null>(null);
  const [statusRead, setStatusRead] = useState<StatusRead | null>(null);
  const [integrity, setIntegrity] = useState<IntegrityView | null>(null);
  const integrityAction = useAction();
  const { error: integrityError, setError: setIntegrityError } = integrityAction;
  const [bundle, setBundle] = useState<BundleView | null>(null);
  const bundleAction = useAction();
  const { busy: bundling, error: bundleError } = bundleAction;
  const mounted = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const r = await api.call('diagnostics.report', {});
      if (mounted.current) {
        setReport(r);
        setError(null);
      }
    } catch (err) {
      if (mounted.current) setError(errorText(t, err));
    }
  }, [t]);

  useEffect(() => {
    mounted.current = true;
    void refresh();
    // A check started earlier (before leaving the screen) is shown again.
    void api.call('diagnostics.integrity', {}).then((v) => mounted.current && setIntegrity(v), () => undefined);
    return () => {
      mounted.current = false;
    };
  }, [refresh]);

  // Follows a running integrity check until it is done.
  useEffect(() => {
    if (integrity?.state !== 'running') return undefined;
    const timer = setTimeout(() => {
      void api.call('diagnostics.integrity', {}).then(
        (v) => mounted.current && setIntegrity(v),
        (err: unknown) => mounted.current && setIntegrityError(errorText(t, err)),
      );
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [integrity, t]);

  const testPage = useCallback(async () => {
    const r = await printerAction.run(() => api.call('diagnostics.test-page', {}));
    if (r && mounted.current) setPage(r);
    void refreshStatus();
  }, [printerAction, refreshStatus]);

  const printerStatus = useCallback(async () => {
    const read = await printerAction.run(() => api.call('diagnostics.printer-status', {}));
    // Show what was read, where it was asked for (the status bar alone is easy to miss).
    if (read !== undefined && mounted.current) setStatusRead({ at: new Date().toISOString(), printer: read });
    void refreshStatus();
  }, [printerAction, refreshStatus]);

  const startIntegrity = useCallback(async () => {
    if (integrity?.state === 'running') return;
    const started = await integrityAction.run(() => api.call('diagnostics.integrity-start', {}));
    if (started) setIntegrity(started);
  }, [integrity, integrityAction]);

  const exportBundle = useCallback(async () => {
    const b = await bundleAction.run(() => api.call('diagnostics.bundle', {}));
    if (b && mounted.current) setBundle(b);
  }, [bundleAction]);

  useAltDigitKeys({
    '1': () => void testPage(),
    '2': () => void printerStatus(),
    '3': () => void startIntegrity(),
    '4': () => void exportBundle(),
    '5': () => void refresh(),
  });

  // The status bar's printer state is live (events and polling); the report's is from its reading.
  const printer = status.printer ?? report?.printer ?? null;
  return (
    <div className="diag" data-testid="diagnostics-screen">
      <header className="screen-head">
        <div>
          <h1>{t('diag.title')}</h1>
          {report && <p className="muted">{t('diag.subtitle', { terminal: report.terminal_id, time: time(report.generated_at, language) })}</p>}
        </div>
        <button type="button" className="btn" data-testid="diag-refresh" onClick={() => void refresh()}>
          ⟳ {t('diag.refresh')} <kbd>Alt+5</kbd>
        </button>
      </header>
      {error && (
        <div className="banner banner-error" role="alert" data-testid="error">
          {error}
        </div>
      )}
      {!report && !error && <p className="empty">{t('diag.loading')}</p>}
      {report && (
        <>
          {report.wrong_codes && <WrongCodesPanel wrongCodes={report.wrong_codes} />}
          <div className="diag-grid">
            <div className="diag-col">
              <PrinterPanel
                printer={printer}
                scanners={report.scanners}
                busy={printing}
                result={page}
                error={printerError}
                onTestPage={() => void testPage()}
                onStatus={() => void printerStatus()}
                statusRead={statusRead}
              />
              <BundlePanel bundle={bundle} busy={bundling} error={bundleError} onExport={() => void exportBundle()} />
            </div>
            <div className="diag-col">
              <DatabasePanel database={report.database} blocks={report.blocks} integrity={integrity} integrityError={integrityError} onIntegrity={() => void startIntegrity()} />
            </div>
          </div>
          <ScannerTest />
          {report.self_check && <SelfCheckPanel stats={report.self_check} />}
          <SystemPanel report={report} />
        </>
      )}
    </div>
  );
}
