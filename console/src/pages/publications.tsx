/**
 * Emissions being published (#22: "publish, with progress"): each publication proposed or running
 * (dual control) with how many of its blocks central has published, read again every second while one
 * runs; the second operator approves it here and watches it go. Progress is central's own figure
 * (`publish.progress`: the folder's blocks, those published), so any operator sees the same.
 */
import { useEffect, useRef, useState } from 'react';
import { readView, runOp } from '../api.js';
import { useMay } from '../may.js';
import { dateTime } from '../format.js';
import { useI18n } from '../i18n.js';
import { errorText, Notice, ReasonForm } from '../parts.js';
import { ProposalsView } from '../../../common/console/proposals.js';
import { PublishProgressView } from '../../../common/console/emissions.js';

type Proposal = ProposalsView[number];
interface Row {
  proposal: Proposal;
  progress: PublishProgressView | null;
}

/** Read again every second while a publication runs, every 5 s otherwise. */
const FAST_MS = 1000;
const SLOW_MS = 5000;

async function publications(): Promise<Row[]> {
  const lists = await Promise.all((['running', 'proposed'] as const).map((status) => readView('proposal.list', ProposalsView, { status })));
  const pubs = lists.flat().filter((p) => p.op === 'publish');
  return Promise.all(pubs.map(async (proposal) => ({ proposal, progress: await readView('publish.progress', PublishProgressView, { dir: String(proposal.args.dir) }).catch(() => null) })));
}

export function Publications({ onPublished, nudge }: { onPublished: () => void; nudge: number }) {
  const { t, lang } = useI18n();
  const may = useMay();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [tick, setTick] = useState(0);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const listed = useRef(new Set<number>());
  useEffect(() => {
    let live = true;
    publications().then(
      (r) => {
        if (!live) return;
        // A publication no longer listed has ended (published, failed, rejected or expired): the published blocks' table is read again.
        const now = new Set(r.map((x) => x.proposal.id));
        if ([...listed.current].some((id) => !now.has(id))) onPublished();
        listed.current = now;
        setRows(r);
      },
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [tick, nudge, onPublished]);
  useEffect(() => {
    if (rows === null) return;
    const timer = setTimeout(() => setTick((x) => x + 1), rows.some((r) => r.proposal.status === 'running') ? FAST_MS : SLOW_MS);
    return () => clearTimeout(timer);
  }, [rows]);
  return (
    <section data-testid="publications">
      {rows && rows.length > 0 ? <h2>{t('em.pending')}</h2> : null}
      <ul className="plain">
        {(rows ?? []).map(({ proposal: p, progress }) => (
          <li key={p.id} data-testid="publication">
            <div>
              <strong>{t('em.proposal', { id: p.id })}</strong> <span className="mono">{String(p.args.dir)}</span> · {t('em.proposed_by', { who: p.proposer, at: dateTime(p.proposed_at, lang) })}
            </div>
            <div>
              <span data-testid="publication-state">{p.status === 'running' ? t('em.running') : t('em.waiting')}</span>
              {progress ? (
                <span role="status" data-testid="publication-progress">
                  {' · '}
                  <progress value={progress.published} max={Math.max(1, progress.total)} /> {t('em.blocks', { published: progress.published, total: progress.total })}
                </span>
              ) : null}
            </div>
            {p.status === 'proposed' && may('publish') ? (
              <ReasonForm
                label={t('em.approve')}
                testId={`approve-publish-${p.id}`}
                onSubmit={async (reason) => {
                  setTick((x) => x + 1);
                  try {
                    const a = await runOp<unknown[]>('proposal.approve', { id: p.id, reason });
                    setNotice({ ok: true, text: a.status === 'done' ? t('em.approved') : t('em.proposed', { id: a.proposal_id }) });
                  } catch (e) {
                    setNotice({ ok: false, text: t('common.error', { error: errorText(e, { t, lang }) }) });
                  }
                  setTick((x) => x + 1);
                  onPublished();
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <Notice notice={notice} />
    </section>
  );
}
