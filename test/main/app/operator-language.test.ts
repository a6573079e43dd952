/** Issue 14, finding 3: the language is per operator session; receipts and the login follow the terminal's setting. */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportUnits, type ExportedUnit } from '../../../central/emission/export.js';
import { readPrintFile } from '../../../central/emission/print-file.js';
import { ACTIVE_PACK, demoApp, inv, PAPER, type AppFixture } from './sales-fixture.js';

function winnerOf(dir: string): ExportedUnit {
  const print = readPrintFile(path.join(dir, 'demo-lottery', `${PAPER}-1-1.print`));
  const u = [...exportUnits(print, 0, 400)].find((x) => x.unit.startsWith(`${ACTIVE_PACK}-`) && x.prize_cents > 0 && x.prize_cents <= 1_000);
  if (!u) throw new Error('no small demo winner in the active pack');
  return u;
}

const lastReceipt = (f: AppFixture) => f.printer.receipts.at(-1)?.lines.join('\n') ?? '';

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

  it("shows the ticket picture in the operator's language, prints receipts in the terminal's, whichever the screen", async () => {
    f = await demoApp();
    const winner = winnerOf(f.dir);
    await f.login('Marie');
    await f.call('cash.open', { float_cents: 10_000 });
    await f.call('auth.logout', {});

    // Camille works in English; the terminal stays French.
    await f.login('Camille');
    await f.call('settings.language', { language: 'en' });
    const seen = await f.call('ticket.check', { barcode: winner.barcodes.validation });
    expect(seen.picture_svg).toContain('FRONT — ticket as printed');
    expect(seen.picture_svg).not.toContain('RECTO');
    const paid = await f.call('ticket.pay', { barcode: winner.barcodes.validation });
    expect(paid.receipt.printed).toBe(true);
    expect(lastReceipt(f)).toContain('PAIEMENT DE GAIN');
    expect(lastReceipt(f)).toContain('Reçu n°');
    expect(lastReceipt(f)).not.toMatch(/PRIZE PAYOUT|Receipt no\./);
    // A ticket other than the one just paid (a paid ticket is never sold, #19).
    const unpaid = [3, 4].map(inv).find((b) => b !== winner.barcodes.inventory)!;
    const sold = await f.call('sale.complete', { barcodes: [unpaid], tendered_cents: 300 });
    expect(sold.receipt.printed).toBe(true);
    expect(lastReceipt(f)).toContain('VENTE');
    expect(lastReceipt(f)).not.toContain('SALE');
    // The customer display gets no words of the operator's: it is drawn in the terminal's language.
    expect((await f.call('app.info', {})).language).toBe('fr');
    await f.call('auth.logout', {});

    // The manager keeps French on her screen and turns the terminal to English: journaled, receipts follow.
    await f.login('Marie');
    await f.call('settings.language', { language: 'fr' });
    await f.call('settings.update', { language: 'en' });
    expect((await f.call('app.info', {})).language).toBe('en');
    expect((await f.call('status.get', {})).operator?.language).toBe('fr');
    const journaled = f.app.context.terminal.db.prepare("SELECT payload FROM journal WHERE type = 'settings.change' ORDER BY seq DESC LIMIT 1").get() as { payload: string } | undefined;
    expect(journaled?.payload).toContain('"language"');
    const again = await f.call('ticket.check', { barcode: winner.barcodes.validation });
    expect(again.picture_svg).toContain('RECTO');
    // Neither the paid winner nor the ticket sold above (either may be 3 or 4, by the demo's draw).
    const third = [3, 4, 5].map(inv).find((b) => b !== winner.barcodes.inventory && b !== unpaid)!;
    await f.call('sale.complete', { barcodes: [third], tendered_cents: 300 });
    expect(lastReceipt(f)).toContain('SALE');
    expect(lastReceipt(f)).toContain('Receipt no.');
    expect(lastReceipt(f)).not.toContain('VENTE');
  });
});
