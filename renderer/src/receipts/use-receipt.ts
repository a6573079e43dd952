/**
 * A receipt view that follows its print job: when the host answered before the printer finished
 * (`pending`), the outcome arrives later as a `receipt` event with the same job, and replaces it.
 */
import { useEffect, useState } from 'react';
import type { ReceiptView } from '../../../common/api/views.js';
import { useApi } from '../api/context.js';

export function useReceipt(initial: ReceiptView): ReceiptView {
  const api = useApi();
  const [view, setView] = useState(initial);
  useEffect(() => setView(initial), [initial]);
  useEffect(() => {
    if (!initial.pending || !initial.job) return undefined;
    return api.subscribe((event) => {
      if (event.type === 'receipt' && event.receipt.job === initial.job) setView(event.receipt);
    });
  }, [initial]);
  return view;
}
