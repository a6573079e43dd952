/**
 * The page shown when the kiosk cannot load at all (#25). Before the terminal answers, its language is
 * unknown: the words are in French and in English. A page left open while the kiosk restarted holds the
 * old start's cookie (401): it says so and where the new link is, the field for it focused (Retry could
 * only be refused again, so it is not offered); a host that does not answer at all is retried here (Retry
 * works when it comes back at this address), or the new link pasted and opened.
 */
import { useState, type FormEvent } from 'react';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../i18n/index.js';

export type BootErrorKind = 'restarted' | 'down';

/** A refusal of this page's session means the kiosk restarted; anything else, that it does not answer. */
export function bootErrorKind(err: unknown): BootErrorKind {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'not-authenticated' ? 'restarted' : 'down';
}

/** A link worth opening: the kiosk on this machine (http on 127.0.0.1 or localhost), else null. */
export function kioskLink(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]') ? url.href : null;
  } catch {
    return null;
  }
}

const dict = mergeDictionaries(DICTIONARIES);
const LANGS = [makeTranslate(dict, 'fr'), makeTranslate(dict, 'en')] as const;

export function BootError(props: { kind: BootErrorKind; detail: string; onRetry: () => void }) {
  const [link, setLink] = useState('');
  const target = kioskLink(link);
  function open(e: FormEvent): void {
    e.preventDefault();
    if (target) window.location.assign(target);
  }
  return (
    <main className="boot boot-error" role="alert" data-testid="boot-error" data-kind={props.kind}>
      {LANGS.map((t, i) => (
        <section key={i} lang={i === 0 ? 'fr' : 'en'}>
          <h1 className="boot-error-title">{t(`app.${props.kind}.title`)}</h1>
          <p className="muted">{t(`app.${props.kind}.what`)}</p>
        </section>
      ))}
      <form className="boot-error-link" onSubmit={open}>
        <input
          className="input"
          aria-label={`${LANGS[0]('app.newLink')} / ${LANGS[1]('app.newLink')}`}
          placeholder="http://127.0.0.1:…/?token=…"
          data-testid="boot-new-link"
          autoFocus={props.kind === 'restarted'}
          value={link}
          onChange={(e) => setLink(e.target.value)}
        />
        <button type="submit" className="btn" disabled={!target} data-testid="boot-open-link">
          {LANGS[0]('app.openLink')} / {LANGS[1]('app.openLink')}
        </button>
      </form>
      {props.kind === 'down' && (
        <button type="button" className="btn btn-primary" data-testid="boot-retry" autoFocus onClick={props.onRetry}>
          {LANGS[0]('app.retry')} / {LANGS[1]('app.retry')}
        </button>
      )}
      <details className="muted">
        <summary>
          {LANGS[0]('app.technical')} / {LANGS[1]('app.technical')}
        </summary>
        <pre>{props.detail}</pre>
      </details>
    </main>
  );
}
