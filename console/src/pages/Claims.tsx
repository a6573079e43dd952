/** Claims of large prizes filed at the counters (claim forms and claim receipts). */
import { dateTime, money } from '../format.js';
import { useI18n } from '../i18n.js';
import { Loading, Table } from '../parts.js';
import { useOp } from '../use-op.js';

interface Claim {
  terminal: string;
  retailer: string;
  journal_seq: number;
  kind: 'over-limit' | 'central-unreachable';
  ticket: string;
  printed: string;
  amount_cents: number;
  receipt_no: number | null;
  reason: string | null;
  filed_at: string;
}

export function ClaimsPage() {
  const { t, lang } = useI18n();
  const { data, error, reload } = useOp<Claim[]>('console.claims');
  if (!data) return <Loading error={error} onRetry={reload} />;
  return (
    <section className="page">
      <h1>{t('claims.title')}</h1>
      <p className="muted">{t('claims.identity')}</p>
      <Table
        testId="claims"
        rows={data}
        columns={[
          { head: t('col.at'), cell: (r) => dateTime(r.filed_at, lang) },
          { head: t('col.ticket'), cell: (r) => <span className="mono">{r.printed}</span> },
          { head: t('col.amount'), cell: (r) => money(r.amount_cents, lang), num: true },
          { head: t('claims.kind'), cell: (r) => t(`claims.${r.kind}`) },
          { head: t('col.terminal'), cell: (r) => <a href={`#/terminal/${encodeURIComponent(r.terminal)}`}>{r.terminal}</a> },
          { head: t('col.retailer'), cell: (r) => r.retailer },
          { head: t('claims.receipt'), cell: (r) => r.receipt_no ?? '—', num: true },
          { head: t('col.reason'), cell: (r) => r.reason ?? '' },
        ]}
      />
    </section>
  );
}
