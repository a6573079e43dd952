/**
 * The sell screen's digital part: sell one Happy 2014 or Millionnaire unit (online only: central hands
 * it out), then the player plays it on the customer display — Jouer reveals the next zone, Auto all of
 * them — and this screen follows. The play state is kept by the terminal at every step: after a reload
 * or a restart, the last unit's play comes back where it was. Replay, reprint, and today's history for
 * managers.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DigitalHistoryLine, DigitalSaleView } from '../../../../common/api/methods/digital.js';
import type { DigitalPlayView } from '../../../../common/api/views.js';
import type { ReceiptView } from '../../../../common/api/views.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { PlayBoard } from '../../digital/PlayBoard.js';
import { money, time } from '../../format.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { useSession } from '../../shell/session.js';
import { parseEuros } from './amount.js';
import { ReceiptPanel } from './ReceiptPanel.js';

const GAMES = [
  { code: 'happy-2014', name: 'Happy 2014', price_cents: 300 },
  { code: 'millionnaire', name: 'Millionnaire', price_cents: 1000 },
] as const;

export function DigitalPanel() {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const { operator, status } = useSession();
  // Digital games sell online only: a link that is not up is said before anyone presses Vendre.
  const link = status.central?.state ?? 'not-enrolled';
  const linkDown = link === 'not-enrolled' || link === 'refused' || link === 'disabled' || status.connection !== 'online';
  const { busy, error, run } = useAction();
  const [tendered, setTendered] = useState('');
  const [play, setPlay] = useState<DigitalPlayView | null>(null);
  const [sale, setSale] = useState<DigitalSaleView | null>(null);
  const [receipt, setReceipt] = useState<ReceiptView | null>(null);
  const [history, setHistory] = useState<readonly DigitalHistoryLine[] | null>(null);
  const isManager = operator?.role === 'manager';
  // A unit just sold: its play (Jouer, Auto and the board) is brought into sight, Jouer focused (Enter plays).
  const playArea = useRef<HTMLDivElement>(null);
  const [justSold, setJustSold] = useState<string | null>(null);
  useEffect(() => {
    if (!justSold) return;
    playArea.current?.scrollIntoView({ block: 'start' });
    playArea.current?.querySelector<HTMLButtonElement>('[data-testid="digital-play"]')?.focus({ preventScroll: true });
  }, [justSold]);

  // Resume the last unit's play (a reload, a restart) where it stopped.
  useEffect(() => {
    void api.call('digital.get', {}).then(
      (r) => {
        if (r.play && !r.play.finished) setPlay(r.play);
      },
      () => undefined,
    );
  }, [api]);

  const loadHistory = useCallback(async () => {
    if (!isManager) return;
    const r = await api.call('digital.history', {}).catch(() => null);
    if (r) setHistory(r.units);
  }, [api, isManager]);
  useEffect(() => void loadHistory(), [loadHistory]);

  async function sell(game: (typeof GAMES)[number]): Promise<void> {
    const typed = tendered.trim() === '' ? game.price_cents : parseEuros(tendered);
    const r = await run(() => api.call('digital.sell', { game: game.code, tendered_cents: typed ?? -1 }));
    if (!r) return;
    setSale(r.sale);
    setReceipt(r.receipt);
    setPlay(r.play);
    setJustSold(r.sale.sale_key);
    setTendered('');
    void loadHistory();
  }

  async function reveal(how: { next: true } | { all: true }): Promise<void> {
    // Jouer and Auto stay enabled (and focused) while a reveal is under way: a disabled button drops the
    // focus, and the next Enter would play nothing. A press during a reveal is ignored instead.
    if (!play || busy) return;
    const r = await run(() => api.call('digital.reveal', { sale_key: play.sale_key, ...how }));
    if (r) setPlay(r.play);
    if (r?.play.finished) void loadHistory();
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

  return (
    <section className="card digital-part" data-testid="digital-part">
      <header className="sell-head">
        <h2>{t('digital.title')}</h2>
        <span className="muted small">{t('digital.online')}</span>
      </header>
      <div className="digital-actions">
        <label className="field" htmlFor="digital-tendered">
          <span className="field-label">{t('digital.tendered')}</span>
          <input id="digital-tendered" className="input" inputMode="decimal" value={tendered} onChange={(e) => setTendered(e.target.value)} data-testid="digital-tendered" />
        </label>
        {GAMES.map((g) => (
          <button key={g.code} type="button" className="btn btn-primary" disabled={busy || linkDown} title={linkDown ? t(`digital.link.${link === 'online' ? 'offline' : link}`) : undefined} data-testid={`digital-sell-${g.code}`} onClick={() => void sell(g)}>
            {t('digital.sell', { game: g.name, price: money(g.price_cents, language) })}
          </button>
        ))}
      </div>
      {linkDown && !error && (
        <div className="banner banner-warn" role="status" data-testid="digital-link" data-link={link === 'online' ? 'offline' : link}>
          {t(`digital.link.${link === 'online' ? 'offline' : link}`)}
        </div>
      )}
      <ErrorBanner message={error} testId="digital-error" />
      {play && (
        <div ref={playArea} className="digital-play-area" data-testid="digital-play-area">
          <p className="digital-sale-info" data-testid="digital-sale-info">
            {t('digital.unit', { number: play.number })} — {t('digital.barcode')} <span data-testid="digital-barcode">{play.validation_barcode}</span>
            {sale && sale.sale_key === play.sale_key && sale.change_cents > 0 && <> — {t('digital.change', { amount: money(sale.change_cents, language) })}</>}
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
          </div>
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
