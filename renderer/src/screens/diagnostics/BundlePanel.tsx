/** The support bundle: export, where it was written, and a download link (browser host). */
import { useEffect, useState } from 'react';
import type { BundleView } from '../../../../common/api/methods/diagnostics.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { formatBytes } from './bytes.js';

function blobUrl(base64: string): string {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) bytes[i] = bin.charCodeAt(i);
  return URL.createObjectURL(new Blob([bytes], { type: 'application/gzip' }));
}

export interface BundlePanelProps {
  readonly bundle: BundleView | null;
  readonly busy: boolean;
  readonly error: string | null;
  onExport(): void;
}

export function BundlePanel(props: BundlePanelProps) {
  const t = useT();
  const [language] = useLanguage();
  const [url, setUrl] = useState<string | null>(null);
  const b = props.bundle;
  useEffect(() => {
    if (!b) return undefined;
    const made = blobUrl(b.data_base64);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [b]);
  return (
    <section className="card diag-card" aria-labelledby="diag-bundle">
      <h2 id="diag-bundle">{t('diag.bundle')}</h2>
      <p className="muted">{t('diag.bundle.hint')}</p>
      <div className="diag-actions">
        <button type="button" className="btn btn-primary" data-testid="diag-bundle-export" disabled={props.busy} onClick={props.onExport}>
          {props.busy ? t('diag.bundle.exporting') : t('diag.bundle.export')} <kbd>Alt+4</kbd>
        </button>
        {b && url && (
          <a className="btn" href={url} download={b.file_name} data-testid="diag-bundle-download">
            ⤓ {t('diag.bundle.download')}
          </a>
        )}
      </div>
      {props.error && (
        <div className="banner banner-error" role="alert">
          {props.error}
        </div>
      )}
      {b && (
        <div className="banner banner-ok" data-testid="diag-bundle-result" role="status">
          {t('diag.bundle.done', { file: b.file_name, size: formatBytes(b.size_bytes, language) })}
          <div className="diag-path">{t('diag.bundle.where', { path: b.path })}</div>
          <ul className="diag-files">
            {b.entries.map((e) => (
              <li key={e}>
                <code>{e.split('/').slice(1).join('/')}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
