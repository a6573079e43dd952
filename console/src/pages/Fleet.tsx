/**
 * The fleet: every terminal (35,000 and more) in one virtualized table (TanStack Table for sorting and
 * search, TanStack Virtual to draw only the rows on screen); a state filter; a row opens the terminal.
 */
import { useMemo, useRef, useState } from 'react';
import { columnFilteringFeature, createColumnHelper, createFilteredRowModel, createSortedRowModel, filterFn_includesString, globalFilteringFeature, rowSortingFeature, sortFn_alphanumeric, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { count, dateTime, duration } from '../format.js';
import { useI18n } from '../i18n.js';
import { Loading } from '../parts.js';
import { useOp } from '../use-op.js';
import { FleetView, fleetTerminals, type FleetTerminal } from '../../../common/console/fleet.js';

type Filter = 'all' | 'online' | 'offline' | 'disabled' | 'alerts';

const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  rowSortingFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  filterFns: { includesString: filterFn_includesString },
  sortFns: { alphanumeric: sortFn_alphanumeric },
});
const helper = createColumnHelper<typeof features, FleetTerminal>();

const ROW_HEIGHT = 34;
const NUMERIC = new Set(['lag', 'alerts', 'last_seq']);
const GRID = 'minmax(9rem, 1.2fr) minmax(10rem, 2fr) 8rem 11rem 8rem 6rem 6rem 6rem';

export function FleetPage() {
  const { data, error, reload } = useOp('console.fleet', {}, FleetView);
  if (!data) return <Loading error={error} onRetry={reload} />;
  return <FleetTable answer={data} />;
}

function matches(t: FleetTerminal, f: Filter): boolean {
  if (f === 'online') return t.online;
  if (f === 'offline') return !t.online;
  if (f === 'disabled') return t.status === 'disabled';
  if (f === 'alerts') return t.integrity_alerts + t.refused_pushes + t.quarantined > 0;
  return true;
}

function FleetTable({ answer }: { answer: FleetView }) {
  const { t, lang } = useI18n();
  const [filter, setFilter] = useState<Filter>('all');
  // The answer's columns as rows, once per answer.
  const terminals = useMemo(() => fleetTerminals(answer), [answer]);
  const data = useMemo(() => (filter === 'all' ? terminals : terminals.filter((x) => matches(x, filter))), [terminals, filter]);
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('terminal_id', { header: t('col.terminal'), sortFn: 'alphanumeric' }),
        helper.accessor('retailer', { header: t('col.retailer') }),
        helper.accessor((r) => (r.status === 'disabled' ? t('state.disabled') : r.online ? t('state.online') : t('state.offline')), { id: 'state', header: t('col.state') }),
        helper.accessor((r) => r.last_contact_at ?? '', { id: 'contact', header: t('col.contact'), enableGlobalFilter: false }),
        helper.accessor((r) => r.sync_lag_seconds ?? -1, { id: 'lag', header: t('col.lag'), enableGlobalFilter: false }),
        helper.accessor((r) => r.software_version ?? '', { id: 'version', header: t('col.version') }),
        helper.accessor((r) => r.integrity_alerts + r.refused_pushes + r.quarantined, { id: 'alerts', header: t('col.alerts'), enableGlobalFilter: false }),
        helper.accessor('last_seq', { header: t('col.seq'), enableGlobalFilter: false }),
      ]),
    [t],
  );
  const table = useTable({
    features,
    columns,
    data,
    getRowId: (r) => r.terminal_id,
    globalFilterFn: 'includesString',
    initialState: { sorting: [{ id: 'terminal_id', desc: false }], globalFilter: '' },
  });
  const rows = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10, getItemKey: (i) => rows[i]!.id });

  return (
    <section className="page fleet">
      <h1>{t('fleet.title')}</h1>
      <div className="toolbar">
        <label>
          {t('fleet.search')}{' '}
          <input type="search" data-testid="fleet-search" autoFocus value={String(table.atoms.globalFilter.get() ?? '')} onChange={(e) => table.setGlobalFilter(e.target.value)} />
        </label>
        <label>
          {t('fleet.status')}{' '}
          <select data-testid="fleet-filter" value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
            <option value="all">{t('fleet.all')}</option>
            <option value="online">{t('fleet.online')}</option>
            <option value="offline">{t('fleet.offline')}</option>
            <option value="disabled">{t('fleet.disabled')}</option>
            <option value="alerts">{t('fleet.alerts_only')}</option>
          </select>
        </label>
        <span className="muted" data-testid="fleet-count">
          {t('fleet.shown', { shown: count(rows.length, lang), total: count(terminals.length, lang) })}
        </span>
        <span className="muted">{t('fleet.window', { seconds: answer.online_seconds })}</span>
      </div>
      <div className="vtable" role="table" aria-rowcount={rows.length} data-testid="fleet-table">
        <div className="vhead" role="row" style={{ gridTemplateColumns: GRID }}>
          {table.getHeaderGroups()[0]!.headers.map((h) => {
            const sorted = h.column.getIsSorted();
            return (
              <div role="columnheader" key={h.id} className={NUMERIC.has(h.id) ? 'num' : undefined} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                <button type="button" className="sort" data-testid={`sort-${h.id}`} onClick={h.column.getToggleSortingHandler()}>
                  <table.FlexRender header={h} /> {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                </button>
              </div>
            );
          })}
        </div>
        <div className="vbody" ref={scroller}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((v) => {
              const r = rows[v.index]!.original;
              const alerts = r.integrity_alerts + r.refused_pushes + r.quarantined;
              return (
                <a
                  key={v.key}
                  href={`#/terminal/${encodeURIComponent(r.terminal_id)}`}
                  role="row"
                  aria-rowindex={v.index + 1}
                  className={`vrow ${r.status === 'disabled' ? 'is-disabled' : r.online ? 'is-online' : 'is-offline'}`}
                  data-testid="fleet-row"
                  style={{ transform: `translateY(${v.start}px)`, height: ROW_HEIGHT, gridTemplateColumns: GRID }}
                >
                  <span role="cell" className="mono">{r.terminal_id}</span>
                  <span role="cell">{r.retailer}</span>
                  <span role="cell">
                    <span className="dot" aria-hidden="true" /> {r.status === 'disabled' ? t('state.disabled') : r.online ? t('state.online') : t('state.offline')}
                  </span>
                  <span role="cell">{dateTime(r.last_contact_at, lang)}</span>
                  <span role="cell" className="num">{duration(r.sync_lag_seconds, lang)}</span>
                  <span role="cell">{r.software_version ?? '—'}</span>
                  <span role="cell" className={`num${alerts > 0 ? ' warn' : ''}`}>{alerts}</span>
                  <span role="cell" className="num">{r.last_seq}</span>
                </a>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
