/** Amounts typed at the counter: euros with an optional comma or point ("20", "20,5", "20.50") → cents. */

const AMOUNT = /^(\d{1,9})(?:[.,](\d{0,2}))?$/;

/** Cents of a typed amount, or null when it is not one (empty, letters, three decimals, negative). */
export function parseEuros(text: string): number | null {
  const m = AMOUNT.exec(text.trim().replace(/\s/g, ''));
  if (!m) return null;
  const euros = Number(m[1]);
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  return euros * 100 + cents;
}

/** What the field shows for an amount in cents, ready to be typed over ("20,50" / "20.50"). */
export function typedEuros(cents: number, language: 'fr' | 'en'): string {
  const text = `${Math.floor(cents / 100)}${language === 'en' ? '.' : ','}${String(cents % 100).padStart(2, '0')}`;
  return text;
}
