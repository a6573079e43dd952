/**
 * Wrong validation codes entered at the counter: the alerts raised when an operator reaches the
 * threshold within the window (a sign of someone finishing a partly readable code), and the counts per
 * operator in the current window. Names and counts only: never a code.
 */
import type { WrongCodesView } from '../../../../common/api/methods/diagnostics.js';
import { dateTime } from '../../format.js';
import { useLanguage, useT } from '../../i18n/index.js';

export function WrongCodesPanel(props: { wrongCodes: WrongCodesView }) {
  const t = useT();
  const [language] = useLanguage();
  const { alerts, by_operator: counts, threshold, window_minutes: minutes } = props.wrongCodes;
  return (
    <section className="card diag-card" aria-labelledby="diag-wrong-codes" data-testid="diag-wrong-codes">
      <h2 id="diag-wrong-codes">{t('diag.wrongCodes')}</h2>
      <p className="muted small">{t('diag.wrongCodes.rule', { threshold, minutes })}</p>
      {alerts.length === 0 ? (
        <p data-testid="diag-wrong-codes-none">{t('diag.wrongCodes.none')}</p>
      ) : (
        <ul className="diag-alerts">
          {alerts.map((a) => (
            <li key={a.seq} className="banner banner-error" role="alert" data-testid="diag-wrong-codes-alert">
              {t('diag.wrongCodes.alert', { operator: a.operator, count: a.count, minutes: a.window_minutes, at: dateTime(a.at, language), seq: a.seq })}
            </li>
          ))}
        </ul>
      )}
      {counts.length > 0 && (
        <p className="small" data-testid="diag-wrong-codes-counts">
          {t('diag.wrongCodes.now')} {counts.map((c) => `${c.operator} : ${c.count}`).join(' · ')}
        </p>
      )}
    </section>
  );
}
