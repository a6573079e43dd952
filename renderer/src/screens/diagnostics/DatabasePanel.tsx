/** The database, the imported outcome tables and the integrity check with its progress bar. */
import type { DatabaseView, BlockView, IntegrityView } from '../../../../common/api/methods/diagnostics.js';
import { count, date, dateTime } from '../../format.js';
import { textOf, useLanguage, useT } from '../../i18n/index.js';
import { formatBytes } from './bytes.js';

export interface DatabasePanelProps {
  readonly database: DatabaseView;
  readonly blocks: readonly BlockView[];
  readonly integrity: IntegrityView | null;
  readonly integrityError: string | null;
  onIntegrity(): void;
}

/** Share of the check done, 0–1: the database and the journal count as one step each, then every unit. */
export function integrityProgress(v: IntegrityView): number {
  if (v.state === 'done') return 1;
  const steps = (v.database ? 1 : 0) + (v.journal ? 1 : 0) + v.done;
  return steps / (2 + v.total);
}

function Step(props: { label: string; ok: boolean; detail: string; testId?: string }) {
  return (
    <li className={props.ok ? 'check-ok' : 'check-bad'} data-testid={props.testId}>
      <span className="check-mark" aria-hidden="true">
        {props.ok ? '✓' : '✗'}
      </span>
      <span className="check-label">{props.label}</span>
      <span className="check-detail">{props.detail}</span>
    </li>
  );
}

