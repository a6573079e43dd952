/**
 * The strip of the last scans and their verdicts, newest first (issue 14, finding 14): two fast scans
 * leave both verdicts in sight, each in its verdict's colour.
 */
import type { VerdictView } from '../../../../common/api/views.js';
import { money } from '../../format.js';
import { textOf, useLanguage, useT } from '../../i18n/index.js';
import { verdictCase, verdictStyle } from './verdict-style.js';

export interface ScanRecord {
  readonly id: number;
  readonly verdict: VerdictView;
}

export function ScanHistory(props: { history: readonly ScanRecord[] }) {
  const t = useT();
  const [language] = useLanguage();
  if (props.history.length === 0) return null;
  return (
    <section className="scan-history card" aria-label={t('validate.history')}>
      <h2 className="scan-history-title">{t('validate.history')}</h2>
      <ol className="scan-history-list" data-testid="scan-history">
        {props.history.map(({ id, verdict: v }) => {
          const style = verdictStyle(v);
          return (
            <li key={id} className={`scan-history-item tone-${style.tone}`} data-testid="scan-history-item" data-verdict={v.verdict}>
              <span className="scan-history-verdict">{textOf(t, `verdict.${verdictCase(v)}`, undefined, t(`verdict.${v.verdict}`))}</span>
              <span className="mono scan-history-ticket">{v.ticket ?? v.barcode}</span>
              {style.showAmount && v.prize_cents !== null && <span className="money">{money(v.prize_cents, language)}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
