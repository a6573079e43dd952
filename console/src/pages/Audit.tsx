/** Central's journal (who did what, when), newest first, a page at a time. */
import { useState } from 'react';
import { dateTime } from '../format.js';
import { useI18n } from '../i18n.js';
import { Loading, Table } from '../parts.js';
import { useOp } from '../use-op.js';
import { AuditView } from '../../../common/console/audit.js';

export function AuditPage() {
  const { t, lang } = useI18n();
  const [before, setBefore] = useState<number[]>([]);
  const [type, setType] = useState('');
  const args: Record<string, unknown> = { limit: 100 };
  if (before.length > 0) args.before = before.at(-1);
  if (type.trim()) args.type = type.trim();
  const { data, error, reload } = useOp('console.audit', args, AuditView);
  return (
    <section className="page">
      <h1>{t('audit.title')}</h1>
      <div className="toolbar">
        <label>
          {t('audit.type')} <input value={type} onChange={(e) => (setType(e.target.value), setBefore([]))} placeholder="config.set" />
        </label>
        {before.length > 0 ? (
          <button type="button" onClick={() => setBefore((b) => b.slice(0, -1))}>
            ←
          </button>
        ) : null}
        {data?.next_before ? (
          <button type="button" onClick={() => setBefore((b) => [...b, data.next_before!])}>
            {t('audit.more')} →
          </button>
        ) : null}
      </div>
      {!data ? (
        <Loading error={error} onRetry={reload} />
      ) : (
        <Table
          testId="audit"
          rows={data.entries}
          columns={[
            { head: 'N°', cell: (r) => r.entry_id, num: true },
            { head: t('col.at'), cell: (r) => dateTime(r.at, lang) },
            { head: t('audit.actor'), cell: (r) => r.actor },
            { head: t('col.type'), cell: (r) => r.type },
            { head: t('col.detail'), cell: (r) => <code>{JSON.stringify(r.payload).slice(0, 200)}</code> },
          ]}
        />
      )}
    </section>
  );
}
