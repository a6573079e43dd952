/** An X or Z report on screen: per game sales, voids, payouts, claims and net; then the cash count. */
import type { CashReportView, KindTotalsView, TallyView } from '../../../../common/api/methods/cash.js';
import { count, dateTime, gameName, money } from '../../format.js';
import { useLanguage, useT } from '../../i18n/index.js';


export function ReportView(props: { report: CashReportView }) {
  const t = useT();
  const [language] = useLanguage();
  const r = props.report;
  const m = (cents: number) => money(cents, language);
  const tally = (x: TallyView) => (
    <td className="num">
      <span className="tally-count" title={count(x.count, language)}>
        ×{count(x.count, language)}
      </span>
      {m(x.amount_cents)}
    </td>
  );
  const row = (label: string, k: KindTotalsView, className?: string) => (
    <tr key={label} className={className}>
      <th scope="row">{label}</th>
      {tally(k.sales)}
      {tally(k.voids)}
      {tally(k.payouts)}
      {tally(k.claims)}
      <td className="num strong">{m(k.net_sales_cents)}</td>
    </tr>
  );
  const c = r.cash;
  const cashRow = (label: string, cents: number | null, testId?: string, className?: string) =>
    cents === null ? null : (
      <tr className={className}>
        <th scope="row">{label}</th>
        <td className="num" data-testid={testId}>
          {m(cents)}
        </td>
      </tr>
    );
  return (
    <article className="report" data-testid={`report-${r.kind}`}>
      <header className="report-head">
        <h2 data-testid="report-title">{r.kind === 'Z' ? t('report.Z', { n: r.z_number ?? '?' }) : t('report.X')}</h2>
        <p className="muted small">
          {t('cash.session', { id: r.session.id })} · {t('cash.session.opened', { at: dateTime(r.session.opened_at, language), by: r.session.opened_by })}
          {r.session.closed_at && (
            <>
              {' · '}
              {t('report.closed', { at: dateTime(r.session.closed_at, language), by: r.session.closed_by ?? '?' })}
            </>
          )}
        </p>
        <p className="muted small">
          {t('report.generated', { at: dateTime(r.generated_at, language), by: r.generated_by })} · {t('report.period', { from: r.period.from_seq, to: r.period.to_seq })}
        </p>
      </header>
      <table className="table report-table">
        <thead>
          <tr>
            <th>{t('report.game')}</th>
            <th className="num">{t('report.sales')}</th>
            <th className="num">{t('report.voids')}</th>
            <th className="num">{t('report.payouts')}</th>
            <th className="num">{t('report.claims')}</th>
            <th className="num">{t('report.net')}</th>
          </tr>
        </thead>
        <tbody>
          {r.totals.games.map((g) => row(gameName(g.game), g))}
          {row(t('report.all'), r.totals.all, 'report-all')}
        </tbody>
      </table>
      <h3>{t('report.cash')}</h3>
      <table className="table cash-table">
        <tbody>
          {cashRow(t('report.float'), c.float_cents)}
          {cashRow(t('report.plusSales'), c.sales_cents)}
          {cashRow(t('report.minusVoids'), c.voids_cents)}
          {cashRow(t('report.minusPayouts'), c.payouts_cents)}
          {cashRow(t('report.plusIn'), c.cash_in_cents)}
          {cashRow(t('report.minusOut'), c.cash_out_cents)}
          {cashRow(t('report.expected'), c.expected_cents, 'report-expected', 'total')}
          {cashRow(t('report.counted'), c.counted_cents, 'report-counted', 'total')}
          {cashRow(t('report.difference'), c.difference_cents, 'report-difference', c.difference_cents ? 'difference bad' : 'difference')}
        </tbody>
      </table>
      {c.difference_confirmed_by && <p className="muted small">{t('report.confirmedBy', { name: c.difference_confirmed_by })}</p>}
    </article>
  );
}
