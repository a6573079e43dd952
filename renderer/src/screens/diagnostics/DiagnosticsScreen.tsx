/**
 * The technician's home: devices and their status, a scanner test with raw scans and timings, printer
 * test page, database and outcome tables with an integrity check, disk space, versions, support bundle,
 * and the alerts raised by wrong validation codes at the counter.
 * Digit keys run the actions (1 test page, 2 printer status, 3 integrity check, 4 bundle, 5 refresh).
 * Never an amount on this screen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BundleView, DiagnosticsReport, IntegrityView } from '../../../../main/api/methods/diagnostics.js';
import type { ReceiptView } from '../../../../main/api/views.js';
import { useApi } from '../../api/context.js';
import { time } from '../../format.js';
import { errorText } from '../../i18n/errors.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { useSession } from '../../shell/session.js';
import { BundlePanel } from './BundlePanel.js';
import { DatabasePanel } from './DatabasePanel.js';
import { PrinterPanel } from './PrinterPanel.js';
import { ScannerTest } from './ScannerTest.js';
import { SystemPanel } from './SystemPanel.js';
import { WrongCodesPanel } from './WrongCodesPanel.js';
import { useDigitKeys } from './usePanelKeys.js';
import '../../styles/diagnostics.css';

const POLL_MS = 150;

export function DiagnosticsScreen() {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const { status, refreshStatus } = useSession();
  const [report, setReport] = useState<DiagnosticsReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const [page, setPage] = useState<ReceiptView | null>(null);
  const [printerError, setPrinterError] = useState<string | null>(null);
  const [integrity, setIntegrity] = useState<IntegrityView | null>(null);
  const [integrityError, setIntegrityError] = useState<string | null>(null);
  const [bundle, setBundle] = useState<BundleView | null>(null);
  const [bundling, setBundling] = useState(false);
  const [bundleError, setBundleError] = useState<string | null>(null);
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
    if (printing) return;
    setPrinting(true);
    setPrinterError(null);
    try {
      const r = await api.call('diagnostics.test-page', {});
      if (mounted.current) setPage(r);
    } catch (err) {
      if (mounted.current) setPrinterError(errorText(t, err));
    } finally {
      if (mounted.current) setPrinting(false);
      void refreshStatus();
    }
  }, [printing, t, refreshStatus]);

  const printerStatus = useCallback(async () => {
    setPrinterError(null);
    try {
      await api.call('diagnostics.printer-status', {});
    } catch (err) {
      setPrinterError(errorText(t, err));
    }
    void refreshStatus();
  }, [t, refreshStatus]);

  const startIntegrity = useCallback(async () => {
    if (integrity?.state === 'running') return;
    setIntegrityError(null);
    try {
      setIntegrity(await api.call('diagnostics.integrity-start', {}));
    } catch (err) {
      setIntegrityError(errorText(t, err));
    }
  }, [integrity, t]);

  const exportBundle = useCallback(async () => {
    if (bundling) return;
    setBundling(true);
    setBundleError(null);
    try {
      const b = await api.call('diagnostics.bundle', {});
      if (mounted.current) setBundle(b);
    } catch (err) {
      if (mounted.current) setBundleError(errorText(t, err));
    } finally {
      if (mounted.current) setBundling(false);
    }
  }, [bundling, t]);

  useDigitKeys({
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
          ⟳ {t('diag.refresh')} <kbd>5</kbd>
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
              />
              <BundlePanel bundle={bundle} busy={bundling} error={bundleError} onExport={() => void exportBundle()} />
            </div>
            <div className="diag-col">
              <DatabasePanel database={report.database} blocks={report.blocks} integrity={integrity} integrityError={integrityError} onIntegrity={() => void startIntegrity()} />
            </div>
          </div>
          <ScannerTest />
          <SystemPanel report={report} />
        </>
      )}
    </div>
  );
}
