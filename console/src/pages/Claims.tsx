/**
 * Claims of large prizes filed at the counters (claim forms and claim receipts): each one's state
 * (filed, payment proposed, paid) and, for a paid one, who was paid (name, ID document kind and its last
 * 4 characters), how and when; a filed one's payment recorded by finance under dual control (`claims.pay`:
 * the winner's identity and the payment made, at the prize central computes).
 */
import { useState } from 'react';
import { ClaimPayArgs, ConsoleClaims, ID_KINDS, PAYMENT_METHODS, type ConsoleClaim, type IdKind, type PaymentMethod } from '../../../common/console/claims.js';
import { runOp } from '../api.js';
import { useMay } from '../may.js';
import { calendarDay, dateTime, money, TIME_ZONE } from '../format.js';
import { claimFormProblem } from '../form-problems.js';
import { useI18n } from '../i18n.js';
import { errorText, Loading, Notice, ReasonForm, Table } from '../parts.js';
import { PendingProposals } from '../pending-proposals.js';
import { useOp } from '../use-op.js';

/** Today in the lottery's time zone, `YYYY-MM-DD`. */
const today = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

const day = calendarDay;

export function ClaimsPage() {
  const { t, lang } = useI18n();
  const may = useMay();
  const { data, error, reload } = useOp('console.claims', {}, ConsoleClaims);
  const [paying, setPaying] = useState<ConsoleClaim | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  // Read the pending payments again after one is proposed here.
  const [proposedHere, setProposedHere] = useState(0);
  if (!data) return <Loading error={error} onRetry={reload} />;
  const rows = data;
  const state = (r: ConsoleClaim) => (r.state === 'proposed' ? t('claims.proposed', { id: r.proposal_id ?? '?' }) : t(`claims.${r.state}`));
  return (
    <section className="page">
      <h1>{t('claims.title')}</h1>
      <p className="muted">{t('claims.identity')}</p>
      <Notice notice={notice} />
      <PendingProposals key={proposedHere} ops={['claims.pay']} onDecided={reload} />
      <Table
        testId="claims"
        rows={rows}
        columns={[
          { head: t('col.at'), cell: (r) => dateTime(r.filed_at, lang) },
          { head: t('col.ticket'), cell: (r) => <span className="mono">{r.printed}</span> },
          { head: t('col.amount'), cell: (r) => money(r.paid?.amount_cents ?? r.amount_cents, lang), num: true },
          { head: t('claims.kind'), cell: (r) => t(`claims.${r.kind}`) },
          { head: t('col.terminal'), cell: (r) => <a href={`#/terminal/${encodeURIComponent(r.terminal)}`}>{r.terminal}</a> },
          { head: t('col.retailer'), cell: (r) => r.retailer },
          { head: t('claims.receipt'), cell: (r) => r.receipt_no ?? '—', num: true },
          { head: t('col.reason'), cell: (r) => r.reason ?? '' },
          { head: t('claims.state'), cell: (r) => <span data-testid={`claim-state-${r.terminal}-${r.journal_seq}`}>{state(r)}</span> },
          {
            head: t('claims.payment'),
            cell: (r) =>
              r.paid ? (
                <div data-testid={`claim-paid-${r.terminal}-${r.journal_seq}`}>
                  <div>{t('claims.paid_to', { name: r.paid.winner_name, kind: t(`id.${r.paid.id_kind}`), last4: r.paid.id_last4 })}</div>
                  <div>{t('claims.paid_how', { method: t(`pay.${r.paid.method}`), reference: r.paid.reference, day: day(r.paid.paid_on, lang) })}</div>
                  <div className="muted">{t('claims.recorded', { at: dateTime(r.paid.recorded_at, lang), by: r.paid.proposed_by ? `${r.paid.proposed_by} + ${r.paid.recorded_by}` : r.paid.recorded_by })}</div>
                </div>
              ) : r.state === 'filed' && may('claims.pay') ? (
                <button type="button" data-testid={`claim-pay-${r.terminal}-${r.journal_seq}`} onClick={() => (setPaying(r), setNotice(null))}>
                  {t('claims.pay')}
                </button>
              ) : (
                '—'
              ),
          },
        ]}
      />
      {paying ? (
        <PayForm
          key={`${paying.terminal}/${paying.journal_seq}`}
          claim={paying}
          onCancel={() => setPaying(null)}
          onDone={(text, ok) => {
            setNotice({ ok, text });
            if (ok) {
              setPaying(null);
              setProposedHere((n) => n + 1);
              reload();
            }
          }}
        />
      ) : null}
    </section>
  );
}

/** The payment of one filed claim: the winner, the payment made, and why; checked by the schema central checks it with. */
function PayForm({ claim, onCancel, onDone }: { claim: ConsoleClaim; onCancel: () => void; onDone: (text: string, ok: boolean) => void }) {
  const { t, lang } = useI18n();
  const [name, setName] = useState('');
  const [idKind, setIdKind] = useState<IdKind>('identity_card');
  const [idNumber, setIdNumber] = useState('');
  const [address, setAddress] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  return (
    <section data-testid="claim-pay" aria-labelledby="claim-pay-title">
      <h2 id="claim-pay-title">{t('claims.pay_title', { ticket: claim.printed, terminal: claim.terminal, seq: claim.journal_seq })}</h2>
      <p className="muted">{t('claims.pay_amount', { amount: money(claim.amount_cents, lang) })}</p>
      <ReasonForm
        label={t('claims.propose')}
        testId="claim-pay-form"
        onSubmit={async (reason) => {
          const args = ClaimPayArgs.safeParse({
            terminal: claim.terminal,
            seq: claim.journal_seq,
            winner: { name, id_kind: idKind, id_number: idNumber, ...(address.trim() ? { address } : {}) },
            payment: { method, reference, paid_on: paidOn },
            reason,
          });
          if (!args.success) {
            onDone(t('common.error', { error: args.error.issues.map((i) => claimFormProblem(i, t)).join(' ; ') }), false);
            return;
          }
          try {
            const a = await runOp('claims.pay', args.data);
            onDone(a.status === 'proposed' ? t('claims.proposed_notice', { id: a.proposal_id }) : t('claims.done'), true);
          } catch (e) {
            onDone(t('common.error', { error: errorText(e, { t, lang }) }), false);
          }
        }}
      >
        <div className="stack">
          <label>
            {t('claims.winner_name')} <input name="winner_name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} autoFocus autoComplete="off" />
          </label>
          <label>
            {t('claims.id_kind')}{' '}
            <select name="id_kind" value={idKind} onChange={(e) => setIdKind(e.target.value as IdKind)}>
              {ID_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`id.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('claims.id_number')} <input name="id_number" value={idNumber} onChange={(e) => setIdNumber(e.target.value)} required maxLength={64} autoComplete="off" />
          </label>
          <label>
            {t('claims.address')} <input name="address" value={address} onChange={(e) => setAddress(e.target.value)} maxLength={300} autoComplete="off" />
          </label>
          <label>
            {t('claims.method')}{' '}
            <select name="method" value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(`pay.${m}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('claims.reference')} <input name="reference" value={reference} onChange={(e) => setReference(e.target.value)} required maxLength={100} autoComplete="off" />
          </label>
          <label>
            {t('claims.paid_on')} <input name="paid_on" type="date" value={paidOn} max={today()} onChange={(e) => setPaidOn(e.target.value)} required />
          </label>
        </div>
      </ReasonForm>
      <button type="button" onClick={onCancel}>
        {t('claims.cancel')}
      </button>
    </section>
  );
}
