/**
 * Packs: pick the operation (receive by default), then scan any ticket of the pack or type the pack
 * number and press Enter. The inventory per game and the list of packs follow at once; each pack's
 * row also offers the operations its state allows. Activating and returning ask first, in a dialog
 * (Enter confirms, Escape cancels); a return, which cannot be undone, asks for its reason too.
 * A pack on the lottery's stop list reads "stop-listed", never "active", and is no stock.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { PackInventoryView, PackView } from '../../../../common/api/methods/packs.js';
import { RETURN_REASON_MAX } from '../../../../common/api/pack-limits.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { count, dateTime } from '../../format.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { errorText } from '../../i18n/errors.js';
import { useScans } from '../../scan/ScanProvider.js';
import { useSession } from '../../shell/session.js';
import { countKey } from '../../i18n/plural.js';
import { packRefusalText } from './pack-refusal.js';
import { listedPack, shownPackState, ASKS_FIRST, type PackAction } from './pack-state.js';
import '../sell/common.css';
import './packs.css';

type Action = PackAction;
const METHOD = { receive: 'pack.receive', activate: 'pack.activate', settle: 'pack.settle' } as const;
/** The operations asked first: activation, and the return (for good). */
type Asked = Exclude<PackAction, 'receive'>;

function since(p: PackView): string {
  return p.settled_at ?? p.returned_at ?? p.activated_at ?? p.received_at;
}

