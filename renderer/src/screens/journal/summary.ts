/** A journal entry's payload as one short line: its plain fields, amounts in euros, lists as counts. */
import { gameByCode, isGameCode } from '../../../../games/index.js';
import { formatEuros } from '../../../../games/money.js';
import type { Language } from '../../../../common/api/views.js';

const MAX_TEXT = 48;
/** Fields that say nothing to a person at the counter. */
const SKIP = new Set(['public_key_pem', 'money']);
/** Parts of an identity already shown by a `pack` or `ticket` number. */
const IDENTITY = new Set(['game', 'emission', 'block', 'unit', 'pack_index']);

function text(value: string): string {
  return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;
}

function field(key: string, value: unknown, language: Language): string | null {
  if (SKIP.has(key) || value === null || value === undefined) return null;
  if (typeof value === 'number') return key.endsWith('_cents') ? `${key.replace(/_cents$/, '')} ${formatEuros(value, { locale: language })}` : `${key} ${value}`;
  if (key === 'game' && typeof value === 'string' && isGameCode(value)) return gameByCode(value).name;
  if (typeof value === 'string') return `${key} ${text(value)}`;
  if (typeof value === 'boolean') return `${key} ${value ? '✓' : '✗'}`;
  if (Array.isArray(value)) {
    const tickets = value.map((v) => (v && typeof v === 'object' ? (v as { ticket?: unknown }).ticket : undefined)).filter((v): v is string => typeof v === 'string');
    return tickets.length > 0 ? `${key} ${tickets.join(', ')}` : `${key} ×${value.length}`;
  }
  return null;
}

/** `float 100,00 €`, `receipt_no 3 · total 6,00 € · lines 213-…`; a Z shows its number and cash count. */
export function payloadSummary(type: string, payload: unknown, language: Language): string {
  if (!payload || typeof payload !== 'object') return '';
  const p = payload as Record<string, unknown>;
  if (type === 'session.close' && p.z && typeof p.z === 'object') {
    const z = p.z as { z_number?: number; cash?: Record<string, unknown> };
    const cash = z.cash ?? {};
    return [`Z ${z.z_number ?? '?'}`, field('expected_cents', cash.expected_cents, language), field('counted_cents', cash.counted_cents, language), field('difference_cents', cash.difference_cents, language)]
      .filter(Boolean)
      .join(' · ');
  }
  if (type === 'settings.change' && p.before && p.after) {
    const before = p.before as Record<string, unknown>;
    const after = p.after as Record<string, unknown>;
    return Object.keys(after)
      .filter((k) => before[k] !== after[k])
      .map((k) => `${field(k, before[k], language) ?? k} → ${field(k, after[k], language)?.replace(/^\S+ /, '') ?? ''}`)
      .join(' · ');
  }
  const named = typeof p.pack === 'string' || typeof p.ticket === 'string';
  return Object.entries(p)
    .filter(([k]) => !(named && IDENTITY.has(k) && k !== 'game'))
    .map(([k, v]) => field(k, v, language))
    .filter((s): s is string => s !== null)
    .join(' · ');
}
