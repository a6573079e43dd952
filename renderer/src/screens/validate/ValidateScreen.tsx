/**
 * Validation: scan (or type) a validation barcode, see a large verdict with the amount, the ticket as
 * printed with its winning zones, then Pay (winner) or print the claim receipt (above the limit). The
 * customer display shows the same verdict at the same moment (the host emits it with the answer).
 * Keys: any scan checks at once; Enter checks what was typed, or pays/claims once the button has focus;
 * Escape clears for the next ticket.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ReceiptView, VerdictView } from '../../../../common/api/views.js';
import { useApi } from '../../api/context.js';
import { codeOf, useAction } from '../../api/use-action.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { ScanIcon } from '../../components/ScanIcon.js';
import { money as moneyText } from '../../format.js';
import { playTone } from '../../components/tones.js';
import { errorText } from '../../i18n/errors.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { useScans } from '../../scan/ScanProvider.js';
import { useEscape } from '../../shell/hotkeys.js';
import { navigate } from '../../shell/route.js';
import { useSession } from '../../shell/session.js';
import { withSuspension } from '../../shell/suspended-games.js';
import { SCREEN_ROLES } from '../screen-roles.js';
import { ReceiptPanel } from './ReceiptPanel.js';
import { TicketPicture } from './TicketPicture.js';
import { VerdictPanel } from './VerdictPanel.js';
import { ScanHistory, settleRecord, type ScanRecord } from './ScanHistory.js';
import { verdictStyle } from './verdict-style.js';
import { ticketRefusal, verdictActions, type Refusal } from './verdict-refusal.js';

type Done = { readonly kind: 'paid' | 'claimed'; readonly receipt: ReceiptView; readonly pending?: boolean };

/**
 * A winner seen with the till closed, kept while the cashier opens the till (F5, then F2 back): on
 * return it is checked again and shown with Pay focused, not lost to a second scan (#25). Only for the
 * same operator's session (`since`), and forgotten as soon as another verdict or Esc replaces it.
 */
let blockedWinner: { readonly barcode: string; readonly session: string } | null = null;

