/**
 * The journal in words (#25: entries showed internal names such as `digital.played` and `central.feed`,
 * and raw keys such as UUIDs and `cash_session_id`): every type the terminal journals has a name in
 * French and in English, and an entry's detail names its fields in the screen's language and leaves
 * out the keys that say nothing to a person.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';
import { payloadSummary } from '../../renderer/src/screens/journal/summary.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dict = mergeDictionaries(DICTIONARIES);
const T = { fr: makeTranslate(dict, 'fr'), en: makeTranslate(dict, 'en') } as const;

/** The literal types passed to record() or appendJournal() in the terminal's code. */
function journaledTypes(): string[] {
  const found = new Set<string>();
  for (const file of readdirSync(path.join(ROOT, 'main'), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const text = readFileSync(path.join(ROOT, 'main', file), 'utf8');
    for (const m of text.matchAll(/(?:record|appendJournal)\(\s*[\w.]+,\s*\{\s*type:\s*'([^']+)'/g)) found.add(m[1]!);
  }
  return [...found].sort();
}

describe('the journal in words', () => {
  it('every type the terminal journals has a name in French and in English', () => {
    const types = [...journaledTypes(), 'cash.in', 'cash.out', 'pack.activate', 'pack.return', 'pack.settle', 'ticket.code-refused'];
    expect(types.length).toBeGreaterThan(30);
    for (const lang of ['fr', 'en'] as const) {
      const missing = types.filter((type) => !dict[lang][`journal.type.${type}`]);
      expect(missing, `journal types without a ${lang} name`).toEqual([]);
    }
  });

  it("an entry's detail names its fields in the screen's language, without internal keys", () => {
    const payload = { basket_id: '3f2a9c1e-5b7d-4e11-9a2b-0c6d8e4f1a22', cash_session_id: 4, receipt_no: 12, total_cents: 600, tendered_cents: 1000, change_cents: 400, journal_seq: 88 };
    const fr = payloadSummary('basket', payload, T.fr);
    const en = payloadSummary('basket', payload, T.en);
    for (const line of [fr, en]) {
      expect(line).not.toMatch(/_id|_cents|_no\b|_seq|3f2a9c1e/);
      expect(line).not.toMatch(/\b[a-z]+_[a-z]+\b/);
    }
    expect(fr).toContain('reçu n° 12');
    expect(fr).toMatch(/total 6,00\s€/);
    expect(fr).toMatch(/rendu 4,00\s€/);
    expect(en).toContain('receipt no. 12');
    expect(en).toMatch(/change €4\.00|change 4\.00\s€/);
  });

  it("central's news reads as a pack's state, in the screen's language", () => {
    const news = { cursor: 8, type: 'pack_state', pack: '213-001-01-00001', state: 'received' };
    expect(payloadSummary('central.feed', news, T.fr)).toBe('type état de carnet · carnet 213-001-01-00001 · état reçu');
    expect(payloadSummary('central.feed', news, T.en)).toBe('type pack state · pack 213-001-01-00001 · state received');
    expect(payloadSummary('operator.login', { role: 'manager' }, T.fr)).toBe('rôle gérant');
  });

  it("a reprinted receipt's kind reads as a word, not the code word", () => {
    const fr = ['sale', 'void', 'payout', 'claim', 'claim.receipt', 'basket'].map((kind) => payloadSummary('receipt.reprint', { reprinted_receipt_no: 7, kind, reprint: 2 }, T.fr));
    expect(fr).toEqual(['vente', 'annulation', 'paiement', 'réclamation', 'reçu de réclamation', 'panier'].map((k) => `reçu n° 7 · type ${k} · réimpression 2`));
    expect(payloadSummary('receipt.reprint', { reprinted_receipt_no: 7, kind: 'claim.receipt', reprint: 1 }, T.en)).toBe('receipt no. 7 · kind claim receipt · reprint 1');
  });

  it('an unknown field still reads as words, not as a key', () => {
    expect(payloadSummary('x', { some_new_field: 'oui' }, T.fr)).toBe('some new field oui');
  });

  it('names fields and values from the screen dictionaries, the same keys in both languages', () => {
    const keys = (lang: 'fr' | 'en') => Object.keys(dict[lang]).filter((k) => k.startsWith('journal.field.') || k.startsWith('journal.value.')).sort();
    expect(keys('fr').length).toBeGreaterThan(40);
    expect(keys('en')).toEqual(keys('fr'));
  });
});
