/**
 * After a payment or claim: what was recorded, and the receipt as the printer printed it (or why not).
 * A receipt that failed to print can be reprinted: a DUPLICATA with its reprint counter, journaled.
 */
import { useState } from 'react';
import type { Language, ReceiptView } from '../../../../common/api/views.js';
import { useApi } from '../../api/context.js';
import { useAction } from '../../api/use-action.js';
import { money } from '../../format.js';
import { useT } from '../../i18n/index.js';
import { useReceipt } from '../../receipts/use-receipt.js';

export function ReceiptPanel(props: { kind: 'paid' | 'claimed'; receipt: ReceiptView; amountCents: number; language: Language }) {
  const api = useApi();
  const t = useT();
  // The receipt shown: the payment's, then each reprint's; a print still running is followed to its end.
  const [current, setReceipt] = useState<ReceiptView>(props.receipt);
  const r = useReceipt(current);
  const { busy, error: problem, run } = useAction();
  const amount = money(props.amountCents, props.language);
  const reprint = async (): Promise<void> => {
    if (r.receipt_no === null) return;
    const receiptNo = r.receipt_no;
    const again = await run(() => api.call('receipt.reprint', { receipt_no: receiptNo }));
    if (again) setReceipt(again);
  };
  return (
    <div className="receipt-panel card" data-testid="receipt-panel" data-printed={r.printed ? 'yes' : 'no'}>
      <div className="receipt-head">
        <strong data-testid="receipt-title">{props.kind === 'paid' ? t('validate.receipt.paid', { amount }) : t('validate.receipt.claimed', { amount })}</strong>
        {r.receipt_no !== null && <span className="receipt-no">{t('validate.receipt.number', { n: r.receipt_no })}</span>}
      </div>
      {r.printed ? (
        <p className="banner banner-ok">{t('validate.receipt.printed')}</p>
      ) : r.pending ? (
        <p className="banner banner-info" data-testid="receipt-pending">
          {t('validate.receipt.pending')}
        </p>
      ) : (
        <>
          <p className="banner banner-warn" role="alert" data-testid="receipt-error">
            {t('validate.receipt.notPrinted', { error: r.error ?? '?' })}
          </p>
          {r.receipt_no !== null && (
            <button type="button" className="btn btn-primary" data-testid="receipt-reprint" disabled={busy} onClick={() => void reprint()}>
              {t('validate.receipt.reprint')}
            </button>
          )}
          {problem && (
            <p className="banner banner-error" role="alert">
              {problem}
            </p>
          )}
        </>
      )}
      {r.picture && (
        <div className="receipt-paper">
          <img src={r.picture} alt={t('validate.receipt.picture')} data-testid="receipt-picture" draggable={false} />
        </div>
      )}
    </div>
  );
}