export function DatabasePanel(props: DatabasePanelProps) {
  const t = useT();
  const [language] = useLanguage();
  const d = props.database;
  const v = props.integrity;
  const running = v?.state === 'running';
  const phase = v ? (v.phase === 'blocks' ? t('diag.integrity.phase.blocks', { done: count(v.done, language), total: count(v.total, language) }) : textOf(t, `diag.integrity.phase.${v.phase}`, undefined, v.phase)) : '';
  return (
    <section className="card diag-card" aria-labelledby="diag-db">
      <h2 id="diag-db">{t('diag.database')}</h2>
      <dl className="diag-facts" data-testid="diag-database">
        <div>
          <dt>{t('diag.db.size')}</dt>
          <dd data-testid="diag-db-size">
            {formatBytes(d.size_bytes, language)}
            {d.wal_bytes > 0 && <span className="muted small"> {t('diag.db.wal', { size: formatBytes(d.wal_bytes, language) })}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('diag.db.schema')}</dt>
          <dd>{d.schema_version}</dd>
        </div>
        <div>
          <dt>{t('diag.db.journal')}</dt>
          <dd data-testid="diag-journal-entries">{count(d.journal_entries, language)}</dd>
        </div>
        <div>
          <dt>{t('diag.db.outbox')}</dt>
          <dd>{count(d.outbox_waiting, language)}</dd>
        </div>
        <div>
          <dt>{t('diag.central.url')}</dt>
          <dd data-testid="diag-central-url">{d.central?.url ?? t('diag.central.none')}</dd>
        </div>
        {d.central?.url ? (
          <>
            <div>
              <dt>{t('diag.central.state')}</dt>
              <dd data-testid="diag-central-state">
                {t(`diag.central.state.${d.central.state}`)}
                {d.central.problem ? (
                  <>
                    {' — '}
                    {t('diag.central.said')} <code lang="en">{d.central.problem}</code>
                  </>
                ) : null}
              </dd>
            </div>
            <div>
              <dt>{t('diag.central.push')}</dt>
              <dd>{d.central.last_push_at ? dateTime(d.central.last_push_at, language) : t('diag.central.never')}</dd>
            </div>
            <div>
              <dt>{t('diag.central.pull')}</dt>
              <dd>{d.central.last_pull_at ? dateTime(d.central.last_pull_at, language) : t('diag.central.never')}</dd>
            </div>
            <div>
              <dt>{t('diag.central.error')}</dt>
              <dd data-testid="diag-central-error">
                {d.central.last_error ? (
                  <>
                    {t('diag.central.technical')} <code lang="en">{d.central.last_error}</code>
                  </>
                ) : (
                  t('diag.central.no-error')
                )}
              </dd>
            </div>
            <div>
              <dt>{t('diag.central.offset')}</dt>
              <dd>{d.central.clock_offset_ms === null ? '—' : `${count(d.central.clock_offset_ms, language)} ms`}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{t('diag.db.operators')}</dt>
          <dd>{d.operators_active}</dd>
        </div>
        <div>
          <dt>{t('diag.db.packs')}</dt>
          <dd>{count(d.packs, language)}</dd>
        </div>
      </dl>
      <h3>{t('diag.blocks')}</h3>
      {props.blocks.length === 0 ? (
        <p className="muted">{t('diag.blocks.none')}</p>
      ) : (
        <table className="diag-table" data-testid="diag-blocks">
          <thead>
            <tr>
              <th>{t('diag.blocks.game')}</th>
              <th className="num">{t('diag.blocks.emission')}</th>
              <th className="num">{t('diag.blocks.block')}</th>
              <th className="num">{t('diag.blocks.units')}</th>
              <th>{t('diag.blocks.imported')}</th>
              <th className="num">{t('diag.blocks.file')}</th>
            </tr>
          </thead>
          <tbody>
            {props.blocks.map((b) => (
              <tr key={`${b.game}-${b.emission}-${b.block}`} data-testid="diag-block">
                <td>{b.game_name}</td>
                <td className="num">{b.emission}</td>
                <td className="num">{b.block}</td>
                <td className="num">{count(b.unit_count, language)}</td>
                <td className="nowrap" title={dateTime(b.imported_at, language)}>
                  {date(b.imported_at, language)}
                </td>
                <td className="num" title={b.file_name}>
                  {b.file_bytes === null ? <span className="pill pill-bad">{t('diag.blocks.missing')}</span> : formatBytes(b.file_bytes, language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="diag-integrity" data-testid="diag-integrity">
        <div className="diag-card-head">
          <h3>{t('diag.integrity')}</h3>
          <button type="button" className="btn btn-primary" data-testid="diag-integrity-run" disabled={running} onClick={props.onIntegrity}>
            {running ? t('diag.integrity.running') : t('diag.integrity.run')} <kbd>Alt+3</kbd>
          </button>
        </div>
        <p className="muted">{t('diag.integrity.hint')}</p>
        {props.integrityError && (
          <div className="banner banner-error" role="alert">
            {props.integrityError}
          </div>
        )}
        {v && (
          <>
            <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(integrityProgress(v) * 100)} data-testid="diag-integrity-progress">
              <div className={`progress-bar ${v.state === 'done' ? (v.ok ? 'progress-ok' : 'progress-bad') : ''}`} style={{ width: `${integrityProgress(v) * 100}%` }} />
            </div>
            <div className="progress-label">{phase}</div>
            {v.state === 'done' && (
              <div className={`banner ${v.ok ? 'banner-ok' : 'banner-error'}`} data-testid="diag-integrity-result" role="status">
                {v.ok ? t('diag.integrity.ok') : t('diag.integrity.bad')}
              </div>
            )}
            <ul className="checks">
              {v.database && <Step label={t('diag.integrity.database')} ok={v.database.ok} detail={v.database.ok ? t('diag.integrity.databaseOk') : v.database.detail} />}
              {v.journal && (
                <Step
                  label={t('diag.integrity.journal')}
                  ok={v.journal.ok}
                  detail={v.journal.ok ? t('diag.integrity.journalOk', { n: count(v.journal.entries ?? 0, language) }) : v.journal.detail}
                />
              )}
              {v.blocks.map((b) => (
                <Step
                  key={b.label}
                  label={b.label}
                  ok={b.ok}
                  detail={b.ok ? t('diag.integrity.blockOk', { units: count(b.units, language) }) : b.detail}
                  testId="diag-integrity-block"
                />
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
