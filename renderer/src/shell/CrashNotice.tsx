/**
 * What a screen shows when it crashed (the Shell's error boundary): what happened and what to do, in the
 * screen's language, with Retry focused (Enter retries). The error's own message is for a technician:
 * kept folded under "details", never the main text.
 */
import { useT } from '../i18n/index.js';

export function CrashNotice({ error, reset }: { readonly error: Error; readonly reset: () => void }) {
  const t = useT();
  return (
    <div className="banner banner-error crash-notice" role="alert" data-testid="crash-notice">
      <strong>{t('app.crash.title')}</strong>
      <p>{t('app.crash.what')}</p>
      <div className="crash-actions">
        <button type="button" className="btn btn-small" data-testid="crash-retry" autoFocus onClick={reset}>
          {t('app.retry')}
        </button>
        <button type="button" className="btn btn-small" data-testid="crash-reload" onClick={() => window.location.reload()}>
          {t('app.crash.reload')}
        </button>
      </div>
      <details className="crash-details" data-testid="crash-details">
        <summary>{t('app.crash.details')}</summary>
        <code>{error.message || error.name}</code>
      </details>
    </div>
  );
}
