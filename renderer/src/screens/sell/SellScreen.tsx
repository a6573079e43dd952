/**
 * The counter's one basket (issue #25): paper tickets (scan each inventory barcode), digital units
 * (a button per game, online only) and prizes (a winner's validation barcode scanned here, or "Add to
 * basket" at Valider) in one sale. The basket is checked by the terminal exactly as completing it will
 * be, kept by the terminal (a reload finds it) and shown on the customer display. Enter moves to the
 * cash received (keypad), Enter again takes the payment — prizes go towards the purchase, and when they
 * exceed it the amount to hand to the player is shown; one receipt is printed after it is all recorded.
 * Esc goes back to the scan field, then asks before clearing the basket. Managers can void a sale here.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { BasketDoneView, BasketView } from '../../../../common/api/methods/sales.js';
import type { ReceiptView } from '../../../../common/api/views.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ScanIcon } from '../../components/ScanIcon.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Money } from '../../components/Money.js';
import { formatEuros } from '../../../../games/money.js';
import { money } from '../../format.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { countKey } from '../../i18n/plural.js';
import { errorText } from '../../i18n/errors.js';
import { useScans } from '../../scan/ScanProvider.js';
import { useEscape } from '../../shell/hotkeys.js';
import { navigate, setLeaveGuard } from '../../shell/route.js';
import { useSession } from '../../shell/session.js';
import { isSuspended } from '../../shell/suspended-games.js';
import { parseEuros, typedEuros } from './amount.js';
import { refusalText } from './refusal-text.js';
import { AmountField } from './AmountField.js';
import { CartTable } from './CartTable.js';
import { DigitalPanel } from './DigitalPanel.js';
import { ReceiptPanel } from './ReceiptPanel.js';
import { SessionSales } from './SessionSales.js';
import './common.css';
import './sell.css';

const EMPTY: BasketView = { lines: [], count: 0, total_cents: 0, basket_id: null, digital: [], prizes: [], purchases_cents: 0, prizes_cents: 0 };
const GAMES = [
  { code: 'happy-2014', name: 'Happy 2014', price_cents: 300 },
  { code: 'millionnaire', name: 'Millionnaire', price_cents: 1000 },
] as const;

interface Contents {
  readonly barcodes: readonly string[];
  readonly digital: readonly ('happy-2014' | 'millionnaire')[];
  readonly prizes: readonly string[];
}
const NOTHING: Contents = { barcodes: [], digital: [], prizes: [] };
const contentsOf = (v: BasketView): Contents => ({ barcodes: v.lines.map((l) => l.barcode), digital: v.digital.map((d) => d.game as 'happy-2014' | 'millionnaire'), prizes: v.prizes.map((p) => p.barcode) });
const NOTES = [500, 1000, 2000, 5000, 10000];

export function SellScreen() {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const { operator, status, refreshStatus } = useSession();
  const [cart, setCart] = useState<BasketView>(EMPTY);
  const [scanText, setScanText] = useState('');
  const [tendered, setTendered] = useState('');
  const { busy, error, setError, run } = useAction();
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState<{ basket: BasketDoneView; receipt: ReceiptView } | null>(null);
  /** Bumped after a basket with digital units: the play part loads the unit to play. */
  const [played, setPlayed] = useState(0);
  const [showSales, setShowSales] = useState(false);
  /** The "sale in progress" question: `proceed` is where the person wanted to go (null: abandon asked from here). */
  const [asking, setAsking] = useState<{ proceed: (() => void) | null } | null>(null);
  const contents = useRef<Contents>(NOTHING);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const scanRef = useRef<HTMLInputElement>(null);
  const tenderRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const isManager = operator?.role === 'manager';

  useEffect(() => {
    // A basket with digital units: the unit's Jouer takes the focus (the play part brings it into sight).
    if (done) {
      if (done.basket.digital.length === 0) nextRef.current?.focus();
    } else scanRef.current?.focus();
    // Also once the cash session is seen open: the scan field only then exists.
  }, [done, status.cash_session_open]);

  // The cart in progress is the terminal's, not this screen's: a reload or a visit elsewhere finds it again.
  useEffect(() => {
    let live = true;
    enqueue(async () => {
      try {
        const view = await api.call('basket.get', {});
        if (!live) return;
        contents.current = contentsOf(view);
        setCart(view);
      } catch {
        // no open cash session, or a technician: the screen says so itself
      }
    });
    return () => {
      live = false;
    };
  }, [api]);

  // Leaving with a sale in progress asks first.
  const items = cart.count + cart.digital.length + cart.prizes.length;
  const inProgress = items > 0 && !done;
  // Digital units sell online only: while central does not answer, they cannot go in the basket.
  const link = status.central?.state ?? 'not-enrolled';
  const linkDown = link === 'not-enrolled' || link === 'refused' || link === 'disabled' || status.connection !== 'online';
  const linkText = t(`digital.link.${link === 'online' ? 'offline' : link}`);
  useEffect(() => {
    if (!inProgress) return undefined;
    return setLeaveGuard((proceed) => {
      setAsking({ proceed });
      return true;
    });
  }, [inProgress]);

  const reset = useCallback(() => {
    contents.current = NOTHING;
    setCart(EMPTY);
    setTendered('');
    setDone(null);
    setError(null);
  }, []);

  /** Runs cart changes one after the other, in scan order. */
  const enqueue = useCallback((job: () => Promise<void>) => {
    queue.current = queue.current.then(job, job);
  }, []);

  /** Replaces the basket (checked by the terminal first: a refusal keeps it as it was). */
  const apply = useCallback(
    async (next: Contents) => {
      const view = await api.call('basket.set', { barcodes: [...next.barcodes], digital: [...next.digital], prizes: [...next.prizes] });
      contents.current = next;
      setCart(view);
      setError(null);
    },
    [api],
  );

  const add = useCallback(
    (raw: string) => {
      const code = raw.trim();
      if (!code) return;
      setNotice(null);
      if (done) reset();
      enqueue(async () => {
        const c = contents.current;
        try {
          await apply({ ...c, barcodes: [...c.barcodes, code] });
        } catch (err) {
          // A winner's validation barcode scanned here: its prize goes towards the purchase.
          if ((err as { code?: unknown })?.code !== 'not-inventory') {
            setError(refusalText(t, code, err));
            return;
          }
          try {
            await apply({ ...c, prizes: [...c.prizes, code] });
          } catch (prizeErr) {
            setError(refusalText(t, code, prizeErr));
          }
        }
      });
    },
    [apply, done, enqueue, reset, t],
  );

  const addDigital = (game: (typeof GAMES)[number]['code']) => {
    setNotice(null);
    if (done) reset();
    enqueue(async () => {
      const c = contents.current;
      try {
        await apply({ ...c, digital: [...c.digital, game] });
      } catch (err) {
        // The terminal asked central, which did not answer: said in words, and the status fetched now so
        // that the digital buttons are disabled at once (not at the next poll).
        if ((err as { code?: unknown })?.code === 'central-unreachable') {
          setError(t('basket.digitalOffline', { game: GAMES.find((g) => g.code === game)?.name ?? game }));
          void refreshStatus();
        } else setError(refusalText(t, game, err));
      }
    });
  };

  const remove = (field: keyof Contents, index: number) =>
    enqueue(async () => {
      const c = contents.current;
      try {
        await apply({ ...c, [field]: c[field].filter((_, i) => i !== index) });
      } catch (err) {
        setError(errorText(t, err));
      }
      scanRef.current?.focus();
    });

  useScans((scan) => add(scan.data));

  useEscape(() => {
    if (done) {
      reset();
      return true;
    }
    if (document.activeElement === tenderRef.current) {
      scanRef.current?.focus();
      return true;
    }
    if (inProgress && !asking) {
      setAsking({ proceed: null });
      return true;
    }
    return false;
  });

  function submitScan(e: FormEvent): void {
    e.preventDefault();
    const value = scanRef.current?.value ?? scanText;
    if (value.trim() === '') {
      if (items > 0) tenderRef.current?.focus();
      return;
    }
    setScanText('');
    add(value);
  }

  const net = cart.purchases_cents - cart.prizes_cents;
  // Prizes covering the purchase: nothing to hand over, the field may stay empty.
  const tenderedCents = tendered.trim() === '' && net <= 0 ? 0 : parseEuros(tendered);
  const change = tenderedCents === null ? null : tenderedCents - net;

  async function complete(amount = tenderedCents): Promise<void> {
    if (busy || items === 0) return;
    if (amount === null) {
      setError(t('amount.invalid'));
      tenderRef.current?.focus();
      return;
    }
    await run(async () => {
      // Let queued cart changes land first.
      await queue.current;
      const c = contents.current;
      const result = await api.call('basket.complete', { basket_id: cart.basket_id ?? '', barcodes: [...c.barcodes], digital: [...c.digital], prizes: [...c.prizes], tendered_cents: amount });
      setDone(result);
      if (result.basket.digital.length > 0) setPlayed((n) => n + 1);
    });
    // Also after a refusal: central found down while completing disables the digital buttons at once.
    void refreshStatus();
  }

  /** Abandons the sale in progress on purpose (journaled by the terminal; the customer display clears). */
  async function abandonSale(): Promise<void> {
    const proceed = asking?.proceed ?? null;
    setAsking(null);
    await queue.current;
    if (await run(() => api.call('cart.abandon', {}))) {
      scanRef.current?.focus();
      reset();
      setNotice(t('sell.abandoned'));
      proceed?.();
    }
  }

  async function reprint(receiptNo: number): Promise<void> {
    const receipt = await run(() => api.call('sale.reprint', { receipt_no: receiptNo }));
    if (receipt) setDone((d) => (d ? { ...d, receipt } : d));
    scanRef.current?.focus();
  }

  if (!status.cash_session_open && !done) {
    return (
      <div className="sell-closed card" data-testid="sell-no-session">
        <h1>{t('sell.title')}</h1>
        <div className="banner banner-warn">{t('sell.noSession')}</div>
        <button type="button" className="btn btn-primary btn-large" data-testid="sell-open-cash" onClick={() => navigate('cash')}>
          {t('sell.openCash')}
        </button>
      </div>
    );
  }

  // The change of the basket just paid: in its card, and beside Jouer while its digital unit waits to be
  // played (the play is brought into sight below the receipt, where the card may be out of sight).
  const changeWords = done ? (
    <>
      <span>{done.basket.change_cents > 0 ? (done.basket.prizes_cents > done.basket.purchases_cents ? t('basket.done.toPlayer') : t('sell.done.change')) : t('sell.done.noChange')}</span>
      {done.basket.change_cents > 0 && <Money cents={done.basket.change_cents} className="change-amount" />}
    </>
  ) : null;
  const cartTable = <CartTable cart={cart} done={done?.basket ?? null} onRemove={remove} />;

  return (
    <div className="sell" data-testid="sell-screen">
      {asking && (
        <ConfirmDialog
          testId="sale-in-progress"
          title={t('sell.inProgress.title')}
          choices={[
            { label: t('sell.inProgress.stay'), testId: 'sale-stay', tone: 'primary', onChoose: () => setAsking(null) },
            ...(asking.proceed
              ? [
                  {
                    label: t('sell.inProgress.keep'),
                    testId: 'sale-keep',
                    onChoose: () => {
                      const go = asking.proceed;
                      setAsking(null);
                      go?.();
                    },
                  },
                ]
              : []),
            { label: t('sell.inProgress.abandon'), testId: 'sale-abandon', tone: 'danger', onChoose: () => void abandonSale() },
          ]}
        >
          <p data-testid="sale-in-progress-what">{t('sell.inProgress.what', { tickets: t(countKey('sell.cart.count', items, language), { n: items }), amount: money(net, language) })}</p>
        </ConfirmDialog>
      )}
      <section className={done ? 'card sell-cart is-done' : 'card sell-cart'}>
        <header className="sell-head">
          <h1>{t('sell.title')}</h1>
          {inProgress && (
            <button type="button" className="btn btn-small btn-ghost" data-testid="sell-abandon" onClick={() => setAsking({ proceed: null })}>
              {t('sell.abandon')}
            </button>
          )}
          {isManager && (
            <button type="button" className="btn btn-small" data-testid="sell-show-sales" onClick={() => setShowSales((v) => !v)}>
              {showSales ? t('sell.session.hide') : t('sell.session.show')}
            </button>
          )}
        </header>
        <form className="scan-row" onSubmit={submitScan}>
          <label className="field scan-field" htmlFor="sell-scan">
            <span className="field-label">{t('sell.scan.label')}</span>
            <input
              ref={scanRef}
              id="sell-scan"
              className="input scan-input"
              autoComplete="off"
              inputMode="numeric"
              maxLength={64}
              placeholder={t('sell.scan.placeholder')}
              value={scanText}
              onChange={(e) => setScanText(e.target.value)}
              data-testid="sell-scan"
              data-typing-target=""
            />
          </label>
          <button type="submit" className="btn btn-primary" data-testid="sell-add">
            {t('sell.scan.add')}
          </button>
        </form>
        <div className="basket-digital" data-testid="basket-digital">
          <span className="field-label">{t('basket.digital')}</span>
          {GAMES.map((g) => {
            // A game the lottery suspended: its button disabled, the reason under it (#41).
            const suspended = isSuspended(status, g.code);
            const why = suspended ? t('basket.suspended', { game: g.name }) : linkDown ? linkText : undefined;
            return (
              <button
                key={g.code}
                type="button"
                className="btn btn-small"
                disabled={busy || linkDown || suspended}
                title={why}
                data-testid={`basket-add-${g.code}`}
                {...(suspended ? { 'data-suspended': '', 'aria-describedby': `basket-suspended-${g.code}` } : {})}
                onClick={() => addDigital(g.code)}
              >
                {t('basket.addDigital', { game: g.name, price: money(g.price_cents, language) })}
              </button>
            );
          })}
          {GAMES.filter((g) => isSuspended(status, g.code)).map((g) => (
            <span key={g.code} id={`basket-suspended-${g.code}`} className="basket-digital-down" role="status" data-testid={`basket-suspended-${g.code}`}>
              {t('basket.suspended', { game: g.name })}
            </span>
          ))}
          {linkDown && (
            <span className="basket-digital-down" role="status" data-testid="digital-link" data-link={link === 'online' ? 'offline' : link}>
              {linkText}
            </span>
          )}
        </div>
        <ErrorBanner message={error} testId="sell-error" />
        {notice && !error && items === 0 && (
          <div className="banner banner-info" role="status" data-testid="sell-notice">
            {notice}
          </div>
        )}
        {showSales && isManager ? (
          <SessionSales onChanged={() => void refreshStatus()} />
        ) : items === 0 ? (
          <p className="empty sell-empty" data-testid="cart-empty">
            <ScanIcon className="sell-empty-icon" />
            {t('sell.cart.empty')}
          </p>
        ) : done ? (
          <div className="sell-done-body">
            {cartTable}
            <ReceiptPanel receipt={done.receipt} busy={busy} onReprint={() => void reprint(done.basket.receipt_no)} />
          </div>
        ) : (
          cartTable
        )}
      </section>

      <aside className="card sell-pay">
        {done ? (
          <div className="sell-done" data-testid="sale-done">
            <h2 className="sell-done-title">✓ {done.basket.prizes_cents > 0 || done.basket.digital.length > 0 ? t('basket.done.title') : t('sell.done.title')}</h2>
            <p className="muted" data-testid="sale-receipt-no">
              {t('sell.done.receipt', { n: done.basket.receipt_no })}
            </p>
            {done.basket.replayed && (
              <div className="banner banner-info" data-testid="basket-replayed">
                {t('basket.replayed', { n: done.basket.receipt_no })}
              </div>
            )}
            <div className="pay-line">
              <span>{done.basket.prizes_cents > 0 ? t('basket.purchases') : t('sell.total')}</span>
              <Money cents={done.basket.purchases_cents} />
            </div>
            {done.basket.prizes_cents > 0 && (
              <div className="pay-line">
                <span>{t('basket.prizes')}</span>
                <span>
                  −<Money cents={done.basket.prizes_cents} />
                </span>
              </div>
            )}
            <div className="pay-line">
              <span>{t('sell.tendered')}</span>
              <Money cents={done.basket.tendered_cents} />
            </div>
            <div className="change-box" data-testid="sale-change">
              {changeWords}
            </div>
            <button ref={nextRef} type="button" className="btn btn-primary btn-large btn-block" data-testid="sale-next" onClick={reset}>
              {t('sell.done.next')}
            </button>
            <p className="muted small">{t('sell.done.hint')}</p>
          </div>
        ) : (
          <>
            {cart.prizes_cents > 0 && (
              <>
                <div className="pay-line" data-testid="basket-purchases">
                  <span>{t('basket.purchases')}</span>
                  <Money cents={cart.purchases_cents} />
                </div>
                <div className="pay-line" data-testid="basket-prizes">
                  <span>{t('basket.prizes')}</span>
                  <span>
                    −<Money cents={cart.prizes_cents} />
                  </span>
                </div>
              </>
            )}
            <div className="total-box">
              <span>{net < 0 ? t('basket.toPlayer') : t('sell.total')}</span>
              <span className="muted small" data-testid="cart-count">
                {t(countKey('sell.cart.count', items, language), { n: items })}
              </span>
              <Money cents={Math.abs(net)} className="total-amount" testId="cart-total" />
            </div>
            <AmountField
              ref={tenderRef}
              id="sell-tendered"
              label={t('sell.tendered')}
              value={tendered}
              onChange={setTendered}
              onSubmit={() => void complete()}
              disabled={busy || items === 0}
              testId="sell-tendered"
              pad
            />
            <div className="quick-tender">
              <button
                type="button"
                className="btn btn-small"
                data-testid="sell-exact"
                disabled={busy || items === 0}
                onClick={() => {
                  setTendered(typedEuros(Math.max(0, net), language));
                  tenderRef.current?.focus();
                }}
              >
                {t('sell.exact')}
              </button>
              {NOTES.filter((n) => n > net)
                .slice(0, 3)
                .map((n) => (
                  <button key={n} type="button" className="btn btn-small" disabled={busy || items === 0} onClick={() => setTendered(String(n / 100))}>
                    {formatEuros(n, { locale: language, cents: false })}
                  </button>
                ))}
            </div>
            <div className={change !== null && change < 0 ? 'pay-line change-line short' : 'pay-line change-line'} data-testid="sell-change">
              <span>{change !== null && change < 0 ? t('sell.missing', { amount: money(-change, language) }) : t('sell.change')}</span>
              {change !== null && change >= 0 ? <Money cents={change} /> : change === null ? <span aria-hidden="true">—</span> : null}
            </div>
            <button
              type="button"
              className="btn btn-success btn-large btn-block"
              data-testid="sell-complete"
              disabled={busy || items === 0 || change === null || change < 0}
              onClick={() => void complete()}
            >
              {busy ? t('sell.busy') : t('sell.complete')}
            </button>
            {!busy && items > 0 && (change === null || change < 0) && (
              <p className="muted small" data-testid="sell-complete-why">
                {change === null ? t('sell.complete.whyTendered') : t('sell.complete.whyShort')}
              </p>
            )}
            <p className="muted small keys-hint" data-testid="sell-keys">{t('basket.keys')}</p>
          </>
        )}
      </aside>
      <DigitalPanel refresh={played} beside={done && done.basket.digital.length > 0 ? changeWords : null} />
    </div>
  );
}
