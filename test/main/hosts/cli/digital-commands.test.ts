/** `guichet sell --digital GAME` and `guichet units show UNIT` against a real central on loopback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digitalCounter, type DigitalCounter } from '../../services/digital/digital-fixture.js';
import { runGuichet, spawnGuichet } from '../../../support/guichet-runner.js';

let fx: DigitalCounter;
let data: string[];
const as = { GUICHET_OPERATOR: 'alice', GUICHET_PIN: '123456' };

beforeAll(async () => {
  fx = await digitalCounter();
  data = ['--data', fx.dir];
}, 180_000);
afterAll(async () => fx?.cleanup());

describe('digital games from the command line', () => {
  it('sells one unit and prints its number and validation barcode; units show plays it out as text with its result', async () => {
    const sold = await runGuichet(['sell', '--digital', 'millionnaire', '--tendered', '2000', '--json', ...data], as);
    expect(sold.stderr).toBe('');
    expect(sold.code).toBe(0);
    const sale = JSON.parse(sold.stdout) as { number: string; validation_barcode: string; change_cents: number; play: { finished: boolean } };
    expect(sale).toMatchObject({ change_cents: 1000, play: { finished: false } });
    expect(sale.validation_barcode).toMatch(/^\d{34}$/);
    // Through bin/guichet.js: `units show` goes to the terminal, not to the lottery's units commands.
    const shown = await spawnGuichet(['units', 'show', sale.number, ...data], as);
    expect(shown.stderr).toBe('');
    expect(shown.stdout).toContain(`Millionnaire ${sale.number}`);
    expect(shown.stdout).toContain(sale.validation_barcode);
    expect(shown.stdout).toMatch(/RESULT: (wins .+ €|no prize)/);
    expect(shown.stdout).toContain('Jeu 4:');
    const json = await runGuichet(['units', 'show', sale.number, '--json', ...data], as);
    expect(JSON.parse(json.stdout)).toMatchObject({ number: sale.number, finished: true });
  }, 120_000);

  it('text output, and refusals: paper barcodes with --digital, an unknown unit, a paper game', async () => {
    const sold = await runGuichet(['sell', '--digital', 'happy-2014', '--tendered', '300', ...data], as);
    expect(sold.stdout).toMatch(/validation barcode \d{34}/);
    expect(sold.stdout).toContain('Happy 2014');
    expect((await runGuichet(['sell', '--digital', 'happy-2014', '--tendered', '300', '1234567890123456', ...data], as)).stderr).toMatch(/no inventory barcode/);
    expect((await runGuichet(['units', 'show', '999-999-99', ...data], as)).stderr).toMatch(/no digital unit/);
    expect((await runGuichet(['sell', '--digital', 'annee-chance-2013', '--tendered', '300', ...data], as)).stderr).toMatch(/not a digital game/);
  });
});
