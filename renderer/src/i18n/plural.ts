/**
 * The dictionary key for a count: `<key>.one` for a singular, `<key>` otherwise. French puts 0 in the
 * singular ("0 ticket"), English in the plural ("0 tickets").
 */
import type { Language } from '../../../common/api/views.js';
import type { TextKey } from './index.js';

export function countKey<K extends TextKey>(key: K, n: number, language: Language): K | `${K}.one` {
  const singular = language === 'fr' ? n === 0 || n === 1 : n === 1;
  return singular ? `${key}.one` : key;
}
