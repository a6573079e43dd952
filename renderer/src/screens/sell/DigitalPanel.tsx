/**
 * The sell screen's digital part: a unit sold in the basket (online only: central hands it out) is
 * then played by the player on the customer display — Jouer reveals the next zone, Auto all of
 * them — and this screen follows. Units are added to the basket on the sell screen (one payment). The play state is kept by the terminal at every step: after a reload
 * or a restart, the last unit's play comes back where it was. Replay, reprint, and today's history for
 * managers.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DigitalHistoryLine } from '../../../../common/api/methods/digital.js';
import type { DigitalPlayView } from '../../../../common/api/views.js';
import type { ReceiptView } from '../../../../common/api/views.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { PlayBoard } from '../../digital/PlayBoard.js';
import { money, time } from '../../format.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { useSession } from '../../shell/session.js';
import { ReceiptPanel } from './ReceiptPanel.js';

export function DigitalPanel({ refresh = 0, beside = null }: { readonly refresh?: number; /** Shown beside Jouer until the unit just sold is played: the basket's change. */ readonly beside?: ReactNode }) {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const { operator } = useSession();
  const { busy, error, run } = useAction();
  const [play, setPlay] = useState<DigitalPlayView | null>(null);
  const [receipt, setReceipt] = useState<ReceiptView | null>(null);
  const [history, setHistory] = useState<readonly DigitalHistoryLine[] | null>(null);
  /** The basket's next unit to play, once the one on screen is finished. */
  const [nextUnit, setNextUnit] = useState<DigitalPlayView | null>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (nextUnit) nextButton.current?.focus();
  }, [nextUnit]);
  const isManager = operator?.role === 'manager';
  // A unit just sold: Jouer focused (Enter plays) and brought into sight, scrolled no further than that,
  // so that the change to give back and the receipt above stay in sight with it (also when the receipt's
  // picture arrives after and pushes it down); once played, the board stays in sight as it grows.
  const playArea = useRef<HTMLDivElement>(null);
  const [justSold, setJustSold] = useState<{ readonly key: string; readonly basket: number } | null>(null);
  useEffect(() => {
    if (!justSold) return;
    playArea.current?.querySelector<HTMLButtonElement>('[data-testid="digital-play"]')?.focus({ preventScroll: true });
  }, [justSold]);
  const shownStep = play && play.sale_key === justSold?.key ? `${play.revealed.length}/${play.finished ? 1 : 0}` : null;
  useEffect(() => {
    if (shownStep === null) return undefined;
    const area = playArea.current;
    const screen = area?.closest('.screen');
    if (!area || !screen) return undefined;
    const unplayed = shownStep === '0/0';
    const keep = (): void => {
      if (unplayed) {
        area.querySelector('.digital-actions')?.scrollIntoView({ block: 'nearest' });
        return;
      }
      const r = area.getBoundingClientRect();
      const s = screen.getBoundingClientRect();
      if (r.top < s.top || r.bottom > s.bottom) area.scrollIntoView({ block: 'start' });
    };
    keep();
    if (!unplayed || typeof ResizeObserver === 'undefined') return undefined;
    const watch = new ResizeObserver(keep);
    watch.observe(screen.firstElementChild ?? screen);
    return () => watch.disconnect();
  }, [shownStep]);

  // Resume the last unit's play (a reload, a restart) where it stopped; after a basket with digital
  // units (`refresh`), the unit to play now, brought into sight with Jouer focused.
  useEffect(() => {
    void api.call('digital.get', {}).then(
      (r) => {
        if (r.play && !r.play.finished) {
          setPlay(r.play);
          setNextUnit(null);
          setReceipt(null);
          if (refresh > 0) setJustSold({ key: r.play.sale_key, basket: refresh });
        }
        if (refresh > 0) void loadHistory();
      },
      () => undefined,
    );
  }, [api, refresh]);

  const loadHistory = useCallback(async () => {
    if (!isManager) return;
    const r = await api.call('digital.history', {}).catch(() => null);
    if (r) setHistory(r.units);
  }, [api, isManager]);
  useEffect(() => void loadHistory(), [loadHistory]);

  async function reveal(how: { next: true } | { all: true }): Promise<void> {
    // Jouer and Auto stay enabled (and focused) while a reveal is under way: a disabled button drops the
    // focus, and the next Enter would play nothing. A press during a reveal is ignored instead.
    if (!play || busy) return;
    const r = await run(() => api.call('digital.reveal', { sale_key: play.sale_key, ...how }));
    if (r) setPlay(r.play);
    if (r?.play.finished) {
      void loadHistory();
      // Another unit of the basket still to play: offered next (focused: Enter goes on).
      const current = await api.call('digital.get', {}).catch(() => null);
      setNextUnit(current?.play && !current.play.finished && current.play.sale_key !== r.play.sale_key ? current.play : null);
    }
  }

  /** The basket's next unit: on this screen and the customer display, Jouer focused. */
  async function playNext(): Promise<void> {
    if (!nextUnit) return;
    const r = await run(() => api.call('digital.replay', { ref: nextUnit.sale_key }));
    if (!r) return;
    setPlay(r.play);
    setNextUnit(null);
    setJustSold({ key: r.play.sale_key, basket: Date.now() });
  }

  async function replay(): Promise<void> {
    if (!play) return;
    const r = await run(() => api.call('digital.replay', { ref: play.sale_key }));
    if (r) setPlay(r.play);
  }

  async function reprint(): Promise<void> {
    if (!play) return;
    const r = await run(() => api.call('sale.reprint', { receipt_no: play.receipt_no }));
    if (r) setReceipt(r);
  }

  // Nothing sold yet to play: the units are added to the basket above, this part stays out of the way.
  if (!play && !receipt && !error && !(isManager && history && history.length > 0)) return null;

  return (
    <section className="card digital-part" data-testid="digital-part">
      <header className="sell-head">
        <h2>{t('digital.title')}</h2>
        <span className="muted small">{t('digital.online')}</span>
      </header>
      <ErrorBanner message={error} testId="digital-error" />
      {play && (
        <div ref={playArea} className="digital-play-area" data-testid="digital-play-area">
          <p className="digital-sale-info" data-testid="digital-sale-info">
            {t('digital.unit', { number: play.number })} — {t('digital.barcode')} <span data-testid="digital-barcode">{play.validation_barcode}</span>
          </p>
          <div className="digital-actions">
            <button type="button" className="btn btn-success" disabled={play.finished} aria-disabled={busy} data-testid="digital-play" onClick={() => void reveal({ next: true })}>
              {t('digital.play')}
            </button>
            <button type="button" className="btn" disabled={play.finished} aria-disabled={busy} data-testid="digital-auto" onClick={() => void reveal({ all: true })}>
              {t('digital.auto')}
            </button>
            <button type="button" className="btn btn-small" disabled={busy} data-testid="digital-replay" onClick={() => void replay()}>
              {t('digital.replay')}
            </button>
            <button type="button" className="btn btn-small" disabled={busy} data-testid="digital-reprint" onClick={() => void reprint()}>
              {t('digital.reprint')}
            </button>
            {beside !== null && shownStep === '0/0' && (
              <span className="digital-beside" data-testid="digital-change">
                {beside}
              </span>
            )}
          </div>
          {nextUnit && play.finished && (
            <button ref={nextButton} type="button" className="btn btn-primary" disabled={busy} data-testid="digital-next-unit" onClick={() => void playNext()}>
              {t('digital.nextUnit', { game: nextUnit.game_name })}
            </button>
          )}
          <PlayBoard view={play} testId="cashier-play" />
          {play.finished && (play.prize_cents ?? 0) > 0 && <p className="muted small">{t('digital.payHint')}</p>}
        </div>
      )}
      {receipt && <ReceiptPanel receipt={receipt} busy={busy} />}
      {isManager && history && (
        <details className="digital-history" data-testid="digital-history">
          <summary>{t('digital.history')} ({history.length})</summary>
          {history.length === 0 ? (
            <p className="muted">{t('digital.history.none')}</p>
          ) : (
            <table>
              <tbody>
                {history.map((h) => (
                  <tr key={h.sale_key}>
                    <td>{time(h.sold_at, language)}</td>
                    <td>{h.number}</td>
                    <td>{money(h.price_cents, language)}</td>
                    <td>{!h.finished ? t('digital.history.playing') : h.prize_cents ? money(h.prize_cents, language) : t('digital.history.nothing')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </details>
      )}
    </section>
  );
}
