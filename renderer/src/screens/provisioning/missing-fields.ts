/**
 * The enrolment form's empty fields, said in the screen's language rather than by the browser's own
 * bubble (which speaks the browser's language, English on a counter PC set up in English).
 */
import type { TextKey, Translate } from '../../i18n/index.js';

/** The fields the enrolment letter must fill, in the form's order, with the label each shows. */
export const REQUIRED_FIELDS = [
  ['central', 'provisioning.central'],
  ['code', 'provisioning.code'],
  ['root', 'provisioning.root'],
  ['manager', 'provisioning.manager'],
  ['pin', 'provisioning.pin'],
  ['pinAgain', 'provisioning.pin-again'],
] as const satisfies readonly (readonly [string, TextKey])[];

export type RequiredField = (typeof REQUIRED_FIELDS)[number][0];

/** The required fields left empty (blank counts as empty), in the form's order. */
export function missingFields(letter: Readonly<Record<RequiredField, string>>): RequiredField[] {
  return REQUIRED_FIELDS.filter(([key]) => letter[key].trim() === '').map(([key]) => key);
}

/** "Remplissez : Code d’enrôlement, Code du gérant." — the empty fields by their labels. */
export function missingText(t: Translate, missing: readonly RequiredField[]): string {
  const labels = REQUIRED_FIELDS.filter(([key]) => missing.includes(key)).map(([, label]) => t(label));
  return t('provisioning.missing', { fields: labels.join(', ') });
}
