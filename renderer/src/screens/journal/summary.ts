/** A journal entry's payload as one short line: its plain fields, amounts in euros, lists as counts. */
import { gameByCode, isGameCode } from '../../../../games/index.js';
import { formatEuros } from '../../../../games/money.js';
import type { Language } from '../../../../common/api/views.js';

const MAX_TEXT = 48;
/** Fields that say nothing to a person at the counter: keys, links between records, signatures. */
const SKIP = new Set(['public_key_pem', 'money', 'journal_seq', 'cash_session_id', 'session_id', 'basket_id', 'sale_key', 'idempotency_key', 'hash', 'signature', 'nonce', 'items', 'cursor', 'epoch', 'positions']);
const isInternal = (key: string): boolean => SKIP.has(key) || key.endsWith('_id') || key.endsWith('_key') || key.endsWith('_hash');
/** A value that is an identifier, not words (a UUID, a long hexadecimal digest). */
const isOpaque = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) || /^[0-9a-f]{32,}$/i.test(value);

/** The fields' names in the screen's language; any other field reads as its words (`some_field` → `some field`). */
const LABELS: Record<string, { readonly fr: string; readonly en: string }> = {
  receipt_no: { fr: 'reçu n°', en: 'receipt no.' },
  voided_receipt_no: { fr: 'annule le reçu n°', en: 'voids receipt no.' },
  reprinted_receipt_no: { fr: 'reçu n°', en: 'receipt no.' },
  sale_receipt_no: { fr: 'vente n°', en: 'sale no.' },
  reprint: { fr: 'réimpression', en: 'reprint' },
  total: { fr: 'total', en: 'total' },
  tendered: { fr: 'reçu', en: 'tendered' },
  change: { fr: 'rendu', en: 'change' },
  amount: { fr: 'montant', en: 'amount' },
  float: { fr: 'fond de caisse', en: 'float' },
  prize: { fr: 'gain', en: 'prize' },
  price: { fr: 'prix', en: 'price' },
  purchases: { fr: 'achats', en: 'purchases' },
  prizes: { fr: 'gains', en: 'prizes' },
  paper: { fr: 'tickets papier', en: 'paper tickets' },
  till: { fr: 'caisse', en: 'till' },
  expected: { fr: 'attendu', en: 'expected' },
  counted: { fr: 'compté', en: 'counted' },
  difference: { fr: 'écart', en: 'difference' },
  payout_limit: { fr: 'plafond de paiement', en: 'payout limit' },
  lines: { fr: 'tickets', en: 'tickets' },
  tickets: { fr: 'tickets annulés', en: 'tickets voided' },
  digital: { fr: 'jeux numériques', en: 'digital units' },
  parts: { fr: 'reçus liés', en: 'linked receipts' },
  reason: { fr: 'motif', en: 'reason' },
  pack: { fr: 'carnet', en: 'pack' },
  ticket: { fr: 'ticket', en: 'ticket' },
  number: { fr: 'n°', en: 'no.' },
  version: { fr: 'version', en: 'version' },
  verdict: { fr: 'verdict', en: 'verdict' },
  scanner: { fr: 'lecteur', en: 'scanner' },
  name: { fr: 'nom', en: 'name' },
  role: { fr: 'rôle', en: 'role' },
  kind: { fr: 'type', en: 'kind' },
  type: { fr: 'type', en: 'type' },
  state: { fr: 'état', en: 'state' },
  count: { fr: 'nombre', en: 'count' },
  length: { fr: 'taille', en: 'size' },
  sha256: { fr: 'empreinte', en: 'digest' },
};

/** Values that are words of the code (states, roles, kinds of news), in the screen's language. */
const VALUES: Record<string, { readonly fr: string; readonly en: string }> = {
  received: { fr: 'reçu', en: 'received' },
  active: { fr: 'actif', en: 'active' },
  returned: { fr: 'rendu', en: 'returned' },
  settled: { fr: 'soldé', en: 'settled' },
  stop_listed: { fr: 'en opposition', en: 'stop-listed' },
  manager: { fr: 'gérant', en: 'manager' },
  cashier: { fr: 'caissier', en: 'cashier' },
  technician: { fr: 'technicien', en: 'technician' },
  pack_state: { fr: 'état de carnet', en: 'pack state' },
  stop_list: { fr: 'liste d’opposition', en: 'stop list' },
};

function label(key: string, language: Language): string {
  return LABELS[key]?.[language] ?? key.replace(/_/g, ' ');
}
/** Parts of an identity already shown by a `pack` or `ticket` number. */
const IDENTITY = new Set(['game', 'emission', 'block', 'unit', 'pack_index']);

function text(value: string): string {
  return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;
}

function field(key: string, value: unknown, language: Language): string | null {
  if (isInternal(key) || value === null || value === undefined) return null;
  if (typeof value === 'number') return key.endsWith('_cents') ? `${label(key.replace(/_cents$/, ''), language)} ${formatEuros(value, { locale: language })}` : `${label(key, language)} ${value}`;
  if (key === 'game' && typeof value === 'string' && isGameCode(value)) return gameByCode(value).name;
  if (typeof value === 'string') {
    if (isOpaque(value) && key !== 'sha256') return null;
    const shown = key === 'sha256' ? `${value.slice(0, 12)}…` : (VALUES[value]?.[language] ?? value);
    return `${label(key, language)} ${text(shown)}`;
  }
  if (typeof value === 'boolean') return `${label(key, language)} ${value ? '✓' : '✗'}`;
  if (Array.isArray(value)) {
    const tickets = value.map((v) => (v && typeof v === 'object' ? (v as { ticket?: unknown }).ticket : undefined)).filter((v): v is string => typeof v === 'string');
    return tickets.length > 0 ? `${label(key, language)} ${tickets.join(', ')}` : `${label(key, language)} ×${value.length}`;
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
