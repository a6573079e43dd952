/**
 * The player's self-check kiosk: an attract screen; a scan (validation barcode, or the inventory
 * barcode: "scratch it first") shows the verdict, the prize in figures and words and the ticket drawn
 * with its winning zones; winners are told to present the ticket at the counter. The screen clears at
 * each new scan and goes back to the attract screen after a few seconds (the host's setting), in the
 * terminal's language. Too many checks from one scanner: "please wait" with the time left.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SelfCheckStatusView, SelfCheckVerdictView } from '../../../common/api/methods/selfcheck.js';
import type { Language } from '../../../common/api/views.js';
import type { WedgeOptions } from '../../../common/wedge-decoder.js';
import { useApi } from '../api/context.js';
import { money } from '../format.js';
import { I18nProvider, useLanguage, useT } from '../i18n/index.js';
import { ScanProvider, useScans, type Scan } from '../scan/ScanProvider.js';
import { svgDataUrl } from '../screens/validate/verdict-style.js';
import { secondsLeft, toneOf, waitText } from './attract-timer.js';
import '../styles/selfcheck.css';

/**
 * Nobody types on a self-check kiosk (it has no keyboard, only the scanner): every key run is a scan,
 * so gaps of a busy machine inside one are tolerated far beyond the counter's limit.
 */
const SELF_CHECK_WEDGE: WedgeOptions = { maxInterKeyMs: 400 };

export function SelfCheckApp(props: { status: SelfCheckStatusView }) {
  const api = useApi();
  const saveLanguage = useCallback((language: Language) => void api.call('selfcheck.language', { language }).catch(() => undefined), [api]);
  return (
    <I18nProvider initial={props.status.language} onChange={saveLanguage}>
      <ScanProvider wedge={SELF_CHECK_WEDGE}>
        <SelfCheckScreen status={props.status} />
      </ScanProvider>
    </I18nProvider>
  );
}

type Phase =
  | { readonly kind: 'attract' }
  | { readonly kind: 'checking' }
  | { readonly kind: 'result'; readonly verdict: SelfCheckVerdictView }
  | { readonly kind: 'wait'; readonly untilMs: number }
  | { readonly kind: 'error' };

