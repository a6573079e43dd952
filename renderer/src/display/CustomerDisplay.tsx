/**
 * The customer-facing display (route `#/display`, the second screen): shows the player each verdict
 * and amount at the very moment the cashier sees it (the `display` events are emitted by the same
 * call that answers the cashier), and the sale total. Nothing here is interactive: in Electron this
 * window's preload gives it the language and the display views, nothing else (`displayApi`).
 */
import { useEffect, useState } from 'react';
import type { DisplayView, Language, VerdictKind } from '../../../common/api/views.js';
import { createDisplayApi, type DisplayApi } from '../api/client.js';
import { DigitalUnits } from './DigitalUnits.js';
import { DISPLAY_IDLE_MS, viewExpires } from './view-expiry.js';
import { money } from '../format.js';
import { I18nProvider, useLanguage, useT } from '../i18n/index.js';
import { countKey } from '../i18n/plural.js';

/** The display's narrow API, made once for this window. */
let shared: DisplayApi | null = null;
function displayApi(): DisplayApi {
  shared ??= createDisplayApi();
  return shared;
}

export function CustomerDisplay() {
  const [language, setLanguage] = useState<Language | null>(null);
  useEffect(() => {
    const load = () =>
      displayApi().language().then(
        (language) => setLanguage(language),
        () => setLanguage((l) => l ?? 'fr'),
      );
    void load();
    const timer = setInterval(() => void load(), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!language) return <div className="display" />;
  return (
    <I18nProvider key={language} initial={language}>
      <DisplayBoard />
    </I18nProvider>
  );
}

function tone(verdict: VerdictKind): 'win' | 'lose' | 'info' | 'warn' {
  if (verdict === 'winner' || verdict === 'above-limit') return 'win';
  if (verdict === 'loser') return 'lose';
  if (verdict === 'already-paid') return 'info';
  return 'warn';
}

function DisplayBoard() {
  const t = useT();
  const [language] = useLanguage();
  const [view, setView] = useState<DisplayView>({ kind: 'idle' });

  useEffect(() => displayApi().onDisplay(setView), []);
  useEffect(() => {
    if (!viewExpires(view)) return undefined;
    const timer = setTimeout(() => setView({ kind: 'idle' }), DISPLAY_IDLE_MS);
    return () => clearTimeout(timer);
  }, [view]);

  const m = (cents: number) => money(cents, language);
  let body;
  let className = 'display-idle';
  switch (view.kind) {
    case 'idle':
      body = (
        <>
          <div className="display-headline" data-testid="display-welcome">
            {t('display.welcome')}
          </div>
          <div className="display-sub" data-testid="display-welcome-sub">
            {t('display.welcomeSub')}
          </div>
        </>
      );
      break;
    case 'verdict':
      className = `display-verdict tone-${tone(view.verdict)}`;
      body = (
        <>
          <div className="display-headline" data-testid="display-verdict">
            {view.scratch_first ? t('display.verdict.inventory-barcode') : t(`display.verdict.${view.verdict}`)}
          </div>
          {view.prize_cents !== null && view.prize_cents > 0 && (
            <div className="display-amount" data-testid="display-amount">
              {m(view.prize_cents)}
            </div>
          )}
          <div className="display-sub">{view.scratch_first ? t('display.verdictSub.inventory-barcode') : t(`display.verdictSub.${view.verdict}`)}</div>
          {view.ticket && <div className="display-ticket">{view.ticket}</div>}
        </>
      );
      break;
    case 'paid':
      className = 'display-paid tone-win';
      body = (
        <>
          <div className="display-headline" data-testid="display-verdict">
            {t('display.paid')}
          </div>
          <div className="display-amount" data-testid="display-amount">
            {m(view.prize_cents)}
          </div>
          <div className="display-sub">{t('display.paidSub')}</div>
          {view.pending && (
            <div className="display-sub" data-testid="display-pending">
              {t('display.paidPending')}
            </div>
          )}
        </>
      );
      break;
    case 'refused':
      className = 'display-verdict tone-warn';
      body = (
        <>
          <div className="display-headline" data-testid="display-verdict">
            {t(`display.refused.${view.reason}`)}
          </div>
          <div className="display-sub">{t(`display.refusedSub.${view.reason}`)}</div>
        </>
      );
      break;
    case 'cart':
      className = 'display-cart';
      body = (
        <>
          <div className="display-sub">{t(countKey('display.cart', view.count, language), { n: view.count })}</div>
          <div className="display-amount" data-testid="display-amount">
            {m(view.total_cents)}
          </div>
        </>
      );
      break;
    case 'sale':
      className = 'display-sale';
      body = (
        <>
          <div className="display-headline">{t('display.thanks')}</div>
          <dl className="display-lines">
            <dt>{t('display.total')}</dt>
            <dd data-testid="display-amount">{m(view.total_cents)}</dd>
            <dt>{t('display.tendered')}</dt>
            <dd>{m(view.tendered_cents)}</dd>
            <dt>{t('display.change')}</dt>
            <dd className="display-change">{m(view.change_cents)}</dd>
          </dl>
        </>
      );
      break;
    case 'digital': {
      const unit = view.units[view.current];
      className = `display-digital${unit?.finished ? (unit.prize_cents ? ' tone-win' : ' tone-lose') : ''}`;
      body = <DigitalUnits units={view.units} current={view.current} />;
      break;
    }
  }
  return (
    <div className={`display ${className}`} data-testid="customer-display" data-kind={view.kind}>
      <div className="display-brand">
        <span className="brand-mark" aria-hidden="true">G</span> {t('app.name')}
      </div>
      <div className="display-body" aria-live="assertive">
        {body}
      </div>
      <div className="display-foot">{t('display.responsible')}</div>
    </div>
  );
}
