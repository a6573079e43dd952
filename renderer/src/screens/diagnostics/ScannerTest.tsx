/** Raw scans as they arrive (keyboard wedge and host scanners), with their timings. */
import { useState } from 'react';
import { useApi } from '../../api/context.js';
import { time } from '../../format.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { useScans, type Scan } from '../../scan/ScanProvider.js';

/** The barcode printed on the test page (main/services/receipts/layout.ts TEST_PAGE_BARCODE). */
const TEST_BARCODE = 'GUICHET-TEST-0123456789';
const KEEP = 8;

interface Row extends Scan {
  readonly n: number;
}

/** Average time between two keys of a wedge scan, in ms (one decimal). */
export function interKeyMs(scan: Scan): number | null {
  if (scan.durationMs === undefined || scan.data.length < 2) return null;
  return Math.round((scan.durationMs / (scan.data.length - 1)) * 10) / 10;
}

export function ScannerTest() {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const [rows, setRows] = useState<Row[]>([]);
  useScans((scan) => setRows((r) => [{ ...scan, n: (r[0]?.n ?? 0) + 1 }, ...r].slice(0, KEEP)));
  const ms = (n: number | null | undefined) => (n === null || n === undefined ? t('diag.scan.unknown') : t('diag.scan.ms', { n: n.toLocaleString(language === 'en' ? 'en-GB' : 'fr-FR') }));

  return (
    <section className="card diag-card diag-scan" aria-labelledby="diag-scan-title">
      <div className="diag-card-head">
        <h2 id="diag-scan-title">{t('diag.scan.title')}</h2>
        <div className="diag-actions">
          <button type="button" className="btn btn-small" data-testid="diag-scan-virtual" onClick={() => void api.call('scanner.feed', { data: TEST_BARCODE }).catch(() => undefined)}>
            {t('diag.scan.virtual')}
          </button>
          <button type="button" className="btn btn-small btn-ghost" disabled={rows.length === 0} onClick={() => setRows([])}>
            {t('diag.scan.clear')}
          </button>
        </div>
      </div>
      <p className="muted">{t('diag.scan.hint')}</p>
      {rows.length === 0 ? (
        <div className="diag-scan-empty" data-testid="diag-scan-empty">
          <span className="diag-scan-icon" aria-hidden="true" />
          {t('diag.scan.empty')}
        </div>
      ) : (
        <table className="diag-table" data-testid="diag-scans">
          <thead>
            <tr>
              <th>{t('diag.scan.time')}</th>
              <th>{t('diag.scan.data')}</th>
              <th className="num">{t('diag.scan.length')}</th>
              <th>{t('diag.scan.source')}</th>
              <th>{t('diag.scan.symbology')}</th>
              <th className="num">{t('diag.scan.duration')}</th>
              <th className="num">{t('diag.scan.interKey')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.n} data-testid="diag-scan-row">
                <td className="nowrap">{time(r.receivedAt, language)}</td>
                <td>
                  <code className="diag-scan-data" data-testid="diag-scan-data">
                    {r.data}
                  </code>
                </td>
                <td className="num">{r.data.length}</td>
                <td data-testid="diag-scan-source">{r.source === 'wedge' ? t('diag.scan.wedge') : r.source}</td>
                <td>{r.symbology ?? t('diag.scan.unknown')}</td>
                <td className="num" data-testid="diag-scan-duration">
                  {ms(r.durationMs)}
                </td>
                <td className="num" data-testid="diag-scan-interkey">
                  {ms(interKeyMs(r))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