function SelfCheckScreen(props: { status: SelfCheckStatusView }) {
  const api = useApi();
  const t = useT();
  const [language, setLanguage] = useLanguage();
  const [phase, setPhase] = useState<Phase>({ kind: 'attract' });
  const [now, setNow] = useState(() => Date.now());
  const seq = useRef(0);
  const resetMs = props.status.reset_seconds * 1000;

  useEffect(() => {
    document.title = t('selfcheck.title');
  }, [t]);

  const backToAttract = useCallback(() => {
    seq.current++;
    setPhase({ kind: 'attract' });
    // The next player starts in the terminal's language.
    if (language !== props.status.language) setLanguage(props.status.language);
  }, [language, props.status.language, setLanguage]);

  // Results go away by themselves; "please wait" when the wait is over.
  useEffect(() => {
    if (phase.kind === 'attract' || phase.kind === 'checking') return;
    const ms = phase.kind === 'wait' ? Math.max(0, phase.untilMs - Date.now()) : resetMs;
    const timer = setTimeout(backToAttract, ms);
    return () => clearTimeout(timer);
  }, [phase, resetMs, backToAttract]);

  // The countdown of "please wait".
  useEffect(() => {
    if (phase.kind !== 'wait') return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [phase]);

  const onScan = (scan: Scan) => {
    // A terminal not set up checks nothing (and a public screen never offers to set it up).
    if (props.status.not_set_up) return;
    const mine = ++seq.current;
    // The previous ticket leaves the screen before anything else happens.
    setPhase({ kind: 'checking' });
    api.call('selfcheck.check', { barcode: scan.data, scanner: scan.source }).then(
      (r) => {
        if (mine !== seq.current) return;
        if (r.status === 'wait') setPhase({ kind: 'wait', untilMs: Date.now() + r.retry_after_seconds * 1000 });
        else setPhase({ kind: 'result', verdict: r.verdict });
      },
      () => {
        if (mine === seq.current) setPhase({ kind: 'error' });
      },
    );
  };
  useScans(onScan);

  return (
    <div className="selfcheck" data-testid="selfcheck" data-phase={phase.kind}>
      <header className="selfcheck-top">
        <span className="selfcheck-brand">{t('selfcheck.title')}</span>
        <button
          type="button"
          className="btn selfcheck-language"
          data-testid="selfcheck-language"
          aria-label={t('selfcheck.languageLabel')}
          lang={language === 'fr' ? 'en' : 'fr'}
          onClick={() => setLanguage(language === 'fr' ? 'en' : 'fr')}
        >
          {t('selfcheck.language')}
        </button>
      </header>
      <main className="selfcheck-body" aria-live="polite">
        {props.status.not_set_up ? <NotSetUp /> : phase.kind === 'attract' && <Attract />}
        {phase.kind === 'checking' && <p className="selfcheck-checking">{t('selfcheck.checking')}</p>}
        {phase.kind === 'result' && <Result verdict={phase.verdict} language={language} onDone={backToAttract} />}
        {phase.kind === 'wait' && (
          <section className="selfcheck-result tone-warn" data-testid="selfcheck-wait">
            <h1 className="selfcheck-headline">{t('selfcheck.wait')}</h1>
            <p className="selfcheck-sub" data-testid="selfcheck-wait-seconds" data-seconds={secondsLeft(phase.untilMs, now)}>
              {waitText(t, language, secondsLeft(phase.untilMs, now))}
            </p>
          </section>
        )}
        {phase.kind === 'error' && (
          <section className="selfcheck-result tone-warn" role="alert">
            <p className="selfcheck-sub">{t('selfcheck.error')}</p>
          </section>
        )}
      </main>
      <footer className="selfcheck-foot">{t('selfcheck.nothingPaid')}</footer>
    </div>
  );
}

/** An unprovisioned folder in self-check mode: what the player reads; the technician sets it up elsewhere (#41). */
function NotSetUp() {
  const t = useT();
  return (
    <section className="selfcheck-result tone-warn" data-testid="selfcheck-not-set-up">
      <h1 className="selfcheck-headline">{t('selfcheck.notSetUp')}</h1>
      <p className="selfcheck-sub">{t('selfcheck.notSetUpSub')}</p>
    </section>
  );
}

function Attract() {
  const t = useT();
  return (
    <section className="selfcheck-attract" data-testid="selfcheck-attract">
      <div className="selfcheck-scanner" aria-hidden="true">
        <span className="selfcheck-bars" />
        <span className="selfcheck-beam" />
      </div>
      <h1 className="selfcheck-headline">{t('selfcheck.attract')}</h1>
      <p className="selfcheck-sub">{t('selfcheck.attractSub')}</p>
    </section>
  );
}

function Result(props: { verdict: SelfCheckVerdictView; language: Language; onDone: () => void }) {
  const t = useT();
  const v = props.verdict;
  const words = v.prize_words ? v.prize_words[props.language] : null;
  return (
    <section className={`selfcheck-result tone-${toneOf(v.kind)}`} data-testid="selfcheck-result" data-kind={v.kind}>
      <div className="selfcheck-verdict">
        <h1 className="selfcheck-headline" data-testid="selfcheck-headline">
          {t(`selfcheck.kind.${v.kind}`)}
        </h1>
        {v.prize_cents !== null && (
          <>
            <p className="selfcheck-amount" data-testid="selfcheck-amount">
              {money(v.prize_cents, props.language)}
            </p>
            {words && (
              <p className="selfcheck-words" data-testid="selfcheck-words">
                {words}
              </p>
            )}
          </>
        )}
        <p className="selfcheck-sub" data-testid="selfcheck-sub">
          {t(`selfcheck.sub.${v.kind}`)}
        </p>
        {v.ticket && (
          <p className="selfcheck-ticket" data-testid="selfcheck-ticket">
            {v.game_name ? `${v.game_name} · ` : ''}
            {t('selfcheck.ticket', { ticket: v.ticket })}
          </p>
        )}
        <button type="button" className="btn btn-primary selfcheck-done" data-testid="selfcheck-done" onClick={props.onDone}>
          {t('selfcheck.done')}
        </button>
      </div>
      {v.picture_svg && (
        <figure className="selfcheck-picture">
          <img src={svgDataUrl(v.picture_svg)} alt={t('selfcheck.picture')} data-testid="selfcheck-picture" draggable={false} />
        </figure>
      )}
    </section>
  );
}
