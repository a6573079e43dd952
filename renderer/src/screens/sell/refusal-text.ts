/** A refusal of one scanned ticket, in the counter's language: from its code and details, never from the service's English message. */
import { textOf, type Translate } from '../../i18n/index.js';
import { errorText } from '../../i18n/errors.js';

export function refusalText(t: Translate, barcode: string, err: unknown): string {
  const code = (err as { code?: unknown })?.code;
  if (typeof code === 'string') {
    const key = `sell.refused.${code}`;
    const text = textOf(t, key);
    // The service names the ticket by its printed number when it could read it: easier to find in hand.
    const ticket = (err as { details?: { ticket?: unknown } }).details?.ticket;
    if (text !== key) return `${typeof ticket === 'string' ? ticket : barcode} : ${text}`;
  }
  return errorText(t, err);
}
