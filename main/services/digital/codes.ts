/**
 * A digital unit's validation barcode pays its prize: it is the buyer's (the receipt, the play screen),
 * never the journal's, which the journal screen shows and central keeps. Journal entries name the unit
 * and its sale key; receipts rebuilt from them (reprints, a basket answered again) take the code back
 * from this terminal's own record of the sale (digital_units).
 */
import { digitalByKey } from '../../../db/queries/digital-units.js';
import { gameByCode } from '../../../games/index.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

/** The receipt line of a digital unit: its game and number, then its validation barcode when given. */
export function digitalReceiptLine(game: string, number: string, validationBarcode: string | null): string {
  return withCode(`${gameByCode(game).name} ${number}`, validationBarcode);
}

const CODE_SUFFIX = ' — code ';

/** A receipt line with a digital unit's validation barcode after it (none: the line as it is). */
export function withCode(line: string, validationBarcode: string | null): string {
  return validationBarcode ? `${line}${CODE_SUFFIX}${validationBarcode}` : line;
}

/**
 * The inverse of {@link withCode}, for the printed receipt: the line's words, and the validation
 * barcode it carries (printed as a barcode the counter's scanner reads, #41), or null.
 */
export function splitCode(line: string): { readonly description: string; readonly barcode: string | null } {
  const at = line.lastIndexOf(CODE_SUFFIX);
  const code = at < 0 ? '' : line.slice(at + CODE_SUFFIX.length);
  return /^[0-9]{8,64}$/.test(code) ? { description: line.slice(0, at), barcode: code } : { description: line, barcode: null };
}

/** The validation barcode of the digital unit sold here under `saleKey`; null when this terminal holds none. */
export function soldDigitalCode(t: LotteryTerminal, saleKey: unknown): string | null {
  if (typeof saleKey !== 'string') return null;
  return digitalByKey(t.db, saleKey)?.validation_barcode ?? null;
}
