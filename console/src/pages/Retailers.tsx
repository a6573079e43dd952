/**
 * Retailers as records (id, name, address) with their terminals, and a retailer's weekly statement from
 * central (`statement`): on screen, as CSV (a download made in the page), and as PDF through the
 * browser's print (a print stylesheet keeps the statement alone on the page).
 */
import { useMemo, useState } from 'react';

/** Retailers listed at once (search for the others). */
const SHOWN = 50;
import { isoWeekOf, RetailerStatement } from '../../../common/protocol/statement.js';
import { readView } from '../api.js';
import { dateTime, money } from '../format.js';
import { useI18n } from '../i18n.js';
import { statementCsv, statementLines } from '../statement-csv.js';
import { errorText, Loading, Notice } from '../parts.js';
import { useOp } from '../use-op.js';
import { RetailersView } from '../../../common/console/retailers.js';

export function RetailersPage() {
  const { t, lang } = useI18n();
  const { data, error, reload } = useOp('console.retailers', {}, RetailersView);
  const [week, setWeek] = useState(isoWeekOf(new Date()));
  const [statement, setStatement] = useState<RetailerStatement | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLocaleLowerCase();
    const all = data ?? [];
    const found = (r: (typeof all)[number]) =>
      r.name.toLocaleLowerCase().includes(q) || r.address.toLocaleLowerCase().includes(q) || r.id.toLocaleLowerCase() === q || r.terminals.some((id) => id.toLocaleLowerCase() === q);
    return (q ? all.filter(found) : all).slice(0, SHOWN);
  }, [data, search]);
  if (!data) return <Loading error={error} onRetry={reload} />;
  const show = (retailer: string) =>
    readView('statement', RetailerStatement, { retailer, week }).then(
      (s) => (setStatement(s), setNotice(null)),
      (e: unknown) => setNotice({ ok: false, text: t('common.error', { error: errorText(e, { t, lang }) }) }),
    );
  const download = (s: RetailerStatement) => {
    const blob = new Blob([statementCsv(s, (k) => t(k))], { type: 'text/csv;charset=utf-8' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `statement-${s.retailer.replace(/[^A-Za-z0-9_-]+/g, '_')}-${s.week}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  return (
    <section className="page">
      <div className="no-print">
        <h1>{t('ret.title')}</h1>
        <label>
          {t('ret.search')} <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} data-testid="retailer-search" autoFocus />
        </label>{' '}
        <span className="muted">{t('ret.shown', { shown: shown.length, total: data.length })}</span>{' '}
        <label>
          {t('ret.week')} <input value={week} onChange={(e) => setWeek(e.target.value)} pattern="\d{4}-W\d{2}" size={9} data-testid="statement-week" />
        </label>
        <table className="grid" data-testid="retailers">
          <thead>
            <tr>
              <th>{t('ret.id')}</th>
              <th>{t('col.retailer')}</th>
              <th>{t('ret.address')}</th>
              <th>{t('ret.terminals')}</th>
              <th>{t('col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.id} data-testid="retailer-row">
                <td className="mono">{r.id}</td>
                <td>{r.name}</td>
                <td>{r.address || '—'}</td>
                <td>
                  {r.terminals.slice(0, 8).map((id) => (
                    <a key={id} href={`#/terminal/${encodeURIComponent(id)}`} className="chip">
                      {id}
                    </a>
                  ))}
                  {r.terminals.length > 8 ? ` +${r.terminals.length - 8}` : ''}
                  {r.terminals.length === 0 ? <span className="muted">{t('ret.no_terminal')}</span> : null}
                </td>
                <td>
                  {/* A statement is the account of a retailer's terminals: none, nothing to show. */}
                  <button type="button" onClick={() => void show(r.id)} data-testid={`statement-${r.name}`} disabled={r.terminals.length === 0}>
                    {t('ret.show')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Notice notice={notice} />
      </div>
      {statement ? (
        <article className="statement" data-testid="statement">
          <h2>{t('st.title', { retailer: statement.retailer, week: statement.week })}</h2>
          <p className="muted">
            {dateTime(statement.from, lang)} → {dateTime(statement.to, lang)} · {statement.closed ? t('st.closed') : t('st.open')} · {statement.terminals.join(', ')}
          </p>
          <table className="grid">
            <tbody>
              {statementLines(statement).map((l) => (
                <tr key={l.key} data-testid={l.key} className={l.key === 'st.due' || l.key === 'st.net' ? 'total' : undefined}>
                  <th scope="row">{t(l.key)}</th>
                  <td className="num">{l.count ?? ''}</td>
                  <td className="num">{money(l.cents, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="no-print">
            <button type="button" onClick={() => download(statement)} data-testid="statement-csv">
              {t('ret.csv')}
            </button>{' '}
            <button type="button" onClick={() => window.print()} data-testid="statement-pdf">
              {t('ret.pdf')}
            </button>
          </p>
        </article>
      ) : null}
    </section>
  );
}