export function ValidateScreen() {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const { refreshStatus, operator, status } = useSession();
  /** The last scans and their verdicts, newest first: a fast second scan never wipes the first without a trace. */
  const [history, setHistory] = useState<readonly ScanRecord[]>([]);
  const seq = useRef(0);
  const [code, setCode] = useState('');
  const action = useAction();
  const busy = action.busyWith as 'check' | 'settle' | null;
  const [answer, setVerdict] = useState<VerdictView | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  /** A refusal of Pay, Claim or the basket that the verdict now says (no second try offered). */
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const error = action.error === null ? null : { text: action.error, code: action.errorCode };
  const setError = action.setError;
  const inputRef = useRef<HTMLInputElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);

  const [resume] = useState(() => {
    const kept = blockedWinner;
    return kept && operator && kept.session === `${operator.name}@${operator.since}` ? kept.barcode : null;
  });
  // The verdict as it stands now: a game suspended since the check is said at once (the status tells it).
  const verdict = answer ? withSuspension(answer, status) : null;
  const style = verdict ? verdictStyle(verdict) : null;
  // Paying takes cash from the till: with the till closed, Pay is not offered (the reason and the way out are).
  const payBlocked = (style?.action === 'pay' || style?.action === 'claim') && !status.cash_session_open && !done && !refusal;
  const sellScreen = operator !== null && operator !== undefined && (SCREEN_ROLES.sell as readonly string[]).includes(operator.role);
  const offers = verdictActions({ style, settled: done !== null, payBlocked, refusal, sellScreen });
  const canAct = offers.act !== null;

  // Focus follows the next likely key: Enter on Pay/Claim when offered, else the code field. A button
  // disabled while busy loses focus, so this runs again when the call ends.
  useEffect(() => {
    if (busy) return;
    if (canAct) actionRef.current?.focus();
    else inputRef.current?.focus();
  }, [canAct, verdict, done, busy, action.error]);

  useEffect(() => {
    blockedWinner = payBlocked && verdict && operator ? { barcode: verdict.barcode, session: `${operator.name}@${operator.since}` } : null;
  }, [payBlocked, verdict, operator]);

  useEffect(() => {
    if (resume) void check(resume);
    // Once, on the screen's return: the kept winner is checked again (it may have been paid elsewhere since).
  }, []);

  function refused(): void {
    setVerdict(null);
    playTone('alert');
  }

  async function check(barcode: string): Promise<void> {
    const value = barcode.trim();
    if (!value) return;
    setDone(null);
    setRefusal(null);
    await action.run(
      async () => {
        const v = await api.call('ticket.check', { barcode: value });
        setVerdict(v);
        setCode('');
        playTone(verdictStyle(v).sound);
        seq.current += 1;
        const record: ScanRecord = { id: seq.current, verdict: v };
        setHistory((h) => [record, ...h].slice(0, 6));
      },
      { tag: 'check', onError: refused },
    );
  }

  async function settle(): Promise<void> {
    if (!verdict || !style?.action || busy) return;
    const act = style.action;
    await action.run(
      async () => {
        const r = await api.call(act === 'pay' ? 'ticket.pay' : 'ticket.claim', { barcode: verdict.barcode });
        setVerdict(r.verdict);
        setHistory((h) => settleRecord(h, verdict.barcode, act === 'pay' ? 'paid' : 'claimed'));
        setDone({ kind: act === 'pay' ? 'paid' : 'claimed', receipt: r.receipt, ...('pending_central' in r && r.pending_central ? { pending: true } : {}) });
        playTone(act === 'pay' ? 'paid' : 'win');
        void refreshStatus();
      },
      { tag: 'settle', onError: refusedAct },
    );
  }

  /** A refused Pay, Claim or basket: a refusal about the ticket becomes the verdict, in place of the banner. */
  function refusedAct(err: unknown): void {
    playTone('alert');
    const r = ticketRefusal(codeOf(err), errorText(t, err));
    if (!r) return;
    setRefusal(r);
    setError(null);
  }

  /** Puts the winner's prize towards a purchase: into the basket at Vente, paid when the basket is. */
  async function toBasket(): Promise<void> {
    if (!verdict || busy) return;
    const barcode = verdict.barcode;
    const ok = await action.run(() => api.call('basket.add-prize', { barcode }), { tag: 'settle', onError: refusedAct });
    if (ok === undefined) return;
    setVerdict(null);
    navigate('sell');
  }

  function clear(): boolean {
    if (!verdict && !error && !code) return false;
    setVerdict(null);
    setDone(null);
    setRefusal(null);
    setError(null);
    setCode('');
    inputRef.current?.focus();
    return true;
  }

  // Scans are checked one after the other, in order: a scan that arrives during a check waits its turn
  // (it is never dropped), and each verdict joins the strip of the last scans.
  const scanQueue = useRef<Promise<void>>(Promise.resolve());
  useScans((scan) => {
    scanQueue.current = scanQueue.current.then(() => check(scan.data));
  });
  useEscape(clear);

  function onSubmit(e: FormEvent): void {
    e.preventDefault();
    // The field itself: keys re-inserted by the scan router may be newer than the last render.
    void check(inputRef.current?.value ?? code);
  }

  const cashScreen = operator && (SCREEN_ROLES.cash as readonly string[]).includes(operator.role) ? { id: 'cash' } : undefined;

  return (
    <div className="validate" data-testid="validate-screen">
      <section className="validate-main">
        <form className="scan-bar card" onSubmit={onSubmit}>
          <label htmlFor="validation-code" className="scan-label">
            <ScanIcon />
            {t('validate.prompt')}
          </label>
          <div className="scan-row">
            <input
              id="validation-code"
              ref={inputRef}
              className="input scan-input"
              data-testid="validation-input"
              data-typing-target=""
              aria-label={t('validate.field')}
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              maxLength={128}
              value={code}
              placeholder={t('validate.field')}
              onChange={(e) => setCode(e.target.value)}
            />
            <button type="submit" className="btn btn-primary btn-large" data-testid="check-button" disabled={busy !== null}>
              {busy === 'check' ? t('validate.checking') : t('validate.check')}
            </button>
          </div>
        </form>

        {error && (
          <div className="validate-error">
            <ErrorBanner message={error.text} testId="validate-error" />
            {error.code === 'no-open-session' && cashScreen && (
              <button type="button" className="btn btn-primary" data-testid="open-cash" onClick={() => navigate(cashScreen.id)}>
                {t('validate.openCash')}
              </button>
            )}
          </div>
        )}

        {verdict ? (
          <VerdictPanel verdict={verdict} language={language} settled={done?.kind ?? null} refusal={refusal}>
            {done?.pending && (
              <div className="banner banner-warn" data-testid="paid-pending">
                {t('validate.pendingCentral')}
              </div>
            )}
            {payBlocked && (
              <div className="pay-blocked" data-testid="pay-blocked">
                <div className="banner banner-warn">{style?.action === 'claim' ? t('validate.claimNeedsCash') : t('validate.payNeedsCash')}</div>
                {cashScreen && (
                  <button type="button" className="btn btn-primary" data-testid="pay-open-cash" onClick={() => navigate(cashScreen.id)}>
                    {t('validate.openCash')} <kbd>F5</kbd>
                  </button>
                )}
              </div>
            )}
            {offers.act && style?.action && (
              <button
                ref={actionRef}
                type="button"
                className={style.action === 'pay' ? 'btn btn-success btn-large btn-action' : 'btn btn-warn btn-large btn-action'}
                data-testid={style.action === 'pay' ? 'pay-button' : 'claim-button'}
                disabled={busy !== null}
                onClick={() => void settle()}
              >
                {busy === 'settle'
                  ? t('validate.paying')
                  : style.action === 'pay'
                    ? t('validate.pay', { amount: verdict.prize_cents === null ? '' : moneyText(verdict.prize_cents, language).replace(/ /g, '\u00a0') })
                    : t('validate.claim')}
                <kbd>{language === 'fr' ? 'Entrée' : 'Enter'}</kbd>
              </button>
            )}
            <button type="button" className="btn btn-large btn-next" data-testid="next-button" onClick={clear}>
              {t('validate.next')} <kbd>Esc</kbd>
            </button>
          </VerdictPanel>
        ) : null}
        {verdict && offers.basket && (
          <button type="button" className="btn btn-basket" data-testid="basket-add-prize" title={t('validate.addToBasket.hint')} disabled={busy !== null} onClick={() => void toBasket()}>
            {t('validate.addToBasket')} — {t('validate.addToBasket.hint')}
          </button>
        )}
        {verdict ? null : (
          !error && (
            <div className="verdict verdict-idle card" data-testid="verdict-idle">
              <div className="verdict-headline">{t('validate.waiting')}</div>
              <p className="muted">{t('validate.waitingSub')}</p>
            </div>
          )
        )}
        <ScanHistory history={history} />
      </section>

      <aside className="validate-side">
        {done && verdict ? (
          <ReceiptPanel kind={done.kind} receipt={done.receipt} amountCents={verdict.prize_cents ?? 0} language={language} />
        ) : verdict ? (
          <TicketPicture verdict={verdict} />
        ) : (
          <div className="keys-help card" data-testid="keys-help">
            <h2>{t('validate.keys')}</h2>
            <dl>
              <dt>
                <ScanIcon />
              </dt>
              <dd>{t('validate.keys.scan')}</dd>
              <dt>
                <kbd>{language === 'fr' ? 'Entrée' : 'Enter'}</kbd>
              </dt>
              <dd>{t('validate.keys.enter')}</dd>
              <dt>
                <kbd>Esc</kbd>
              </dt>
              <dd>{t('validate.keys.escape')}</dd>
              <dt>
                <kbd>F12</kbd>
              </dt>
              <dd>{t('validate.keys.switch')}</dd>
            </dl>
          </div>
        )}
      </aside>
    </div>
  );
}
