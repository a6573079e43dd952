/**
 * Central's journal (who did what, when), newest first, a page at a time; its chain verified from the
 * first entry against the keys the lottery's root certified (`journal.verify`), and exported as JSON
 * lines to keep off the machine (`journal.export`; `guichet central journal verify --file` checks it).
 */
import { useState } from 'react';
import { readView } from '../api.js';
import { count, dateTime } from '../format.js';
import { useI18n } from '../i18n.js';
import { actWords } from '../act-words.js';
import { errorText, Loading, Notice, Table } from '../parts.js';
import { useOp } from '../use-op.js';
import { AuditView, JournalExportView, JournalVerifyView } from '../../../common/console/audit.js';

/** The export as `journal export --out` writes it: the header's line, then one line per entry. */
export function exportLines(x: JournalExportView): string {
  return [x.header, ...x.entries].map((l) => JSON.stringify(l)).join('\n') + '\n';
}

function JournalProof() {
  const { t, lang } = useI18n();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<JournalVerifyView | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const verify = async () => {
    setBusy(true);
    setNotice(null);
    try {
      setReport(await readView('journal.verify', JournalVerifyView));
    } catch (e) {
      setNotice({ ok: false, text: t('common.error', { error: errorText(e, { t, lang }) }) });
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const x = await readView('journal.export', JournalExportView);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([exportLines(x)], { type: 'application/jsonl' }));
      a.download = `central-journal-${new Date().toISOString().slice(0, 10)}.jsonl`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
      setNotice({ ok: true, text: t('audit.exported', { n: count(x.entries.length, lang) }) });
    } catch (e) {
      setNotice({ ok: false, text: t('common.error', { error: errorText(e, { t, lang }) }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="toolbar">
      <button type="button" onClick={() => void verify()} disabled={busy} data-testid="journal-verify">
        {t('audit.verify')}
      </button>
      <button type="button" onClick={() => void download()} disabled={busy} data-testid="journal-export">
        {t('audit.export')}
      </button>
      {busy ? <span className="muted">{t('audit.working')}</span> : null}
      {report ? (
        <p className={report.ok ? 'notice' : 'error'} role={report.ok ? 'status' : 'alert'} data-testid="journal-report">
          {report.ok
            ? t('audit.intact', { n: count(report.entries, lang), root: report.root_fingerprint.slice(0, 16) })
            : t('audit.broken', { id: report.first_break?.entry_id ?? 0, detail: report.first_break?.detail ?? report.first_break?.problem ?? '' })}
        </p>
      ) : null}
      <Notice notice={notice} />
    </div>
  );
}

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
      <JournalProof />
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
            {
              head: t('col.type'),
              cell: (r) => (
                <>
                  {actWords(r.type, lang) ?? ''}
                  {/* The code too: the filter above takes it. */}
                  <div className="mono muted">{r.type}</div>
                </>
              ),
            },
            { head: t('col.detail'), cell: (r) => <code>{JSON.stringify(r.payload).slice(0, 200)}</code> },
          ]}
        />
      )}
    </section>
  );
}
