/** The large verdict: what the ticket is worth, in words and in figures, with the details that matter. */
import type { ReactNode } from 'react';
import type { Language, VerdictView } from '../../../../common/api/views.js';
import { dateTime, gameName, money } from '../../format.js';
import { textOf, useT, type Translate } from '../../i18n/index.js';
import { countKey } from '../../i18n/plural.js';
import { isInventoryBarcode, verdictCase, verdictStyle } from './verdict-style.js';
import { refusalHeadline, type Refusal } from './verdict-refusal.js';

/** The sentence under the headline, with the verdict's details filled in. */
export function verdictDetail(t: Translate, v: VerdictView, language: Language): string {
  if (v.suspended) return t('verdictSub.suspended', { game: v.game ? gameName(v.game) : '?' });
  switch (v.verdict) {
    case 'already-paid':
      // Central said so, and no longer answers (issue 41): the words its refusal gave online.
      if (v.paid && v.paid.receipt_no === null) return t('error.paid-elsewhere', { terminal: v.paid.terminal });
      return t('verdictSub.already-paid', {
        at: v.paid ? dateTime(v.paid.at, language) : '?',
        terminal: v.paid?.terminal ?? '?',
        receipt: v.paid?.receipt_no ?? '?',
      });
    case 'pack-not-active':
      if (v.pack?.state === 'not-received') return t('verdictSub.pack-not-received', { pack: v.pack.number });
      if (v.pack?.state === 'returned' || v.pack?.state === 'settled') return t(`verdictSub.pack-${v.pack.state}`, { pack: v.pack.number });
      return t('verdictSub.pack-not-active', { pack: v.pack?.number ?? '?', state: v.pack ? textOf(t, `validate.pack.${v.pack.state}`, undefined, v.pack.state) : '?' });
    case 'malformed':
      return isInventoryBarcode(v.barcode) ? t('verdictSub.inventory-barcode') : t('verdictSub.malformed');
    case 'above-limit':
      if (v.claimed) {
        return t('verdictSub.above-limit.claimed', { at: dateTime(v.claimed.at, language), terminal: v.claimed.terminal, receipt: v.claimed.receipt_no ?? '?' });
      }
      return t('verdictSub.above-limit', { limit: v.payout_limit_cents === undefined ? '?' : money(v.payout_limit_cents, language) });
    case 'winner':
      // Another shop's pack: central confirms it online before the payout (#19).
      if (v.pack?.state === 'not-received') return t('verdictSub.winner.elsewhere', { pack: v.pack.number });
      if (v.offline) return offlineDetail(t, v.offline, language);
      return t('verdictSub.winner');
    default:
      return t(`verdictSub.${v.verdict}`);
  }
}

/**
 * A winner while central does not answer: paid offline, and what is left of the offline allowance
 * (money, payouts, hours, the limit per ticket); or which offline limit this prize would pass.
 */
function offlineDetail(t: Translate, o: NonNullable<VerdictView['offline']>, language: Language): string {
  const left = t('verdictSub.offline.left', {
    total: money(o.left_total_cents, language),
    payouts: t(countKey('verdictSub.offline.payouts', o.left_count, language), { n: o.left_count }),
    // The hours the allowance still runs (#25: carried, not shown); under an hour said as such.
    hours: o.left_hours === 0 ? t('verdictSub.offline.hours.none') : t(countKey('verdictSub.offline.hours', o.left_hours, language), { n: o.left_hours }),
    ticket: money(o.max_ticket_cents, language),
  });
  if (!o.reached) return t('verdictSub.winner.offline', { left });
  const { limit, max } = o.reached;
  const why = t(`error.central-unreachable-payout.${limit}`, { max: limit === 'ticket' || limit === 'total' ? money(max, language) : max });
  return `${why} ${left}`;
}


/**
 * `refusal`: Pay, Claim or the basket was refused for this ticket (paid or held elsewhere, central's
 * verdict): the panel says the refusal, in red, instead of the verdict that offered the payment.
 */
export function VerdictPanel(props: { verdict: VerdictView; language: Language; settled: 'paid' | 'claimed' | null; refusal?: Refusal | null; children?: ReactNode }) {
  const t = useT();
  const v = props.verdict;
  const style = verdictStyle(v);
  const name = v.game ? gameName(v.game) : null;
  const refusal = props.settled ? null : (props.refusal ?? null);
  const tone = props.settled === 'paid' ? 'paid' : refusal ? 'stop' : style.tone;
  return (
    <div
      className={`verdict card tone-${tone}`}
      data-testid="verdict"
      data-verdict={v.verdict}
      {...(refusal ? { 'data-refused': refusal.code } : {})}
      data-sound={style.sound}
      role="status"
      aria-live="assertive"
    >
      <div className="verdict-headline" data-testid="verdict-headline">
        {props.settled ? t(`verdict.${props.settled}`) : refusal ? refusalHeadline(t, refusal) : textOf(t, `verdict.${verdictCase(v)}`, undefined, t(`verdict.${v.verdict}`))}
      </div>
      {style.showAmount && v.prize_cents !== null && !refusal && (
        <div className="verdict-amount" data-testid="verdict-amount">
          {money(v.prize_cents, props.language)}
        </div>
      )}
      <p className="verdict-detail" data-testid="verdict-detail">
        {props.settled ? t(`verdictSub.${props.settled}`) : refusal ? refusal.text : verdictDetail(t, v, props.language)}
      </p>
      {(v.ticket || name) && (
        <dl className="verdict-facts">
          {name && (
            <>
              <dt>{t('validate.game')}</dt>
              <dd>{name}</dd>
            </>
          )}
          {v.ticket && (
            <>
              <dt>{t('validate.ticket')}</dt>
              <dd className="mono" data-testid="verdict-ticket">
                {v.ticket}
              </dd>
            </>
          )}
        </dl>
      )}
      {props.children && <div className="verdict-actions">{props.children}</div>}
    </div>
  );
}
