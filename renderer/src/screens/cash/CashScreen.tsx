/**
 * The till: open the cash session with its float; during the day a manager records cash in and out
 * with a reason and looks at the X report (on screen, printed on demand); at the end the manager
 * counts the drawer and closes with the Z report, printed once recorded. A difference between counted
 * and expected cash is shown and must be confirmed. A manager sees the retailer's statements whether
 * the till is open (a tab of the manager panel) or closed: in a row of the screen's whole width under
 * the cards (#25: a 400 px column squeezed them), the two weeks side by side when there is room.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { CashReportView, CashStatusView } from '../../../../common/api/methods/cash.js';
import type { ReceiptView } from '../../../../common/api/views.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Money } from '../../components/Money.js';
import { dateTime, money } from '../../format.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { errorText } from '../../i18n/errors.js';
import { useScans } from '../../scan/ScanProvider.js';
import { useSession } from '../../shell/session.js';
import { parseEuros } from '../sell/amount.js';
import { AmountField } from '../sell/AmountField.js';
import { ReceiptPanel } from '../sell/ReceiptPanel.js';
import { ReportView } from './ReportView.js';
import { CashRows } from './CashRows.js';
import { TillClosed } from './TillClosed.js';
import '../sell/common.css';
import './cash.css';

type Shown = { report: CashReportView; receipt: ReceiptView | null };

export function CashScreen() {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const { operator, refreshStatus } = useSession();
  const isManager = operator?.role === 'manager';
  const [status, setStatus] = useState<CashStatusView | null>(null);
  const [floatText, setFloatText] = useState('');
  const [panel, setPanel] = useState<'x' | 'move' | 'z' | 'statement'>('x');
  const [moveKind, setMoveKind] = useState<'in' | 'out'>('in');
  const [moveAmount, setMoveAmount] = useState('');
  const [moveReason, setMoveReason] = useState('');
  const [counted, setCounted] = useState('');
  const [difference, setDifference] = useState<{ expected: number; counted: number } | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const { busy, error, setError, run } = useAction();
  const [notice, setNotice] = useState<string | null>(null);
  const floatRef = useRef<HTMLInputElement>(null);

  // Scans mean nothing on this screen.
  useScans(() => undefined);

  const load = useCallback(async () => {
    try {
      setStatus(await api.call('cash.status', {}));
    } catch (err) {
      setError(errorText(t, err));
    }
  }, [t]);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (status && !status.open) floatRef.current?.focus();
  }, [status]);

  async function act<T>(job: () => Promise<T>, after?: (value: T) => void): Promise<void> {
    setNotice(null);
    await run(async () => {
      const value = await job();
      after?.(value);
      await load();
      void refreshStatus();
    });
  }

  function openSession(): void {
    const cents = parseEuros(floatText);
    if (cents === null) return setError(t('amount.invalid'));
    void act(
      () => api.call('cash.open', { float_cents: cents }),
      () => {
        setFloatText('');
        setShown(null);
        setNotice(t('cash.open.done', { amount: money(cents, language) }));
      },
    );
  }

  function move(e?: FormEvent): void {
    e?.preventDefault();
    const cents = parseEuros(moveAmount);
    if (cents === null || cents === 0) return setError(t('amount.invalid'));
    const reason = moveReason.trim();
    if (!reason) return;
    // An X report on screen follows the move (it is read again, not printed). The move is recorded
    // whether or not the report can be read again: its success is said (never a refusal inviting a
    // second withdrawal), and a report that could not be read again is taken off, not left wrong.
    const xShown = shown?.report.kind === 'X';
    void act(
      async () => {
        const m = await api.call('cash.move', { kind: moveKind, amount_cents: cents, reason });
        if (xShown) setShown(await api.call('cash.x', {}).catch(() => null));
        return m;
      },
      (m) => {
        setMoveAmount('');
        setMoveReason('');
        setNotice(t(`cash.move.done.${m.kind}`, { amount: money(m.amount_cents, language), reason: m.reason }));
      },
    );
  }

  function close(confirm = false): void {
    const cents = parseEuros(counted);
    if (cents === null) return setError(t('amount.invalid'));
    setNotice(null);
    void run(
      async () => {
        try {
          const z = await api.call('cash.close', { counted_cents: cents, ...(confirm ? { confirm_difference: true } : {}) });
          setShown(z);
          setCounted('');
          setDifference(null);
          await load();
          void refreshStatus();
        } catch (err) {
          // A difference to confirm: show it with the expected cash from an X report, then ask.
          if ((err as { code?: string }).code === 'difference-unconfirmed') {
            const x = await api.call('cash.x', {}).catch(() => null);
            if (x) {
              setDifference({ expected: x.report.cash.expected_cents, counted: cents });
              return;
            }
          }
          throw err;
        }
      },
    );
  }

  if (!status) return <ErrorBanner message={error} />;
  // The statements take the row under the cards: with the till closed, or their tab chosen.
  const statementShown = isManager && (!status.open || panel === 'statement');

  return (
    <div className="cash" data-testid="cash-screen">
      <header className="screen-head">
        <h1>{t('cash.title')}</h1>
        {status.last_z !== null && isManager && (
          <button type="button" className="btn btn-small" data-testid="cash-last-z" disabled={busy} onClick={() => void act(() => api.call('cash.z', {}), setShown)}>
            {t('cash.z.last', { n: status.last_z })}
          </button>
        )}
      </header>
      <ErrorBanner message={error} testId="cash-error" />
      {notice && (
        <div className="banner banner-ok" role="status" data-testid="cash-notice">
          {notice}
        </div>
      )}
      <CashRows
        statement={statementShown}
        actions={
          !status.open ? (
            <TillClosed floatText={floatText} onFloatChange={setFloatText} onOpen={openSession} busy={busy} floatRef={floatRef} />
          ) : (
            <>
              <section className="card session-card" data-testid="cash-session">
                <div>
                  <h2>{t('cash.session', { id: status.open.id })}</h2>
                  <p className="muted small">{t('cash.session.opened', { at: dateTime(status.open.opened_at, language), by: status.open.opened_by })}</p>
                </div>
                <div className="session-float">
                  <span className="muted small">{t('cash.session.float')}</span>
                  <Money cents={status.open.float_cents} />
                </div>
              </section>
              {!isManager ? (
                <p className="banner banner-info">{t('cash.managerOnly')}</p>
              ) : (
                <section className="card manager-panel">
                  <div className="segmented panel-tabs" role="tablist">
                    {(['x', 'move', 'z', 'statement'] as const).map((p) => (
                      <button
                        key={p}
                        type="button"
                        role="tab"
                        aria-selected={panel === p}
                        className={panel === p ? 'segment active' : 'segment'}
                        data-testid={`cash-panel-${p}`}
                        onClick={() => setPanel(p)}
                      >
                        {t(`cash.panel.${p}`)}
                      </button>
                    ))}
                  </div>
                  {panel === 'x' && (
                    <div className="panel-body">
                      <h2>{t('cash.x')}</h2>
                      <p className="muted small">{t('cash.x.hint')}</p>
                      <div className="form-actions start">
                        <button type="button" className="btn btn-primary" data-testid="cash-x" disabled={busy} onClick={() => void act(() => api.call('cash.x', {}), setShown)}>
                          {t('cash.x')}
                        </button>
                        <button type="button" className="btn" data-testid="cash-x-print" disabled={busy} onClick={() => void act(() => api.call('cash.x', { print: true }), setShown)}>
                          {t('cash.x')} · {t('cash.print')}
                        </button>
                      </div>
                    </div>
                  )}
                  {panel === 'move' && (
                    <div className="panel-body">
                      <h2>{t('cash.move.title')}</h2>
                      <form onSubmit={move} className="move-form">
                        <div className="segmented" role="radiogroup">
                          {(['in', 'out'] as const).map((k) => (
                            <button
                              key={k}
                              type="button"
                              role="radio"
                              aria-checked={moveKind === k}
                              className={moveKind === k ? 'segment active' : 'segment'}
                              data-testid={`cash-move-${k}`}
                              onClick={() => setMoveKind(k)}
                            >
                              {t(`cash.move.${k}`)}
                            </button>
                          ))}
                        </div>
                        <AmountField id="cash-move-amount" label={t('cash.move.amount')} value={moveAmount} onChange={setMoveAmount} onSubmit={() => move()} pad={false} testId="cash-move-amount" />
                        <label className="field" htmlFor="cash-move-reason">
                          <span className="field-label">{t('cash.move.reason')}</span>
                          <input id="cash-move-reason" className="input" maxLength={200} value={moveReason} onChange={(e) => setMoveReason(e.target.value)} data-testid="cash-move-reason" />
                        </label>
                        <button type="submit" className="btn btn-primary" disabled={busy || !moveReason.trim() || !parseEuros(moveAmount)} data-testid="cash-move-submit">
                          {t(`cash.move.submit.${moveKind}`)}
                        </button>
                      </form>
                    </div>
                  )}
                  {panel === 'z' && (
                    <div className="panel-body">
                      <h2>{t('cash.z')}</h2>
                      <p className="muted small">{t('cash.z.hint')}</p>
                      {difference && (
                        <div className="banner banner-warn difference-box" role="alert" data-testid="cash-difference">
                          <p>
                            {t('cash.z.difference', {
                              amount: money(difference.counted - difference.expected, language),
                              expected: money(difference.expected, language),
                              counted: money(difference.counted, language),
                            })}
                          </p>
                          <button type="button" className="btn btn-warn" data-testid="cash-confirm-difference" disabled={busy} onClick={() => close(true)}>
                            {t('cash.z.confirm')}
                          </button>
                        </div>
                      )}
                      <AmountField
                        id="cash-counted"
                        label={t('cash.z.counted')}
                        value={counted}
                        onChange={(v) => {
                          setCounted(v);
                          setDifference(null);
                        }}
                        onSubmit={() => close(false)}
                        submitLabel={t('cash.z.submit')}
                        submitDisabled={parseEuros(counted) === null}
                        disabled={busy}
                        testId="cash-counted"
                      />
                    </div>
                  )}
                </section>
              )}
            </>
          )
        }
        report={
          shown && !(status.open && panel === 'statement') ? (
            <section className="card">
              <ReportView report={shown.report} />
              {shown.receipt && <ReceiptPanel receipt={shown.receipt} />}
            </section>
          ) : null
        }
      />
    </div>
  );
}
