/**
 * The text of one revealed zone of a digital play, in the player's language: symbols by their names
 * (`digital.symbol.<name>`), fields by their labels (`digital.field.<name>`), amounts as money. A name
 * without a text is shown as it is (a gap stays visible, never a crash).
 */

/** The text of a dictionary key, or null when there is none. */
export type Word = (key: string) => string | null;

function symbolName(name: unknown, word: Word): string {
  return word(`digital.symbol.${String(name)}`) ?? String(name);
}

export function zoneText(v: unknown, money: (cents: number) => string, word: Word): string {
  if (v === null || v === undefined) return '?';
  if (typeof v === 'number') return money(v);
  if (typeof v !== 'object') return String(v);
  return Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => {
      if (Array.isArray(x)) return x.map((s) => symbolName(s, word)).join(' ');
      if ((k === 'amount' || k === 'gain') && typeof x === 'number') return money(x);
      if (k === 'symbol') return symbolName(x, word);
      return `${word(`digital.field.${k}`) ?? k} ${String(x)}`;
    })
    .join(' · ');
}

/** A play surface's title in the player's language (`digital.surface.<game>.<surface>`), else the game's own label. */
export function surfaceText(game: string, surface: { readonly key: string; readonly label: string }, word: Word): string {
  return word(`digital.surface.${game}.${surface.key}`) ?? surface.label;
}

/** A zone's label in the player's language (`digital.zone.<surface>.<index>`: the months, the bonus box), else the game's own label, else its number. */
export function zoneLabel(surface: { readonly key: string; readonly zone_labels?: readonly string[] }, index: number, word: Word): string {
  return word(`digital.zone.${surface.key}.${index}`) ?? surface.zone_labels?.[index] ?? String(index + 1);
}
