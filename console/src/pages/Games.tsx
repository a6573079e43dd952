/** Games, on sale or suspended; suspend and resume (`game.suspend` / `game.resume`, operators' ops). */
import { useState } from 'react';
import { runOp } from '../api.js';
import { May } from '../may.js';
import { dateTime, money } from '../format.js';
import { useI18n } from '../i18n.js';
import { errorText, Loading, Notice, ReasonForm, Table } from '../parts.js';
import { useOp } from '../use-op.js';
import { GamesView } from '../../../common/console/games.js';

export function GamesPage() {
  const { t, lang } = useI18n();
  const { data, error, reload } = useOp('console.games', {}, GamesView);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  if (!data) return <Loading error={error} onRetry={reload} />;
  return (
    <section className="page">
      <h1>{t('games.title')}</h1>
      <Notice notice={notice} />
      <Table
        testId="games"
        rows={data}
        columns={[
          { head: t('games.name'), cell: (r) => `${r.name} (${r.game})` },
          { head: t('games.price'), cell: (r) => money(r.price_cents, lang), num: true },
          { head: t('games.status'), cell: (r) => (r.enabled ? t('games.on') : t('games.off')) + (r.reason ? ` — ${r.reason}` : '') + (r.updated_at ? `, ${dateTime(r.updated_at, lang)}` : '') },
          {
            head: t('col.actions'),
            cell: (r) => (
              <May op={r.enabled ? 'game.suspend' : 'game.resume'}>
              <ReasonForm
                label={r.enabled ? t('games.suspend') : t('games.resume')}
                testId={`game-${r.game}`}
                onSubmit={async (reason) => {
                  try {
                    const a = await runOp(r.enabled ? 'game.suspend' : 'game.resume', { game: r.game, reason });
                    setNotice({ ok: true, text: a.status === 'proposed' ? t('cfg.proposed', { id: a.proposal_id }) : t('games.done', { game: r.name, status: r.enabled ? t('games.off') : t('games.on') }) });
                    reload();
                  } catch (e) {
                    setNotice({ ok: false, text: t('common.error', { error: errorText(e, { t, lang }) }) });
                  }
                }}
              />
              </May>
            ),
          },
        ]}
      />
    </section>
  );
}
