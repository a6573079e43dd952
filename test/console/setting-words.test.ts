/**
 * The Configuration page reads and takes each setting in its unit (#41: "money in cents, values
 * JSON"): cents as euros, basis points as a percentage, seconds, days, yes/no, addresses; a typed
 * value that is not one is refused in words, never sent.
 */
import { describe, expect, it } from 'vitest';
import { parseSetting, settingText } from '../../console/src/setting-words.js';

describe('settings in their units', () => {
  it('reads each unit as an operator does, in French and English', () => {
    expect(settingText('cents', 90_000, 'fr')).toBe('900,00 €');
    expect(settingText('cents', 90_000, 'en')).toBe('€900.00');
    expect(settingText('bp', 250, 'fr')).toBe('2,5 %');
    expect(settingText('bp', 500, 'en')).toBe('5 %');
    expect(settingText('seconds', 120, 'fr')).toBe('120 s');
    expect(settingText('days', 45, 'fr')).toBe('45 j');
    expect(settingText('days', 45, 'en')).toBe('45 d');
    expect(settingText('boolean', false, 'fr')).toBe('non');
    expect(settingText('urls', ['https://a:8470', 'https://b:8470'], 'en')).toBe('https://a:8470, https://b:8470');
    expect(settingText('cents', null, 'fr')).toBe('aucun');
    expect(settingText('json', { a: 1 }, 'fr')).toBe('{"a":1}');
  });

  it('takes a typed value in the unit and sends what central stores', () => {
    expect(parseSetting('cents', '900,00', 'fr')).toEqual({ ok: true, value: 90_000 });
    expect(parseSetting('cents', '250', 'fr')).toEqual({ ok: true, value: 25_000 });
    expect(parseSetting('cents', '12.5 €', 'en')).toEqual({ ok: true, value: 1_250 });
    expect(parseSetting('bp', '2,5', 'fr')).toEqual({ ok: true, value: 250 });
    expect(parseSetting('seconds', '120', 'fr')).toEqual({ ok: true, value: 120 });
    expect(parseSetting('boolean', 'Non', 'fr')).toEqual({ ok: true, value: false });
    expect(parseSetting('urls', 'https://a:8470, https://b:8470', 'fr')).toEqual({ ok: true, value: ['https://a:8470', 'https://b:8470'] });
    expect(parseSetting('json', '{"a":1}', 'fr')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('refuses what is not a value of the unit, saying which unit', () => {
    expect(parseSetting('cents', '9,999', 'fr')).toEqual({ ok: false, why: '« 9,999 » n’est pas une valeur en euros, p. ex. 900,00' });
    expect(parseSetting('seconds', 'deux', 'en')).toEqual({ ok: false, why: '"deux" is not a value in seconds' });
    expect(parseSetting('boolean', 'peut-être', 'fr')).toMatchObject({ ok: false });
    expect(parseSetting('json', '{', 'fr')).toMatchObject({ ok: false });
  });
});
