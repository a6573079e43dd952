/**
 * Published emissions, and publishing one (`publish {dir}`, dual control under operators): the page
 * shows the time elapsed while central checks and stores the blocks, then what was published.
 */
import { useEffect, useState } from 'react';
import { runOp } from '../api.js';
import { count, dateTime } from '../format.js';
import { useI18n } from '../i18n.js';
import { errorText, Loading, Notice, Table } from '../parts.js';
import { useOp } from '../use-op.js';
import { EmissionsView } from '../../../common/console/emissions.js';

export function EmissionsPage() {
  const { t, lang } = useI18n();
  const { data, error, reload } = useOp('console.emissions', {}, EmissionsView);
  const [dir, setDir] = useState('');
  const [since, setSince] = useState<number | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setElapsed(Math.round((Date.now() - since) / 1000)), 500);
    return () => clearInterval(timer);
  }, [since]);
  if (!data) return <Loading error={error} onRetry={reload} />;
  return (
    <section className="page">
      <h1>{t('em.title')}</h1>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault();
          if (!dir.trim() || since !== null) return;
          setSince(Date.now());
          setElapsed(0);
          runOp<unknown[]>('publish', { dir: dir.trim() })
            .then(
              (a) => setNotice({ ok: true, text: a.status === 'proposed' ? t('em.proposed', { id: a.proposal_id }) : t('em.published', { n: a.result.length }) }),
              (err: unknown) => setNotice({ ok: false, text: t('common.error', { error: errorText(err, { t, lang }) }) }),
            )
            .finally(() => (setSince(null), reload()));
        }}
      >
        <label>
          {t('em.dir')} <input value={dir} onChange={(e) => setDir(e.target.value)} size={50} />
        </label>
        <button type="submit" disabled={since !== null}>
          {t('em.publish')}
        </button>
        {since !== null ? (
          <span role="status">
            <progress /> {t('em.publishing', { seconds: elapsed })}
          </span>
        ) : null}
      </form>
      <Notice notice={notice} />
      <Table
        testId="emissions"
        rows={data}
        columns={[
          { head: t('games.name'), cell: (r) => r.game },
          { head: t('em.emission'), cell: (r) => r.emission, num: true },
          { head: t('em.block'), cell: (r) => r.block, num: true },
          { head: t('em.size'), cell: (r) => count(r.size, lang), num: true },
          { head: 'SHA-256', cell: (r) => <span className="mono">{r.sha256.slice(0, 16)}…</span> },
          { head: t('col.at'), cell: (r) => dateTime(r.published_at, lang) },
        ]}
      />
    </section>
  );
}
