/**
 * The status bar's hover text about the link with central, worded from its state and details (how long
 * since central answered, events waiting) in the screen's language. Central's own message (why it
 * refused the journal, why the lottery disabled the terminal) is its English for a technician: it is
 * shown in Diagnostics, never here.
 */
import type { StatusView } from '../../../common/api/views.js';
import type { Translate } from '../i18n/index.js';
import { shortAgo } from './short-ago.js';

export function connectionHint(t: Translate, language: 'fr' | 'en', reachable: boolean, status: StatusView): string {
  if (!reachable) return t('status.hint.lost');
  const link = status.central;
  const waiting = status.outbox_waiting > 0 ? ` ${t('status.hint.waiting', { n: status.outbox_waiting })}` : '';
  switch (link.state) {
    case 'not-enrolled':
      return t('status.hint.not-enrolled');
    case 'refused':
      return t('status.hint.refused');
    case 'disabled':
      return t('status.hint.disabled');
    case 'online':
      return `${t('status.hint.online')}${waiting}`;
    case 'offline':
      return `${link.seconds_since_contact === null ? t('status.hint.offline.never') : t('status.hint.offline', { ago: shortAgo(link.seconds_since_contact, language) })}${waiting}`;
  }
}
