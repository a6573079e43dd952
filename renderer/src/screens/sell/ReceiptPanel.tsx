/** A printed receipt: the virtual printer's picture when there is one, or the printer's trouble and a reprint button. */
import type { ReceiptView } from '../../../../common/api/views.js';
import { useT } from '../../i18n/index.js';
import { useReceipt } from '../../receipts/use-receipt.js';

export interface ReceiptPanelProps {
  readonly receipt: ReceiptView;
  /** Prints it again (omit when a reprint is not offered). */
  onReprint?(): void;
  readonly busy?: boolean;
}

export function ReceiptPanel(props: ReceiptPanelProps) {
  const t = useT();
  const r = useReceipt(props.receipt);
  return (
    <section className="receipt-panel" data-testid="receipt-panel" data-printed={r.printed ? 'yes' : 'no'}>
      {r.printed ? (
        <p className="receipt-status ok" data-testid="receipt-status">
          ✓ {t('receipt.printed')}
        </p>
      ) : r.pending ? (
        <p className="receipt-status" data-testid="receipt-status">
          {t('receipt.pending')}
        </p>
      ) : (
        <div className="banner banner-warn" role="alert" data-testid="receipt-status">
          {t('receipt.notPrinted', { error: r.error ?? '?' })}
        </div>
      )}
      {r.picture && (
        <figure className="receipt-paper">
          <img src={r.picture} alt={t('receipt.picture')} data-testid="receipt-picture" />
        </figure>
      )}
      {props.onReprint && (
        <button type="button" className="btn btn-small" data-testid="receipt-reprint" disabled={props.busy} onClick={props.onReprint}>
          {t('receipt.reprint')}
        </button>
      )}
    </section>
  );
}
