/** The technician's view of the self-check kiosk (diagnostics): checks by verdict and wrong-code alerts, from the journal. */
import type { SelfCheckStatsView } from '../../../common/api/methods/selfcheck.js';
import { count, dateTime } from '../format.js';
import { textOf, useLanguage, useT } from '../i18n/index.js';

export function SelfCheckPanel(props: { stats: SelfCheckStatsView }) {
  const t = useT();
  const [language] = useLanguage();
  const kinds = Object.entries(props.stats.by_verdict);
  const alerts = props.stats.alerts;
  return (
    <section className="card diag-card" aria-labelledby="diag-selfcheck" data-testid="diag-selfcheck">
      <h2 id="diag-selfcheck">{t('selfcheck.diag.title')}</h2>
      {kinds.length === 0 ? (
        <p className="muted">{t('selfcheck.diag.none')}</p>
      ) : (
        <dl className="diag-facts">
          {kinds.map(([kind, n]) => (
            <div key={kind}>
              <dt>{textOf(t, `selfcheck.kind.${kind}`, undefined, kind)}</dt>
              <dd>{count(n, language)}</dd>
            </div>
          ))}
        </dl>
      )}
      <p data-testid="diag-selfcheck-alerts">
        {alerts > 0 && <span className="pill pill-bad">{t('selfcheck.diag.alerts', { n: count(alerts, language) })}</span>}
        {alerts > 0 && props.stats.last_alert_at ? ` ${t('selfcheck.diag.lastAlert', { time: dateTime(props.stats.last_alert_at, language) })}` : null}
        {alerts === 0 && <span className="muted">{t('selfcheck.diag.noAlert')}</span>}
      </p>
    </section>
  );
}
