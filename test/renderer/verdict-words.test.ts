import { describe, expect, it } from 'vitest';
import { DICTIONARIES, makeTranslate, mergeDictionaries, textOf, type Translate } from '../../renderer/src/i18n/index.js';
import { verdictDetail } from '../../renderer/src/screens/validate/VerdictPanel.js';
import { noPictureKey, pictureCaptionKey, verdictCase } from '../../renderer/src/screens/validate/verdict-style.js';
import type { VerdictKind, VerdictView } from '../../common/api/views.js';

const dict = mergeDictionaries(DICTIONARIES);
const fr = makeTranslate(dict, 'fr') as Translate;
const en = makeTranslate(dict, 'en') as Translate;

const view = (verdict: VerdictKind, extra: Partial<VerdictView> = {}): VerdictView => ({
  verdict,
  barcode: '1234',
  game: 'annee-chance-2013',
  ticket: null,
  prize_cents: null,
  winning: null,
  play: null,
  picture_svg: null,
  message: '',
  ...extra,
});

describe('verdict words (#25)', () => {
  it('a returned or settled pack says so and never "activate it" (activation is refused then)', () => {
    for (const state of ['returned', 'settled'] as const) {
      const v = view('pack-not-active', { pack: { number: '0042', state } });
      expect(verdictCase(v)).toBe(`pack-${state}`);
      expect(verdictDetail(en, v, 'en')).not.toMatch(/activate it/i);
      expect(verdictDetail(en, v, 'en')).toMatch(/cannot be activated again.*keep the ticket/);
      expect(verdictDetail(fr, v, 'fr')).not.toMatch(/activez-le/);
      expect(verdictDetail(fr, v, 'fr')).toContain('0042');
    }
    // A pack only received is still to be activated.
    expect(verdictDetail(en, view('pack-not-active', { pack: { number: '7', state: 'received' } }), 'en')).toMatch(/activate it/);
  });

  it('a returned pack\'s winner is headed "CARNET RETOURNÉ", not "non activé" (#41)', () => {
    const headline = (t: Translate, v: VerdictView): string => textOf(t, `verdict.${verdictCase(v)}`, undefined, t(`verdict.${v.verdict}`));
    expect(headline(fr, view('pack-not-active', { pack: { number: '0042', state: 'returned' } }))).toBe('Carnet retourné');
    expect(headline(en, view('pack-not-active', { pack: { number: '0042', state: 'returned' } }))).toBe('Pack returned');
    expect(headline(fr, view('pack-not-active', { pack: { number: '0042', state: 'settled' } }))).toBe('Carnet soldé');
    expect(headline(fr, view('pack-not-active', { pack: { number: '7', state: 'received' } }))).toBe('Carnet non activé');
  });

  it('the picture panel says "not read" only for a code that was not read', () => {
    expect(noPictureKey(view('bad-check-digit'))).toBe('validate.noPicture.unread');
    expect(noPictureKey(view('malformed', { barcode: 'hello' }))).toBe('validate.noPicture.unread');
    expect(noPictureKey(view('wrong-code'))).toBe('validate.noPicture');
    for (const k of ['stop-listed', 'expired', 'already-paid', 'pack-not-active', 'unknown-ticket', 'tampered', 'key-revoked'] as const) {
      expect(noPictureKey(view(k)), k).toBe('validate.noPicture.read');
    }
    expect(en('validate.noPicture.read')).toMatch(/was read/);
    expect(fr('validate.noPicture.read')).toMatch(/a été lu/);
  });

  it('a digital unit is not compared with a ticket in hand', () => {
    expect(pictureCaptionKey(view('winner', { game: 'happy-2014' }))).toBe('validate.compare.digital');
    expect(pictureCaptionKey(view('winner', { game: 'annee-chance-2013' }))).toBe('validate.compare');
    expect(en(pictureCaptionKey(view('winner', { game: 'millionnaire' })))).not.toMatch(/in hand/);
    expect(fr(pictureCaptionKey(view('winner', { game: 'millionnaire' })))).not.toMatch(/en main/);
    // The picture shows the validation code, which the player's screen never does: not "as the player saw it".
    expect(en('validate.compare.digital')).not.toMatch(/as the player saw/);
    expect(en('validate.compare.digital')).toMatch(/validation code/);
    expect(fr('validate.compare.digital')).not.toMatch(/tel que le joueur/);
    expect(fr('validate.compare.digital')).toMatch(/code de validation/);
  });
});

describe('the last-scans strip (#25)', () => {
  it('a paid winner is shown paid, not still "Winner 20,00 €"; only the newest scan of it', async () => {
    const { settleRecord, recordLabelKey } = await import('../../renderer/src/screens/validate/ScanHistory.js');
    const win = view('winner', { barcode: 'W1', prize_cents: 2000 });
    const history = [
      { id: 3, verdict: win },
      { id: 2, verdict: view('loser', { barcode: 'L1' }) },
      { id: 1, verdict: win },
    ];
    const after = settleRecord(history, 'W1', 'paid');
    expect(after.map((r) => r.settled)).toEqual(['paid', undefined, undefined]);
    expect(fr(recordLabelKey(after[0]!) as never)).toBe('Payé');
    expect(en(recordLabelKey(after[0]!) as never)).toBe('Paid');
    expect(recordLabelKey(after[1]!)).toBe('verdict.loser');
    expect(en(recordLabelKey(settleRecord(history, 'W1', 'claimed')[0]!) as never)).toBe('Claim receipt given');
    expect(settleRecord(history, 'nope', 'paid')).toBe(history);
  });
});
