/** After a payment or claim: what was recorded, and the receipt as the printer printed it (or why not). */
import type { Language, ReceiptView } from '../../../../main/api/views.js';
import { money } from '../../format.js';
import { useT } from '../../i18n/index.js';

export function ReceiptPanel(props: { kind: 'paid' | 'claimed'; receipt: ReceiptView; amountCents: number; language: Language }) {
  const t = useT();
  const r = props.receipt;
  const amount = money(props.amountCents, props.language);
  return (
    <div className="receipt-panel card" data-testid="receipt-panel" data-printed={r.printed ? 'yes' : 'no'}>
      <div className="receipt-head">
        <strong data-testid="receipt-title">{props.kind === 'paid' ? t('validate.receipt.paid', { amount }) : t('validate.receipt.claimed', { amount })}</strong>
        {r.receipt_no !== null && <span className="receipt-no">{t('validate.receipt.number', { n: r.receipt_no })}</span>}
      </div>
      {r.printed ? (
        <p className="banner banner-ok">{t('validate.receipt.printed')}</p>
      ) : (
        <p className="banner banner-warn" role="alert" data-testid="receipt-error">
          {t('validate.receipt.notPrinted', { error: r.error ?? '?' })}
        </p>
      )}
      {r.picture && (
        <div className="receipt-paper">
          <img src={r.picture} alt={t('validate.receipt.picture')} data-testid="receipt-picture" draggable={false} />
        </div>
      )}
    </div>
  );
}
