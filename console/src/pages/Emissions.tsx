/**
 * Published emissions, and publishing one (`publish {dir}`, dual control under operators): the page
 * shows the blocks central has published so far and the time elapsed while it checks and stores them,
 * the publications waiting for a second operator or running (publications.tsx), then what was published.
 */
import { useEffect, useState } from 'react';
import { readView, runOp } from '../api.js';
import { May } from '../may.js';
import { count, dateTime } from '../format.js';
import { useI18n } from '../i18n.js';
import { errorText, Loading, Notice, ReasonForm, Table } from '../parts.js';
import { useOp } from '../use-op.js';
import { EmissionsView, PublishProgressView } from '../../../common/console/emissions.js';
import { Publications } from './publications.js';

export function EmissionsPage() {
  const { t, lang } = useI18n();
  const { data, error, reload } = useOp('console.emissions', {}, EmissionsView);
  const [dir, setDir] = useState('');
  const [since, setSince] = useState<number | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [progress, setProgress] = useState<PublishProgressView | null>(null);
  const [proposed, setProposed] = useState(0);
  useEffect(() => {
    if (since === null) return;
    const folder = dir.trim();
    const timer = setInterval(() => {
      setElapsed(Math.round((Date.now() - since) / 1000));
      readView('publish.progress', PublishProgressView, { dir: folder }).then(setProgress, () => undefined);
    }, 1000);
    return () => clearInterval(timer);
    // The folder is the one being published (the field is read when publishing starts).
  }, [since]);
  if (!data) return <Loading error={error} onRetry={reload} />;
  return (
    <section className="page">
      <h1>{t('em.title')}</h1>
      {/* Under operators a publication is under dual control: its reason travels with the proposal. */}
      <May op="publish">
      <ReasonForm
        label={t('em.publish')}
        testId="publish-form"
        onSubmit={async (reason) => {
          if (!dir.trim() || since !== null) return;
          setSince(Date.now());
          setElapsed(0);
          setProgress(null);
          try {
            const a = await runOp<unknown[]>('publish', { dir: dir.trim() }, reason);
            setNotice({ ok: true, text: a.status === 'proposed' ? t('em.proposed', { id: a.proposal_id }) : t('em.published', { n: a.result.length }) });
            setProposed((x) => x + 1);
          } catch (err) {
            setNotice({ ok: false, text: t('common.error', { error: errorText(err, { t, lang }) }) });
          } finally {
            setSince(null);
            reload();
          }
        }}
      >
        <label>
          {t('em.dir')} <input value={dir} onChange={(e) => setDir(e.target.value)} size={50} required />
        </label>
      </ReasonForm>
      </May>
      {since !== null ? (
        <p role="status">
          {progress ? <progress value={progress.published} max={Math.max(1, progress.total)} /> : <progress />} {progress ? `${t('em.blocks', { published: progress.published, total: progress.total })} · ` : ''}
          {t('em.publishing', { seconds: elapsed })}
        </p>
      ) : null}
      <Notice notice={notice} />
      <Publications onPublished={reload} nudge={proposed} />
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
