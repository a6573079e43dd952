/**
 * The state the packs screen shows (#25): a pack on the lottery's stop list, still here to sell,
 * reads "stop-listed" in the warning tone in French and English, never "active"; and the confirmations
 * name the listed pack a typed number or a scanned ticket stands for.
 */
import { describe, expect, it } from 'vitest';
import type { PackView } from '../../common/api/methods/packs.js';
import { inventoryBarcode } from '../../games/ticket-id.js';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';
import { countKey } from '../../renderer/src/i18n/plural.js';
import { ASKS_FIRST, listedPack, shownPackState } from '../../renderer/src/screens/packs/pack-state.js';

const dict = mergeDictionaries(DICTIONARIES);
const fr = makeTranslate(dict, 'fr');
const en = makeTranslate(dict, 'en');

const pack = (p: Partial<PackView>): PackView => ({
  number: '213-001-01-00000',
  game: 'annee-chance-2013',
  emission: 1,
  block: 1,
  pack: 0,
  state: 'active',
  first_unit: 0,
  unit_count: 100,
  sold: 0,
  stop_listed_units: 0,
  paid_unsold_units: 0,
  received_at: '2026-12-01T09:00:00.000Z',
  activated_at: '2026-12-01T09:05:00.000Z',
  returned_at: null,
  settled_at: null,
  settle_reason: null,
  central: null,
  central_refusal: null,
  stop_listed: null,
  ...p,
});
const STOP = { reason: 'volé', added_at: '2026-12-02T10:00:00.000Z', from_central: true };

describe('the state a pack shows', () => {
  it('is "stop-listed" in the warning tone for an active or received pack on the stop list', () => {
    for (const state of ['active', 'received'] as const) {
      const shown = shownPackState(pack({ state, stop_listed: STOP }));
      expect(shown).toEqual({ state: 'stop-listed', tone: 'tag-warn' });
      expect(fr(`packs.state.${shown.state}`)).toBe('En opposition');
      expect(en(`packs.state.${shown.state}`)).toBe('Stop-listed');
    }
    expect(fr('packs.stop.why', { reason: STOP.reason })).toBe('Sur la liste d’opposition de la loterie : volé. Ni vente ni paiement.');
  });

  it('is its own state otherwise: active in green, and a returned or settled pack stays so', () => {
    expect(shownPackState(pack({}))).toEqual({ state: 'active', tone: 'tag-ok' });
    expect(shownPackState(pack({ state: 'received' }))).toEqual({ state: 'received', tone: 'tag-info' });
    expect(shownPackState(pack({ state: 'returned', stop_listed: STOP })).state).toBe('returned');
    expect(shownPackState(pack({ state: 'settled', stop_listed: STOP })).state).toBe('settled');
  });
});

describe('tickets stop-listed one by one in an active pack (#25)', () => {
  it('are said, with their number, in French and English, singular and plural', () => {
    const say = (t: typeof fr, language: 'fr' | 'en', key: 'packs.inv.tickets-stop-listed' | 'packs.stop.units', n: number) => t(countKey(key, n, language), { n: String(n) });
    expect(say(fr, 'fr', 'packs.inv.tickets-stop-listed', 2)).toBe('2 tickets en opposition dans les carnets actifs : hors des tickets à vendre, ni vendus ni payés');
    expect(say(fr, 'fr', 'packs.inv.tickets-stop-listed', 1)).toBe('1 ticket en opposition dans un carnet actif : hors des tickets à vendre, ni vendu ni payé');
    expect(say(en, 'en', 'packs.inv.tickets-stop-listed', 2)).toBe('2 tickets stop-listed in active packs: not counted as to sell, neither sold nor paid');
    expect(say(en, 'en', 'packs.inv.tickets-stop-listed', 1)).toBe('1 ticket stop-listed in an active pack: not counted as to sell, neither sold nor paid');
    expect(say(fr, 'fr', 'packs.stop.units', 3)).toBe('3 tickets en opposition');
    expect(say(en, 'en', 'packs.stop.units', 1)).toBe('1 ticket stop-listed');
  });
});

describe('the pack a reference names', () => {
  const packs = [pack({}), pack({ number: '213-001-01-00001', pack: 1, first_unit: 100, state: 'received', activated_at: null })];
  it('finds the listed pack by its number or by the inventory barcode of one of its tickets', () => {
    expect(listedPack(packs, ' 213-001-01-00001 ')?.pack).toBe(1);
    expect(listedPack(packs, inventoryBarcode({ game: 'annee-chance-2013', emission: 1, block: 1, unit: 150 }))?.number).toBe('213-001-01-00001');
    expect(listedPack(packs, inventoryBarcode({ game: 'annee-chance-2013', emission: 1, block: 1, unit: 250 }))).toBeUndefined();
    expect(listedPack(packs, 'not a pack')).toBeUndefined();
  });
});

describe('the acts that ask first (#25)', () => {
  it('are activation, return and settlement, each final in its way; receiving a pack does not ask', () => {
    expect([...ASKS_FIRST].sort()).toEqual(['activate', 'return', 'settle']);
    expect(fr('packs.confirm.settle.title', { number: '213-001-01-00004' })).toBe('Régler le carnet 213-001-01-00004 ?');
    expect(fr('packs.confirm.settle.what')).toContain('ne peut pas être annulé');
    expect(en('packs.confirm.settle.what')).toContain('cannot be undone');
  });
});
