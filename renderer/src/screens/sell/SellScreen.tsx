/**
 * Selling paper tickets. Scan (or type) each ticket's inventory barcode: the cart is checked by the
 * terminal exactly as the sale will be, and the customer display shows its total. Enter moves to the
 * cash received (keypad), Enter again takes the payment; the change is shown large and the receipt
 * printed after the sale is recorded. Managers can void a sale of the session from here.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { CartView, SaleView } from '../../../../common/api/methods/sales.js';
import type { ReceiptView } from '../../../../common/api/views.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ScanIcon } from '../../components/ScanIcon.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Money } from '../../components/Money.js';
import { formatEuros } from '../../../../games/money.js';
import { money } from '../../format.js';
import { textOf, useLanguage, useT, type Translate } from '../../i18n/index.js';
import { countKey } from '../../i18n/plural.js';
import { errorText } from '../../i18n/errors.js';
import { useScans } from '../../scan/ScanProvider.js';
import { useEscape } from '../../shell/hotkeys.js';
import { navigate, setLeaveGuard } from '../../shell/route.js';
import { useSession } from '../../shell/session.js';
import { parseEuros, typedEuros } from './amount.js';
import { AmountField } from './AmountField.js';
import { DigitalPanel } from './DigitalPanel.js';
import { ReceiptPanel } from './ReceiptPanel.js';
import { SessionSales } from './SessionSales.js';
import './common.css';
import './sell.css';

const EMPTY: CartView = { lines: [], count: 0, total_cents: 0 };
const NOTES = [500, 1000, 2000, 5000, 10000];

/** A refusal of one scanned ticket, in the counter's language. */
export function refusalText(t: Translate, barcode: string, err: unknown): string {
  const code = (err as { code?: unknown })?.code;
  if (typeof code === 'string') {
    const key = `sell.refused.${code}`;
    const text = textOf(t, key);
    // The service names the ticket by its printed number when it could read it: easier to find in hand.
    const ticket = /\d{3}-\d{3}-\d{2}-\d{5}-\d{3}-\d/.exec(err instanceof Error ? err.message : '')?.[0];
    if (text !== key) return `${ticket ?? barcode} : ${text}`;
  }
  return errorText(t, err);
}

