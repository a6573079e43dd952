/**
 * The browser host's client when the kiosk host is stopped (#41, finding 11): the call is refused as
 * `host-unreachable`, said in French and in English, never the browser's "Failed to fetch".
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../renderer/src/api/client.js';
import { errorText } from '../../renderer/src/i18n/errors.js';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';

const dict = mergeDictionaries(DICTIONARIES);

afterEach(() => vi.unstubAllGlobals());

describe('browser client, kiosk host stopped', () => {
  it('a call that never reaches the host is a refusal in the counter’s words', async () => {
    // A browser page with no Electron bridge: the HTTP client, whose fetch fails as a browser's does.
    vi.stubGlobal('window', {});
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const refused = await createApi().call('status.get', {}).then(
      () => null,
      (err: unknown) => err,
    );
    expect((refused as { code?: unknown }).code).toBe('host-unreachable');
    const fr = errorText(makeTranslate(dict, 'fr'), refused);
    const en = errorText(makeTranslate(dict, 'en'), refused);
    expect(fr).toContain('Le terminal ne répond pas');
    expect(en).toContain('The terminal does not answer');
    for (const text of [fr, en]) expect(text).not.toContain('Failed to fetch');
  });
});
