/** The bar at the bottom of every screen: operator, central link, events waiting to sync, printer, till. */
import type { ReactNode } from 'react';
import type { Role } from '../../../common/api/views.js';
import { useLanguage, useT, type Translate } from '../i18n/index.js';
import { connectionHint } from './connection-hint.js';
import { printerState, type Tone } from './printer-state.js';
import { shortAgo } from './short-ago.js';
import { useSession } from './session.js';

export { printerState, type Tone } from './printer-state.js';

/** An item of the bar; one with a `hint` takes the focus (Tab) and shows it then, as a mouse shows it on hover. */
function Item(props: { tone: Tone; testId: string; title?: string; hint?: string; children: ReactNode }) {
  const hint = props.hint;
  return (
    <span
      className={`status-item tone-${props.tone}${hint ? ' has-hint' : ''}`}
      data-testid={props.testId}
      title={hint ?? props.title}
      data-hint={hint}
      tabIndex={hint ? 0 : undefined}
      aria-description={hint}
    >
      <span className="status-dot" aria-hidden="true" />
      {props.children}
    </span>
  );
}

function roleName(t: Translate, role: Role): string {
  return t(`role.${role}`);
}


type Status = ReturnType<typeof useSession>['status'];

function connectionTone(reachable: boolean, status: Status): Tone {
  if (!reachable) return 'bad';
  const state = status.central?.state;
  if (state === 'refused' || state === 'disabled') return 'bad';
  return status.connection === 'online' ? 'ok' : 'warn';
}

function connectionText(t: Translate, language: 'fr' | 'en', reachable: boolean, status: Status): string {
  if (!reachable) return t('status.lost');
  const link = status.central;
  if (link?.state === 'disabled') return t('status.disabled');
  if (link?.state === 'refused') return t('status.refused');
  const base = status.connection === 'online' ? t('status.online') : t('status.offline');
  return link && link.seconds_since_contact !== null && link.state !== 'online' ? `${base} · ${t('status.contact', { ago: shortAgo(link.seconds_since_contact, language) })}` : base;
}

export function StatusBar() {
  const t = useT();
  const [language] = useLanguage();
  const { status, reachable, info } = useSession();
  const printer = printerState(status.printer);
  return (
    <footer className="status-bar" role="status" aria-live="polite">
      <Item tone={status.operator ? 'ok' : 'neutral'} testId="status-operator">
        {status.operator ? (
          <>
            <strong>{status.operator.name}</strong>&nbsp;·&nbsp;{roleName(t, status.operator.role)}
          </>
        ) : (
          t('status.nobody')
        )}
      </Item>
      <Item tone={connectionTone(reachable, status)} testId="status-connection" hint={connectionHint(t, language, reachable, status)}>
        {connectionText(t, language, reachable, status)}
      </Item>
      <Item tone={status.outbox_waiting > 0 ? 'warn' : 'ok'} testId="status-outbox">
        {status.outbox_waiting > 0 ? t('status.outbox', { n: status.outbox_waiting }) : t('status.outbox.none')}
      </Item>
      <Item tone={printer.tone} testId="status-printer" title={status.printer?.detail ?? status.printer?.uri}>
        {t(printer.key)}
      </Item>
      <Item tone={status.cash_session_open ? 'ok' : 'neutral'} testId="status-cash">
        {status.cash_session_open ? t('status.cash.open') : t('status.cash.closed')}
      </Item>
      <span className="status-terminal" data-testid="terminal-id">
        {info.terminal_id}
      </span>
    </footer>
  );
}
