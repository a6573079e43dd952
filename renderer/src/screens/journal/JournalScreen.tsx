/**
 * The journal: every recorded operation, newest first, a page at a time, filtered by type; and the
 * chain check, answered plainly: green with the number of entries verified, or red with the first
 * broken entry and what is wrong with it.
 */
import { useCallback, useEffect, useState } from 'react';
import type { JournalPageView, JournalVerifyView } from '../../../../common/api/methods/journal.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { count, dateTime } from '../../format.js';
import { textOf, useLanguage, useT } from '../../i18n/index.js';
import { errorText } from '../../i18n/errors.js';
import { useScans } from '../../scan/ScanProvider.js';
import { payloadSummary } from './summary.js';
import '../sell/common.css';
import './journal.css';

const PAGE = 25;

export function JournalScreen() {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const [type, setType] = useState('');
  /** `before_seq` of each page shown so far (undefined = newest). */
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  const [page, setPage] = useState<JournalPageView | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const [verify, setVerify] = useState<JournalVerifyView | null>(null);
  const { busy: verifying, error, setError, run } = useAction();
  const before = pages[pages.length - 1];

  useScans(() => undefined);

  const load = useCallback(async () => {
    try {
      setPage(await api.call('journal.list', { limit: PAGE, ...(before === undefined ? {} : { before_seq: before }), ...(type ? { type } : {}) }));
      setForbidden(false);
    } catch (err) {
      if ((err as { code?: string }).code === 'forbidden') setForbidden(true);
      else setError(errorText(t, err));
    }
  }, [before, type, t]);
  useEffect(() => void load(), [load]);

  async function runVerify(): Promise<void> {
    await run(async () => {
      setVerify(await api.call('journal.verify', {}));
      await load();
    });
  }

  const problem = (p: string) => {
    return textOf(t, `journal.problem.${p}`, undefined, p);
  };

  return (
    <div className="journal" data-testid="journal-screen">
      <header className="screen-head">
        <h1>{t('journal.title')}</h1>
        <button type="button" className="btn btn-primary" data-testid="journal-verify" disabled={verifying} onClick={() => void runVerify()}>
          {verifying ? t('journal.verifying') : `✓ ${t('journal.verify')}`}
        </button>
      </header>
      {verify &&
        (verify.ok ? (
          <div className="verify verify-ok" role="status" data-testid="journal-verify-result" data-ok="yes">
            <span className="verify-icon" aria-hidden="true">
              ✓
            </span>
            <div>
              <strong>{t('journal.ok', { n: count(verify.entries, language) })}</strong>
              <p className="mono small">
                {t('journal.checkedAt', { at: dateTime(verify.checked_at, language) })} · {verify.last_hash.slice(0, 16)}…
              </p>
            </div>
          </div>
        ) : (
          <div className="verify verify-bad" role="alert" data-testid="journal-verify-result" data-ok="no">
            <span className="verify-icon" aria-hidden="true">
              ✗
            </span>
            <div>
              {verify.first_break && (
                <>
                  <strong>{t('journal.broken', { seq: verify.first_break.seq, problem: problem(verify.first_break.problem) })}</strong>
                  <p>{verify.first_break.detail}</p>
                </>
              )}
              {verify.invariants.map((b) => (
                <div key={b.rule} data-testid="journal-invariant" data-rule={b.rule}>
                  <strong>{t('journal.invariant', { seq: b.seq, rule: textOf(t, `journal.rule.${b.rule}`, undefined, b.rule) })}</strong>
                  <p>{b.detail}</p>
                </div>
              ))}
              <p className="small">{t('journal.checkedAt', { at: dateTime(verify.checked_at, language) })}</p>
            </div>
          </div>
        ))}
      <ErrorBanner message={error} testId="journal-error" />
      {forbidden ? (
        <p className="banner banner-info">{t('journal.listForbidden')}</p>
      ) : (
        page && (
          <section className="card">
            <div className="journal-tools">
              <label className="field journal-filter" htmlFor="journal-type">
                <span className="field-label">{t('journal.filter')}</span>
                <select
                  id="journal-type"
                  className="input"
                  value={type}
                  data-testid="journal-type"
                  onChange={(e) => {
                    setType(e.target.value);
                    setPages([undefined]);
                  }}
                >
                  <option value="">{t('journal.filter.all')}</option>
                  {page.types.map((x) => (
                    <option key={x} value={x}>
                      {textOf(t, `journal.type.${x}`, undefined, x)}
                    </option>
                  ))}
                </select>
              </label>
              <span className="muted" data-testid="journal-total">
                {t(page.total === 1 ? 'journal.total.one' : 'journal.total', { n: count(page.total, language) })}
              </span>
              <span className="journal-paging">
                <button type="button" className="btn btn-small" disabled={pages.length <= 1} data-testid="journal-newer" onClick={() => setPages((p) => p.slice(0, -1))}>
                  {t('journal.newer')}
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={page.next_before === null}
                  data-testid="journal-older"
                  onClick={() => setPages((p) => [...p, page.next_before ?? undefined])}
                >
                  {t('journal.older')}
                </button>
              </span>
            </div>
            {page.entries.length === 0 ? (
              <p className="empty">{t('journal.empty')}</p>
            ) : (
              <table className="table journal-table" data-testid="journal-table">
                <thead>
                  <tr>
                    <th className="num">{t('journal.col.seq')}</th>
                    <th>{t('journal.col.at')}</th>
                    <th>{t('journal.col.type')}</th>
                    <th>{t('journal.col.operator')}</th>
                    <th>{t('journal.col.detail')}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.entries.map((e) => (
                    <tr key={e.seq} data-testid="journal-entry" className={verify?.first_break?.seq === e.seq || verify?.invariants.some((b) => b.seq === e.seq) ? 'broken' : undefined}>
                      <td className="num mono">{e.seq}</td>
                      <td className="nowrap">{dateTime(e.at, language)}</td>
                      <td>
                        <span className={`tag type-tag type-${e.type.split('.')[0] ?? ''}`} title={e.type} data-testid="journal-type-tag">
                          {textOf(t, `journal.type.${e.type}`, undefined, e.type)}
                        </span>
                      </td>
                      <td>{e.operator ?? <span className="muted">{t('journal.terminal')}</span>}</td>
                      <td className="small journal-detail">{payloadSummary(e.type, e.payload, t)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        )
      )}
    </div>
  );
}
