/** Disk space of the data folder and the versions of everything the terminal runs on. */
import type { DiagnosticsReport } from '../../../../common/api/methods/diagnostics.js';
import { useLanguage, useT, type TextKey } from '../../i18n/index.js';
import { browserVersion, formatBytes } from './bytes.js';

/** Below this share of free space the disk is shown as low. */
const LOW_DISK = 0.1;

export function SystemPanel(props: { report: DiagnosticsReport }) {
  const t = useT();
  const [language] = useLanguage();
  const { disk, versions, updates } = props.report;
  const used = disk && disk.total_bytes > 0 ? 1 - disk.available_bytes / disk.total_bytes : null;
  const low = disk !== null && disk.total_bytes > 0 && disk.available_bytes / disk.total_bytes < LOW_DISK;
  const screen = browserVersion(navigator.userAgent);
  const rows: [TextKey, string | null][] = [
    ['diag.version.guichet', versions.guichet],
    ['diag.version.node', versions.node],
    ['diag.version.electron', versions.electron],
    ['diag.version.chromium', versions.chromium],
    ['diag.version.browser', screen ? `Chromium ${screen}` : null],
    ['diag.version.sqlite', versions.sqlite],
    ['diag.version.platform', versions.platform],
    ['diag.version.host', t(`diag.host.${props.report.host}`)],
  ];
  return (
    <section className="card diag-card" aria-labelledby="diag-system">
      <h2 id="diag-system">{t('diag.system')}</h2>
      <div className="diag-system">
        <div>
          <h3>{t('diag.disk')}</h3>
          <div data-testid="diag-disk">
            {disk ? (
              <>
                <div className="progress" aria-hidden="true">
                  <div className={`progress-bar ${low ? 'progress-bad' : ''}`} style={{ width: `${(used ?? 0) * 100}%` }} />
                </div>
                <div className="progress-label">
                  {t('diag.disk.free', { free: formatBytes(disk.available_bytes, language), total: formatBytes(disk.total_bytes, language) })}
                  {low && <span className="pill pill-bad">{t('diag.disk.low')}</span>}
                </div>
              </>
            ) : (
              <span className="muted">{t('diag.disk.unknown')}</span>
            )}
            <div className="muted diag-path">
              {t('diag.dataDir')} <code>{props.report.data_dir}</code>
            </div>
          </div>
        </div>
        <div>
          <h3>{t('diag.versions')}</h3>
          <dl className="diag-versions" data-testid="diag-versions">
            {rows
              .filter(([, value]) => value !== null)
              .map(([key, value]) => (
                <div key={key}>
                  <dt>{t(key)}</dt>
                  <dd>
                    <code>{value}</code>
                  </dd>
                </div>
              ))}
          </dl>
          <h3>{t('diag.updates')}</h3>
          <p data-testid="diag-updates" className={updates.waiting ? 'pill pill-warn' : undefined}>
            {language === 'fr' ? updates.fr : updates.en}
          </p>
        </div>
      </div>
    </section>
  );
}
