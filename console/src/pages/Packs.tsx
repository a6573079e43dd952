/** Packs: the inventory by state, each pack with its shipment and settlement; ship packs to a retailer. */
import { useState } from 'react';
import { runOp } from '../api.js';
import { May } from '../may.js';
import { count, dateTime } from '../format.js';
import { TEXTS, useI18n, type TextKey } from '../i18n.js';
import { errorText, Loading, Notice, Table } from '../parts.js';
import { useOp } from '../use-op.js';
import { PacksView } from '../../../common/console/packs.js';

interface PackRow {
  number?: string;
  game: string;
  emission: number;
  block: number;
  pack: number;
  state: 'shipped' | 'received' | 'active' | 'settled' | 'returned';
  terminal?: string;
  shipped_to: string | null;
  shipped_at: string | null;
  settled_at?: string | null;
  settle_reason?: string | null;
  low_tier_winners?: number;
  low_tier_validated?: number;
}

const STATES = ['shipped', 'received', 'active', 'settled', 'returned'] as const;

/** How many packs are in each state: each count with its word agreeing (« 1 reçu », « 2 reçus »). */
export function PackTiles({ byState }: { byState: Partial<Record<string, number>> }) {
  const { t, lang } = useI18n();
  return (
    <ul className="tiles" data-testid="packs-by-state">
      {STATES.map((s) => (
        <li key={s}>
          <strong>{count(byState[s] ?? 0, lang)}</strong> {t(`packs.tile.${s}`, { n: byState[s] ?? 0 })}
        </li>
      ))}
    </ul>
  );
}

/** Each pack: its state in the singular, where it went, when and why it was settled in words. */
export function PacksTable({ rows }: { rows: readonly PackRow[] }) {
  const { t, lang } = useI18n();
  const settled = (r: PackRow): string => {
    if (!r.settled_at) return '—';
    const key = `packs.settle.${r.settle_reason ?? ''}`;
    const why = key in TEXTS[lang] ? t(key as TextKey) : (r.settle_reason ?? '');
    return why ? `${dateTime(r.settled_at, lang)} (${why})` : dateTime(r.settled_at, lang);
  };
  return (
    <Table
      testId="packs"
      rows={[...rows]}
      columns={[
        { head: t('packs.pack'), cell: (r) => <span className="mono">{r.number ?? `${r.game} ${r.emission}/${r.block}/${r.pack}`}</span> },
        { head: t('col.state'), cell: (r) => t(`packs.state.${r.state}`) },
        { head: t('col.terminal'), cell: (r) => (r.terminal ? <a href={`#/terminal/${encodeURIComponent(r.terminal)}`}>{r.terminal}</a> : '—') },
        { head: t('packs.shipped_to'), cell: (r) => (r.shipped_to ? `${r.shipped_to}, ${dateTime(r.shipped_at, lang)}` : '—') },
        { head: t('packs.settled'), cell: settled },
        { head: t('packs.low_tier'), cell: (r) => (r.low_tier_winners === undefined ? '—' : `${r.low_tier_validated ?? 0}/${r.low_tier_winners}`), num: true },
      ]}
    />
  );
}

export function PacksPage() {
  const { t, lang } = useI18n();
  const { data, error, reload } = useOp('console.packs', {}, PacksView);
  const [numbers, setNumbers] = useState('');
  const [retailer, setRetailer] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  if (!data) return <Loading error={error} onRetry={reload} />;
  const all: PackRow[] = [...data.in_transit, ...data.packs];
  return (
    <section className="page">
      <h1>{t('packs.title')}</h1>
      <PackTiles byState={data.by_state} />
      <May op="packs.ship">
      <form
        className="stack"
        data-testid="packs-ship"
        onSubmit={(e) => {
          e.preventDefault();
          const packs = numbers.split(/[\s,;]+/).filter(Boolean);
          if (packs.length === 0 || !retailer.trim()) return;
          runOp<{ retailer: string }[]>('packs.ship', { packs, retailer: retailer.trim() }).then(
            // The retailer as its record names it (typed in any case, or by its id).
            (a) => (setNotice({ ok: true, text: t('packs.shipped', { n: packs.length, retailer: (a.status === 'done' ? a.result[0]?.retailer : undefined) ?? retailer.trim() }) }), setNumbers(''), reload()),
            (err: unknown) => setNotice({ ok: false, text: t('common.error', { error: errorText(err, { t, lang }) }) }),
          );
        }}
      >
        <h2>{t('packs.ship')}</h2>
        <label>
          {t('packs.numbers')}
          <textarea rows={3} value={numbers} onChange={(e) => setNumbers(e.target.value)} />
        </label>
        <label>
          {t('packs.retailer')} <input value={retailer} onChange={(e) => setRetailer(e.target.value)} />
        </label>
        <button type="submit">{t('packs.ship')}</button>
      </form>
      </May>
      <Notice notice={notice} />
      <PacksTable rows={all} />
    </section>
  );
}
