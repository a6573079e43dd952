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
  /** Paid or claimed since the scan: the strip says so instead of still offering "Winner 20,00 €". */
  readonly settled?: 'paid' | 'claimed';
}

/** The strip after a payout or a claim: the newest scan of that barcode is marked settled. */
export function settleRecord(history: readonly ScanRecord[], barcode: string, settled: 'paid' | 'claimed'): readonly ScanRecord[] {
  const i = history.findIndex((r) => r.verdict.barcode === barcode);
  if (i < 0) return history;
  return history.map((r, j) => (j === i ? { ...r, settled } : r));
}

/** The words of one line of the strip: the verdict's, or "Paid" / "Claim filed" once settled. */
export function recordLabelKey(r: ScanRecord): string {
  return r.settled ? `validate.history.${r.settled}` : `verdict.${verdictCase(r.verdict)}`;
}

export function ScanHistory(props: { history: readonly ScanRecord[] }) {
  const t = useT();
  const [language] = useLanguage();
  if (props.history.length === 0) return null;
  return (
    <section className="scan-history card" aria-label={t('validate.history')}>
      <h2 className="scan-history-title">{t('validate.history')}</h2>
      <ol className="scan-history-list" data-testid="scan-history">
        {props.history.map((record) => {
          const { id, verdict: v, settled } = record;
          const style = verdictStyle(v);
          const tone = settled ? 'paid' : style.tone;
          return (
            <li key={id} className={`scan-history-item tone-${tone}`} data-testid="scan-history-item" data-verdict={v.verdict} data-settled={settled ?? ''}>
              <span className="scan-history-verdict">{textOf(t, recordLabelKey(record), undefined, t(`verdict.${v.verdict}`))}</span>
              <span className="mono scan-history-ticket">{v.ticket ?? v.barcode}</span>
              {style.showAmount && v.prize_cents !== null && <span className="money">{money(v.prize_cents, language)}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
