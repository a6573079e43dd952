/** A journal entry's payload as one short line: its plain fields, amounts in euros, lists as counts. */
import { isGameCode } from '../../../../games/index.js';
import { formatEuros } from '../../../../games/money.js';
import type { Language } from '../../../../common/api/views.js';
import { gameName, shortened } from '../../format.js';
import { textOf, type Translate } from '../../i18n/index.js';
import { feedSentence } from './feed-words.js';

const MAX_TEXT = 48;
/** Fields that say nothing to a person at the counter: keys, links between records, signatures, a payout's proof of possession. */
const SKIP = new Set(['public_key_pem', 'money', 'journal_seq', 'cash_session_id', 'session_id', 'basket_id', 'sale_key', 'idempotency_key', 'hash', 'signature', 'proof', 'nonce', 'items', 'cursor', 'epoch', 'positions']);
const isInternal = (key: string): boolean => SKIP.has(key) || key.endsWith('_id') || key.endsWith('_key') || key.endsWith('_hash');
/** A value that is an identifier, not words (a UUID, a long hexadecimal digest). */
const isOpaque = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) || /^[0-9a-f]{32,}$/i.test(value);

/** The fields' names in the screen's language; any other field reads as its words (`some_field` → `some field`). */

/** Values that are words of the code (states, roles, kinds of news), in the screen's language. */

/** A field's name in the screen's language (journal.field.*); any other field reads as its words (`some_field` → `some field`). */
function label(key: string, t: Translate): string {
  return textOf(t, `journal.field.${key}`, undefined, key.replace(/_/g, ' '));
}
/** Parts of an identity already shown by a `pack` or `ticket` number. */
const IDENTITY = new Set(['game', 'emission', 'block', 'unit', 'pack_index']);

function field(key: string, value: unknown, t: Translate, language: Language): string | null {
  if (key === 'game' && typeof value === 'string' && isGameCode(value)) return gameName(value);
  const shown = valueText(key, value, t, language);
  return shown === null ? null : `${label(key.replace(/_cents$/, ''), t)} ${shown}`;
}

/** A field's value alone, in the screen's language (null: nothing to show). */
function valueText(key: string, value: unknown, t: Translate, language: Language): string | null {
  if (isInternal(key) || value === null || value === undefined) return null;
  if (typeof value === 'number') return key.endsWith('_cents') ? formatEuros(value, { locale: language }) : String(value);
  if (key === 'game' && typeof value === 'string' && isGameCode(value)) return gameName(value);
  if (typeof value === 'string') {
    if (isOpaque(value) && key !== 'sha256') return null;
    return key === 'sha256' ? `${value.slice(0, 12)}…` : shortened(textOf(t, `journal.value.${value}`, undefined, value), MAX_TEXT);
  }
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (Array.isArray(value)) {
    const tickets = value.map((v) => (v && typeof v === 'object' ? (v as { ticket?: unknown }).ticket : undefined)).filter((v): v is string => typeof v === 'string');
    return tickets.length > 0 ? tickets.join(', ') : `×${value.length}`;
  }
  return null;
}

/** `float 100,00 €`, `receipt_no 3 · total 6,00 € · lines 213-…`; a Z shows its number and cash count. */
export function payloadSummary(type: string, payload: unknown, t: Translate): string {
  const language: Language = t('i18n.locale') === 'en' ? 'en' : 'fr';
  if (!payload || typeof payload !== 'object') return '';
  const p = payload as Record<string, unknown>;
  if (type === 'session.close' && p.z && typeof p.z === 'object') {
    const z = p.z as { z_number?: number; cash?: Record<string, unknown> };
    const cash = z.cash ?? {};
    return [`Z ${z.z_number ?? '?'}`, field('expected_cents', cash.expected_cents, t, language), field('counted_cents', cash.counted_cents, t, language), field('difference_cents', cash.difference_cents, t, language)]
      .filter(Boolean)
      .join(' · ');
  }
  if (type === 'settings.change' && p.before && p.after) {
    const before = p.before as Record<string, unknown>;
    const after = p.after as Record<string, unknown>;
    return Object.keys(after)
      .filter((k) => before[k] !== after[k])
      .map((k) => `${field(k, before[k], t, language) ?? k} → ${valueText(k, after[k], t, language) ?? ''}`)
      .join(' · ');
  }
  if (type === 'central.feed') {
    const sentence = feedSentence(p, t);
    if (sentence) return sentence;
    // A kind of news this screen has no sentence for: its name in words, then its fields.
    const { kind, ...rest } = p;
    const what = typeof kind === 'string' ? textOf(t, `journal.value.${kind}`, undefined, kind.replace(/_/g, ' ')) : '?';
    const detail = fields(rest, t, language);
    return detail ? t('journal.feed.other', { what, detail }) : t('journal.feed.other.bare', { what });
  }
  return fields(p, t, language);
}

/** The payload's plain fields, named in the screen's language, joined by `·`. */
function fields(p: Record<string, unknown>, t: Translate, language: Language): string {
  const named = typeof p.pack === 'string' || typeof p.ticket === 'string';
  return Object.entries(p)
    .filter(([k]) => !(named && IDENTITY.has(k) && k !== 'game'))
    .map(([k, v]) => field(k, v, t, language))
    .filter((s): s is string => s !== null)
    .join(' · ');
}