export function SellScreen() {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const { operator, status, refreshStatus } = useSession();
  const [cart, setCart] = useState<CartView>(EMPTY);
  const [scanText, setScanText] = useState('');
  const [tendered, setTendered] = useState('');
  const { busy, error, setError, run } = useAction();
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState<{ sale: SaleView; receipt: ReceiptView } | null>(null);
  const [showSales, setShowSales] = useState(false);
  /** The "sale in progress" question: `proceed` is where the person wanted to go (null: abandon asked from here). */
  const [asking, setAsking] = useState<{ proceed: (() => void) | null } | null>(null);
  const barcodes = useRef<string[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const scanRef = useRef<HTMLInputElement>(null);
  const tenderRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const isManager = operator?.role === 'manager';

  useEffect(() => {
    if (done) nextRef.current?.focus();
    else scanRef.current?.focus();
    // Also once the cash session is seen open: the scan field only then exists.
  }, [done, status.cash_session_open]);

  // The cart in progress is the terminal's, not this screen's: a reload or a visit elsewhere finds it again.
  useEffect(() => {
    let live = true;
    enqueue(async () => {
      try {
        const view = await api.call('cart.get', {});
        if (!live) return;
        barcodes.current = view.lines.map((l) => l.barcode);
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
  const inProgress = cart.count > 0 && !done;
  useEffect(() => {
    if (!inProgress) return undefined;
    return setLeaveGuard((proceed) => {
      setAsking({ proceed });
      return true;
    });
  }, [inProgress]);

  const reset = useCallback(() => {
    barcodes.current = [];
    setCart(EMPTY);
    setTendered('');
    setDone(null);
    setError(null);
  }, []);

  /** Runs cart changes one after the other, in scan order. */
  const enqueue = useCallback((job: () => Promise<void>) => {
    queue.current = queue.current.then(job, job);
  }, []);

  const add = useCallback(
    (raw: string) => {
      const code = raw.trim();
      if (!code) return;
      setNotice(null);
      if (done) reset();
      enqueue(async () => {
        const next = [...barcodes.current, code];
        try {
          const view = await api.call('cart.set', { barcodes: next });
          barcodes.current = next;
          setCart(view);
          setError(null);
        } catch (err) {
          setError(refusalText(t, code, err));
        }
      });
    },
    [done, enqueue, reset, t],
  );

  const remove = (index: number) =>
    enqueue(async () => {
      const next = barcodes.current.filter((_, i) => i !== index);
      try {
        setCart(await api.call('cart.set', { barcodes: next }));
        barcodes.current = next;
        setError(null);
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
    return false;
  });

  function submitScan(e: FormEvent): void {
    e.preventDefault();
    const value = scanRef.current?.value ?? scanText;
    if (value.trim() === '') {
      if (cart.count > 0) tenderRef.current?.focus();
      return;
    }
    setScanText('');
    add(value);
  }

  const tenderedCents = parseEuros(tendered);
  const change = tenderedCents === null ? null : tenderedCents - cart.total_cents;

  async function complete(amount = tenderedCents): Promise<void> {
    if (busy || cart.count === 0) return;
    if (amount === null) {
      setError(t('amount.invalid'));
      tenderRef.current?.focus();
      return;
    }
    await run(async () => {
      // Let queued cart changes land first.
      await queue.current;
      const result = await api.call('sale.complete', { barcodes: barcodes.current, tendered_cents: amount });
      setDone(result);
      void refreshStatus();
    });
  }

  /** Abandons the sale in progress on purpose (journaled by the terminal; the customer display clears). */
  async function abandonSale(): Promise<void> {
    const proceed = asking?.proceed ?? null;
    setAsking(null);
    await queue.current;
    if (await run(() => api.call('cart.abandon', {}))) {
      reset();
      setNotice(t('sell.abandoned'));
      proceed?.();
    }
  }

  async function reprint(receiptNo: number): Promise<void> {
    const receipt = await run(() => api.call('sale.reprint', { receipt_no: receiptNo }));
    if (receipt) setDone((d) => (d ? { ...d, receipt } : d));
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

  const cartTable = (
    <table className="table cart-table" data-testid="cart">
      <thead>
        <tr>
          <th>{t('sell.cart.game')}</th>
          <th>{t('sell.cart.ticket')}</th>
          <th className="num">{t('sell.cart.price')}</th>
          {!done && <th aria-label={t('sell.cart.remove')} />}
        </tr>
      </thead>
      <tbody>
        {cart.lines.map((l, i) => (
          <tr key={`${l.barcode}-${i}`} data-testid="cart-line">
            <td>{l.game_name}</td>
            <td className="mono" data-testid="cart-ticket">
              {l.ticket}
            </td>
            <td className="num">
              <Money cents={l.price_cents} />
            </td>
            {!done && (
              <td className="row-action">
                <button
                  type="button"
                  className="btn btn-small btn-ghost btn-remove"
                  aria-label={t('sell.cart.removeLine', { ticket: l.ticket })}
                  data-testid={`cart-remove-${i}`}
                  onClick={() => remove(i)}
                >
                  ✕
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );

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
          <p data-testid="sale-in-progress-what">{t('sell.inProgress.what', { tickets: t(countKey('sell.cart.count', cart.count, language), { n: cart.count }), amount: money(cart.total_cents, language) })}</p>
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
        <ErrorBanner message={error} testId="sell-error" />
        {notice && !error && cart.count === 0 && (
          <div className="banner banner-info" role="status" data-testid="sell-notice">
            {notice}
          </div>
        )}
        {showSales && isManager ? (
          <SessionSales onChanged={() => void refreshStatus()} />
        ) : cart.count === 0 ? (
          <p className="empty sell-empty" data-testid="cart-empty">
            <ScanIcon className="sell-empty-icon" />
            {t('sell.cart.empty')}
          </p>
        ) : done ? (
          <div className="sell-done-body">
            {cartTable}
            <ReceiptPanel receipt={done.receipt} busy={busy} onReprint={() => void reprint(done.sale.receipt_no)} />
          </div>
        ) : (
          cartTable
        )}
      </section>

      <aside className="card sell-pay">
        {done ? (
          <div className="sell-done" data-testid="sale-done">
            <h2 className="sell-done-title">✓ {t('sell.done.title')}</h2>
            <p className="muted" data-testid="sale-receipt-no">
              {t('sell.done.receipt', { n: done.sale.receipt_no })}
            </p>
            <div className="pay-line">
              <span>{t('sell.total')}</span>
              <Money cents={done.sale.total_cents} />
            </div>
            <div className="pay-line">
              <span>{t('sell.tendered')}</span>
              <Money cents={done.sale.tendered_cents} />
            </div>
            <div className="change-box" data-testid="sale-change">
              <span>{done.sale.change_cents > 0 ? t('sell.done.change') : t('sell.done.noChange')}</span>
              {done.sale.change_cents > 0 && <Money cents={done.sale.change_cents} className="change-amount" />}
            </div>
            <button ref={nextRef} type="button" className="btn btn-primary btn-large btn-block" data-testid="sale-next" onClick={reset}>
              {t('sell.done.next')}
            </button>
            <p className="muted small">{t('sell.done.hint')}</p>
          </div>
        ) : (
          <>
            <div className="total-box">
              <span>{t('sell.total')}</span>
              <span className="muted small" data-testid="cart-count">
                {t(countKey('sell.cart.count', cart.count, language), { n: cart.count })}
              </span>
              <Money cents={cart.total_cents} className="total-amount" testId="cart-total" />
            </div>
            <AmountField
              ref={tenderRef}
              id="sell-tendered"
              label={t('sell.tendered')}
              value={tendered}
              onChange={setTendered}
              onSubmit={() => void complete()}
              disabled={busy || cart.count === 0}
              testId="sell-tendered"
              pad
            />
            <div className="quick-tender">
              <button
                type="button"
                className="btn btn-small"
                data-testid="sell-exact"
                disabled={busy || cart.count === 0}
                onClick={() => {
                  setTendered(typedEuros(cart.total_cents, language));
                  tenderRef.current?.focus();
                }}
              >
                {t('sell.exact')}
              </button>
              {NOTES.filter((n) => n > cart.total_cents)
                .slice(0, 3)
                .map((n) => (
                  <button key={n} type="button" className="btn btn-small" disabled={busy || cart.count === 0} onClick={() => setTendered(String(n / 100))}>
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
              disabled={busy || cart.count === 0 || change === null || change < 0}
              onClick={() => void complete()}
            >
              {busy ? t('sell.busy') : t('sell.complete')}
            </button>
            {!busy && cart.count > 0 && (change === null || change < 0) && (
              <p className="muted small" data-testid="sell-complete-why">
                {change === null ? t('sell.complete.whyTendered') : t('sell.complete.whyShort')}
              </p>
            )}
            <p className="muted small keys-hint" data-testid="sell-keys">{t('sell.keys')}</p>
          </>
        )}
      </aside>
      <DigitalPanel />
    </div>
  );
}