export function PacksScreen() {
  const api = useApi();
  const t = useT();
  const [language] = useLanguage();
  const { operator, status } = useSession();
  const isManager = operator?.role === 'manager';
  // An enrolled terminal's packs are settled by central (the service refuses it here): no Régler to press.
  const enrolled = status.central.state !== 'not-enrolled';
  const actions: Action[] = isManager ? ['receive', 'activate', 'return', ...(enrolled ? [] : (['settle'] as const))] : ['receive', 'activate'];
  const [action, setAction] = useState<Action>('receive');
  const [ref, setRef] = useState('');
  const [packs, setPacks] = useState<readonly PackView[]>([]);
  const [inventory, setInventory] = useState<readonly PackInventoryView[]>([]);
  const { busy, error, setError, run: act } = useAction();
  const [done, setDone] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  /** The operation waiting for the manager's or cashier's yes: which, on what, and the pack's number as listed. */
  const [asking, setAsking] = useState<{ what: Asked; ref: string; number: string } | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const r = await api.call('pack.list', {});
      setPacks(r.packs);
      setInventory(r.inventory);
    } catch (err) {
      setError(errorText(t, err));
    }
  }, [t]);
  useEffect(() => {
    void load();
    inputRef.current?.focus();
  }, [load]);

  const run = useCallback(
    async (what: Action, reference: string, why = '') => {
      const value = reference.trim();
      if (!value || busy) return;
      setDone(null);
      await act(
        async () => {
          const pack = what === 'return' ? await api.call('pack.return', { ref: value, reason: why }) : await api.call(METHOD[what], { ref: value });
          setDone(`${t(`packs.done.${what}`, { number: pack.number })}${pack.central_sync === 'queued' ? ` ${t('packs.queued')}` : ''}`);
          setRef('');
          await load();
        },
        { describe: (err) => `${value} : ${errorText(t, err)}` },
      );
      inputRef.current?.focus();
    },
    [busy, act, load, t],
  );

  /** Receives at once; activation, return and settlement (final, as a return) ask first. */
  const request = useCallback(
    (what: Action, reference: string) => {
      const value = reference.trim();
      if (!value || busy) return;
      if (what === 'receive' || !ASKS_FIRST.has(what)) {
        void run(what, value);
        return;
      }
      setDone(null);
      setError(null);
      setReason('');
      setReasonError(null);
      setAsking({ what, ref: value, number: listedPack(packs, value)?.number ?? value });
    },
    [busy, run, packs],
  );

  function cancelAsked(): void {
    setAsking(null);
    inputRef.current?.focus();
  }

  function confirmAsked(): void {
    if (!asking) return;
    const why = reason.trim();
    if (asking.what === 'return' && why === '') {
      setReasonError(t('packs.confirm.return.reason-missing'));
      return;
    }
    setAsking(null);
    void run(asking.what, asking.ref, why);
  }

  // A scan while a dialog asks is not an answer to it.
  useScans((scan) => {
    if (!asking) request(action, scan.data);
  });

  function submit(e: FormEvent): void {
    e.preventDefault();
    request(action, inputRef.current?.value ?? ref);
  }

  return (
    <div className="packs" data-testid="packs-screen">
      {asking?.what === 'activate' && (
        <ConfirmDialog
          testId="pack-confirm-activate"
          title={t('packs.confirm.activate.title', { number: asking.number })}
          choices={[
            { label: t('packs.confirm.cancel'), testId: 'pack-confirm-cancel', onChoose: cancelAsked },
            { label: t('packs.do.activate'), testId: 'pack-confirm-ok', tone: 'primary', autoFocus: true, onChoose: confirmAsked },
          ]}
        >
          <p data-testid="pack-confirm-what">{t('packs.confirm.activate.what')}</p>
          <p className="muted small">{t('packs.confirm.activate.keys')}</p>
        </ConfirmDialog>
      )}
      {asking?.what === 'settle' && (
        <ConfirmDialog
          testId="pack-confirm-settle"
          title={t('packs.confirm.settle.title', { number: asking.number })}
          choices={[
            { label: t('packs.confirm.cancel'), testId: 'pack-confirm-cancel', onChoose: cancelAsked },
            { label: t('packs.confirm.settle.ok'), testId: 'pack-confirm-ok', tone: 'danger', autoFocus: true, onChoose: confirmAsked },
          ]}
        >
          <p data-testid="pack-confirm-what">{t('packs.confirm.settle.what')}</p>
          <p className="muted small">{t('packs.confirm.settle.keys')}</p>
        </ConfirmDialog>
      )}
      {asking?.what === 'return' && (
        <ConfirmDialog
          testId="pack-confirm-return"
          title={t('packs.confirm.return.title', { number: asking.number })}
          choices={[
            { label: t('packs.confirm.cancel'), testId: 'pack-confirm-cancel', onChoose: cancelAsked },
            { label: t('packs.confirm.return.ok'), testId: 'pack-confirm-ok', tone: 'danger', onChoose: confirmAsked },
          ]}
        >
          <p data-testid="pack-confirm-what">{t('packs.confirm.return.what')}</p>
          <form
            className="pack-reason-form"
            onSubmit={(e) => {
              e.preventDefault();
              confirmAsked();
            }}
          >
            <label className="field" htmlFor="pack-return-reason">
              <span className="field-label">{t('packs.confirm.return.reason')}</span>
              <input
                id="pack-return-reason"
                className="input"
                autoComplete="off"
                maxLength={RETURN_REASON_MAX}
                placeholder={t('packs.confirm.return.reason-placeholder')}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setReasonError(null);
                }}
                aria-invalid={reasonError !== null}
                data-autofocus=""
                data-testid="pack-return-reason"
              />
            </label>
          </form>
          {reasonError && (
            <div className="banner banner-error" role="alert" data-testid="pack-return-reason-error">
              {reasonError}
            </div>
          )}
          <p className="muted small">{t('packs.confirm.return.keys')}</p>
        </ConfirmDialog>
      )}
      <header className="screen-head">
        <h1>{t('packs.title')}</h1>
      </header>

      <section className="inventory" aria-label={t('packs.inventory')} data-testid="pack-inventory">
        {inventory.map((g) => (
          <article key={g.game} className="card inventory-card" data-testid={`inventory-${g.game}`}>
            <h2>{g.game_name}</h2>
            <dl className="inventory-counts">
              <div>
                <dt>{t('packs.inv.received')}</dt>
                <dd data-testid="inv-received">{count(g.received, language)}</dd>
              </div>
              <div className="strong">
                <dt>{t('packs.inv.active')}</dt>
                <dd data-testid="inv-active">{count(g.active, language)}</dd>
              </div>
              <div>
                <dt>{t('packs.inv.returned')}</dt>
                <dd data-testid="inv-returned">{count(g.returned, language)}</dd>
              </div>
              <div>
                <dt>{t('packs.inv.settled')}</dt>
                <dd data-testid="inv-settled">{count(g.settled, language)}</dd>
              </div>
              <div>
                <dt>{t('packs.inv.sold')}</dt>
                <dd data-testid="inv-sold">{count(g.tickets_sold, language)}</dd>
              </div>
              <div>
                <dt>{t('packs.inv.left')}</dt>
                <dd data-testid="inv-left">{count(g.tickets_left, language)}</dd>
              </div>
            </dl>
            {g.stop_listed > 0 && (
              <p className="inventory-stop" data-testid="inv-stop-listed">
                {t(countKey('packs.inv.stop-listed', g.stop_listed, language), { n: count(g.stop_listed, language) })}
              </p>
            )}
            {g.tickets_stop_listed > 0 && (
              <p className="inventory-stop" data-testid="inv-tickets-stop-listed">
                {t(countKey('packs.inv.tickets-stop-listed', g.tickets_stop_listed, language), { n: count(g.tickets_stop_listed, language) })}
              </p>
            )}
          </article>
        ))}
      </section>

      <section className="card pack-entry">
        <div className="segmented" role="radiogroup" aria-label={t('packs.action')}>
          {actions.map((a) => (
            <button
              key={a}
              type="button"
              role="radio"
              aria-checked={action === a}
              className={action === a ? 'segment active' : 'segment'}
              data-testid={`pack-mode-${a}`}
              onClick={() => {
                setAction(a);
                inputRef.current?.focus();
              }}
            >
              {t(`packs.do.${a}`)}
            </button>
          ))}
        </div>
        <p className="muted small">{t(`packs.hint.${action}`)}</p>
        {isManager && enrolled && (
          <p className="muted small" data-testid="packs-settled-by-central">
            {t('packs.settle.byCentral')}
          </p>
        )}
        <form className="scan-row" onSubmit={submit}>
          <label className="field scan-field" htmlFor="pack-ref">
            <span className="field-label">{t('packs.ref.label')}</span>
            <input
              ref={inputRef}
              id="pack-ref"
              className="input scan-input"
              autoComplete="off"
              maxLength={64}
              placeholder={t('packs.ref.placeholder')}
              value={ref}
              onChange={(e) => setRef(e.target.value)}
              data-testid="pack-ref"
            />
          </label>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="pack-submit">
            {t(`packs.do.${action}`)}
          </button>
        </form>
        <p className="muted small">{t('packs.keys')}</p>
        <ErrorBanner message={error} testId="pack-error" />
        {done && (
          <div className="banner banner-ok" role="status" data-testid="pack-done">
            {done}
          </div>
        )}
      </section>

      <section className="card">
        <h2>{t('packs.list')}</h2>
        {packs.length === 0 ? (
          <p className="empty">{t('packs.list.empty')}</p>
        ) : (
          <table className="table" data-testid="pack-table">
            <thead>
              <tr>
                <th>{t('packs.col.number')}</th>
                <th>{t('packs.col.game')}</th>
                <th>{t('packs.col.state')}</th>
                <th className="num">{t('packs.col.sold')}</th>
                <th>{t('packs.col.since')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {packs.map((p) => {
                const shown = shownPackState(p);
                return (
                  <tr key={p.number} data-testid={`pack-${p.number}`} data-state={shown.state}>
                    <td className="mono">{p.number}</td>
                    <td>{inventory.find((g) => g.game === p.game)?.game_name ?? p.game}</td>
                    <td>
                      <span className={`tag ${shown.tone}`} data-testid="pack-state">
                        {t(`packs.state.${shown.state}`)}
                      </span>
                      {shown.state === 'stop-listed' && p.stop_listed && (
                        <small className="pack-stop" data-testid="pack-stop-reason">
                          {t('packs.stop.why', { reason: p.stop_listed.reason })}
                        </small>
                      )}
                      {p.state === 'settled' && p.settle_reason && (
                        <small className="pack-reason" data-testid="pack-settle-reason">
                          {' '}
                          {t(`packs.reason.${p.settle_reason}`)}
                        </small>
                      )}
                      {p.stop_listed === null && p.stop_listed_units > 0 && (
                        <small className="pack-stop" data-testid="pack-stop-units">
                          {t(countKey('packs.stop.units', p.stop_listed_units, language), { n: count(p.stop_listed_units, language) })}
                        </small>
                      )}
                      {p.central_refusal && (
                        <small className="pack-refused" data-testid="pack-refused">
                          {packRefusalText(t, p.central_refusal)}
                        </small>
                      )}
                    </td>
                    <td className="num">
                      {count(p.sold, language)} / {count(p.unit_count, language)}
                    </td>
                    <td>{dateTime(since(p), language)}</td>
                    <td className="row-action">
                      <span className="row-buttons">
                        {p.state === 'received' && p.stop_listed === null && (
                          <button type="button" className="btn btn-small btn-primary" disabled={busy} data-testid="pack-row-activate" onClick={() => request('activate', p.number)}>
                            {t('packs.do.activate')}
                          </button>
                        )}
                        {p.state === 'received' && isManager && (
                          <button type="button" className="btn btn-small" disabled={busy} data-testid="pack-row-return" onClick={() => request('return', p.number)}>
                            {t('packs.do.return')}
                          </button>
                        )}
                        {p.state === 'active' && isManager && p.central === null && (
                          <button type="button" className="btn btn-small" disabled={busy} data-testid="pack-row-settle" onClick={() => request('settle', p.number)}>
                            {t('packs.do.settle')}
                          </button>
                        )}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
