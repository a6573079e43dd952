/**
 * After a restore (#21): online claims are held until every active terminal has re-synced. Every page
 * says so at its top, with how many terminals are still to come and the first of them; a security
 * operator may propose to release the claims (dual control: another approves it on the Configuration page).
 */
import { useState } from 'react';
import { RestoreStatusView } from '../../common/console/restore.js';
import { runOp } from './api.js';
import { dateTime } from './format.js';
import { useI18n } from './i18n.js';
import { errorText, Notice, ReasonForm } from './parts.js';
import { useOp } from './use-op.js';

const SHOWN = 10;

export function RestoreBanner({ roles }: { roles: readonly string[] }) {
  const { t, lang } = useI18n();
  const { data, reload } = useOp('restore.status', {}, RestoreStatusView);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  if (!data) return null;
  return (
    <RestoreHoldNotice
      status={data}
      roles={roles}
      notice={notice}
      onRelease={async (reason) => {
        try {
          const a = await runOp('restore.release', { reason });
          setNotice({ ok: true, text: a.status === 'proposed' ? t('restore.proposed', { id: a.proposal_id }) : t('restore.released') });
          reload();
        } catch (e) {
          setNotice({ ok: false, text: t('common.error', { error: errorText(e, { t, lang }) }) });
        }
      }}
    />
  );
}

/** The banner itself, from the status (nothing when claims are not held). */
export function RestoreHoldNotice({
  status,
  roles,
  notice,
  onRelease,
}: {
  status: RestoreStatusView;
  roles: readonly string[];
  notice: { ok: boolean; text: string } | null;
  onRelease: (reason: string) => Promise<void>;
}) {
  const { t, lang } = useI18n();
  if (!status.held) return null;
  const more = status.waiting - Math.min(SHOWN, status.waiting_terminals.length);
  return (
    <section className="banner-alert" role="alert" data-testid="restore-banner" aria-labelledby="restore-title">
      <h2 id="restore-title">{t('restore.title', { at: dateTime(status.started_at, lang) })}</h2>
      <p>{t('restore.why', { resynced: status.resynced, waiting: status.waiting })}</p>
      {status.waiting_terminals.length > 0 && (
        <ul data-testid="restore-waiting">
          {status.waiting_terminals.slice(0, SHOWN).map((w) => (
            <li key={w.terminal_id}>
              <a href={`#/terminal/${encodeURIComponent(w.terminal_id)}`}>{w.terminal_id}</a> — {w.retailer} — {t('restore.last_heard', { at: dateTime(w.last_contact_at, lang) })}
            </li>
          ))}
          {more > 0 && <li className="muted">{t('restore.more', { n: more })}</li>}
        </ul>
      )}
      {roles.includes('security') && <ReasonForm label={t('restore.release')} testId="restore-release" onSubmit={onRelease} />}
      <Notice notice={notice} />
    </section>
  );
}
