/** Issue 14, finding 3: the language is per operator session; receipts and the login follow the terminal's setting. */
import { afterEach, describe, expect, it } from 'vitest';
import { demoApp, inv, type AppFixture } from './sales-fixture.js';

let f: AppFixture | undefined;
afterEach(() => f?.cleanup());

describe("an operator's language", () => {
  it("is the operator's own, remembered; the terminal's language and receipts do not move", async () => {
    f = await demoApp();
    await f.login('Camille');
    expect((await f.call('status.get', {})).operator?.language).toBe('fr');
    await f.call('settings.language', { language: 'en' });
    expect((await f.call('status.get', {})).operator?.language).toBe('en');
    expect((await f.call('app.info', {})).language).toBe('fr');

    // Receipts follow the terminal's setting.
    await f.call('cash.open', { float_cents: 10_000 });
    await f.call('sale.complete', { barcodes: [inv(3)], tendered_cents: 300 });
    expect(f.printer.receipts.at(-1)?.lines.join('\n')).toMatch(/VENTE|Reçu|REÇU/);

    await f.call('auth.logout', {});
    await f.login('Marie');
    expect((await f.call('status.get', {})).operator?.language).toBe('fr');
    await f.call('auth.logout', {});
    await f.login('Camille');
    expect((await f.call('status.get', {})).operator?.language).toBe('en');
  });

  it('needs a session: nobody changes it from the login screen', async () => {
    f = await demoApp();
    await f.refused('settings.language', { language: 'en' }, 'not-logged-in');
    expect((await f.call('app.info', {})).language).toBe('fr');
  });
});
