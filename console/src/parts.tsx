/** Small pieces every page uses: loading and errors, a notice after an act, a reason form. */
import { useState, type ReactNode } from 'react';
import { useI18n } from './i18n.js';

export function Loading({ error, onRetry }: { error: string | null; onRetry?: () => void }) {
  const { t } = useI18n();
  if (error)
    return (
      <p className="error" role="alert">
        {t('common.error', { error })} {onRetry && <button onClick={onRetry}>{t('app.retry')}</button>}
      </p>
    );
  return <p className="muted">{t('app.loading')}</p>;
}

export function Notice({ notice }: { notice: { ok: boolean; text: string } | null }) {
  if (!notice) return null;
  return (
    <p className={notice.ok ? 'notice' : 'error'} role={notice.ok ? 'status' : 'alert'} data-testid="notice">
      {notice.text}
    </p>
  );
}

export { errorText } from './refusal-words.js';

/** A one-line form: a reason (required; or what `field` names, a note…) and a button; Enter submits. */
export function ReasonForm({
  label,
  onSubmit,
  testId,
  children,
  field,
  autoFocus,
}: {
  label: string;
  onSubmit: (reason: string) => Promise<void>;
  testId: string;
  children?: ReactNode;
  field?: string;
  autoFocus?: boolean;
}) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="inline"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim() || busy) return;
        setBusy(true);
        void onSubmit(reason.trim()).finally(() => (setBusy(false), setReason('')));
      }}
    >
      {children}
      <label>
        {field ?? t('common.reason')}{' '}
        <input value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} aria-label={`${label} — ${field ?? t('common.reason')}`} autoFocus={autoFocus} />
      </label>
      <button type="submit" disabled={busy || !reason.trim()}>
        {label}
      </button>
    </form>
  );
}

/** A plain table of rows (small lists; the fleet has its own virtualized one). */
export function Table<R>({ rows, columns, testId, empty }: { rows: readonly R[]; columns: { head: string; cell: (r: R) => ReactNode; num?: boolean }[]; testId: string; empty?: string }) {
  const { t } = useI18n();
  if (rows.length === 0) return <p className="muted">{empty ?? t('term.none')}</p>;
  return (
    <table className="grid" data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.head} className={c.num ? 'num' : undefined}>
              {c.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {columns.map((c) => (
              <td key={c.head} className={c.num ? 'num' : undefined}>
                {c.cell(r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
