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

describe('a setting changed, in the journal (#41)', () => {
  it('says the new value alone after the arrow, not the tail of a name of several words', () => {
    const line = payloadSummary('settings.change', { before: { payout_limit_cents: 30000 }, after: { payout_limit_cents: 1500 } }, T.fr);
    expect(line).toMatch(/^plafond de paiement 300,00\s€ → 15,00\s€$/);
  });

  it('a drawer opened for a sale names its receipt in words, not "note receipt 18"', () => {
    expect(payloadSummary('drawer.open', { reason: 'sale', for_receipt: 18 }, T.fr)).toBe('motif vente · reçu n° 18');
  });

  it('an operator switch says after whom in French, not "from Camille"', () => {
    expect(payloadSummary('operator.switch', { from: 'Camille', role: 'cashier' }, T.fr)).not.toMatch(/\bfrom\b/);
    expect(payloadSummary('operator.switch', { from: 'Camille', role: 'cashier' }, T.fr)).toContain('après Camille');
  });
});

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

  it("central's news reads as a sentence in the screen's language, not as glued fields (#25)", () => {
    // The payloads as main/services/sync/pull.ts journals them (`kind` is the feed item's).
    const say = (payload: Record<string, unknown>) => [payloadSummary('central.feed', { cursor: 8, ...payload }, T.fr), payloadSummary('central.feed', { cursor: 8, ...payload }, T.en)];
    expect(say({ kind: 'pack_state', pack: '213-001-01-00001', state: 'received' })).toEqual(['Carnet 213-001-01-00001 réceptionné', 'Pack 213-001-01-00001 received']);
    expect(say({ kind: 'pack_state', pack: '213-001-01-00003', state: 'active' })).toEqual(['Carnet 213-001-01-00003 activé', 'Pack 213-001-01-00003 activated']);
    expect(say({ kind: 'pack_state', pack: '213-001-01-00003', state: 'returned' })).toEqual(['Carnet 213-001-01-00003 retourné', 'Pack 213-001-01-00003 returned']);
    expect(say({ kind: 'pack_state', pack: '213-001-01-00003', state: 'settled', settle_reason: 'days' })).toEqual([
      'Carnet 213-001-01-00003 réglé (délai depuis l’activation écoulé)',
      'Pack 213-001-01-00003 settled (days since activation elapsed)',
    ]);
    expect(say({ kind: 'stop_list', pack: '213-001-01-00003', action: 'add', reason: 'vol déclaré' })).toEqual([
      'Carnet 213-001-01-00003 mis en opposition (motif : vol déclaré)',
      'Pack 213-001-01-00003 stop-listed (reason: vol déclaré)',
    ]);
    expect(say({ kind: 'stop_list', pack: '213-001-01-00003', action: 'remove', reason: '' })).toEqual(['Carnet 213-001-01-00003 retiré de la liste d’opposition', 'Pack 213-001-01-00003 taken off the stop list']);
    expect(say({ kind: 'stop_list', pack: '213-001-01-00003', action: 'add', status: 'unchanged' })).toEqual(['Carnet 213-001-01-00003 déjà en opposition', 'Pack 213-001-01-00003 already stop-listed']);
    expect(say({ kind: 'stop_list', pack: 'x-1', action: 'add', status: 'refused', reason: 'unknown pack reference' })).toEqual([
      'Opposition ignorée : numéro de carnet x-1 non reconnu',
      'Stop list entry ignored: pack number x-1 not recognised',
    ]);
    expect(say({ kind: 'outcome_file', name: 'millionnaire-1-2.outcome', game: 'millionnaire', emission: 1, block: 2, status: 'imported' })[0]).toMatch(/^Bloc de tickets importé : .+, émission 1, bloc 2$/);
    expect(say({ kind: 'outcome_file', name: 'millionnaire-1-2.outcome', game: 'millionnaire', emission: 1, block: 2, status: 'refused', reason: 'bad-signature' })[1]).toMatch(/^Ticket block refused: .+, emission 1, block 2 \(invalid signature\)$/);
    expect(say({ kind: 'key_certificate', fingerprint: 'ab'.repeat(32), role: 'online', status: 'applied' })).toEqual(['Clé de la loterie acceptée : clé du central abababababab…', 'Lottery key trusted: central’s key abababababab…']);
    expect(say({ kind: 'key_revocation', fingerprint: 'cd'.repeat(32), reason: 'compromise', status: 'applied' })[0]).toBe('Clé de la loterie cdcdcdcdcdcd… révoquée (motif : compromise)');
    expect(say({ kind: 'central_ca', fingerprints: ['a', 'b'], reason: 'rotation' })[1]).toBe('Central’s trusted certificates updated (2) (reason: rotation)');
    expect(say({ kind: 'terminal_status', enabled: false, reason: 'audit' })).toEqual(['Terminal suspendu par la loterie (motif : audit)', 'Terminal disabled by the lottery (reason: audit)']);
    expect(say({ kind: 'game_status', game: 'nope', enabled: true, reason: '' })).toEqual(['Jeu nope rouvert par la loterie', 'Game nope enabled again by the lottery']);
    for (const line of [
      ...say({ kind: 'pack_state', pack: '213-001-01-00001', state: 'received' }),
      ...say({ kind: 'stop_list', pack: '213-001-01-00003', action: 'add', reason: 'x' }),
      ...say({ kind: 'game_status', game: 'millionnaire', enabled: false, reason: 'x' }),
    ]) {
      expect(line).not.toContain(' · ');
      expect(line).not.toMatch(/\b(kind|type|state|état) /);
    }
    expect(payloadSummary('operator.login', { role: 'manager' }, T.fr)).toBe('rôle gérant');
  });

  it('news of a kind the screen has no sentence for still reads as words', () => {
    expect(payloadSummary('central.feed', { cursor: 9, kind: 'weather_report', sky: 'clear' }, T.fr)).toBe('Nouvelle du central (weather report) : sky clear');
    expect(payloadSummary('central.feed', { cursor: 9, kind: 'weather_report' }, T.en)).toBe('News from central (weather report)');
    // A known kind missing what its sentence needs falls back the same way.
    expect(payloadSummary('central.feed', { cursor: 9, kind: 'pack_state', state: 'active' }, T.en)).toBe('News from central (pack state): state active');
  });

  it("a reprinted receipt's kind reads as a word, not the code word", () => {
    const fr = ['sale', 'void', 'payout', 'claim', 'claim.receipt', 'basket'].map((kind) => payloadSummary('receipt.reprint', { reprinted_receipt_no: 7, kind, reprint: 2 }, T.fr));
    expect(fr).toEqual(['vente', 'annulation', 'paiement', 'réclamation', 'reçu de réclamation', 'panier'].map((k) => `reçu n° 7 · type ${k} · réimpression 2`));
    expect(payloadSummary('receipt.reprint', { reprinted_receipt_no: 7, kind: 'claim.receipt', reprint: 1 }, T.en)).toBe('receipt no. 7 · kind claim receipt · reprint 1');
  });

  it("a payout's proof of possession is not shown: a MAC says nothing at the counter (#39)", () => {
    expect(payloadSummary('payout', { ticket: '001-007-01-00003-004-5', amount_cents: 600, proof: 'Lv2-TP1uGUZ-9kMKb-rmwjq63QzOr4gC9g_Uf0123' }, T.en)).not.toMatch(/proof|Lv2-/);
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
