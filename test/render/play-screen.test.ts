/**
 * The customer display's picture of a digital unit (issue #25): drawn like the Valider picture, the
 * zones not revealed yet covered and drawn from none of their data, and never a validation code.
 */
import { describe, expect, it } from 'vitest';
import { createRng, gameByCode, layoutFor, prizeOf } from '../../games/index.js';
import { renderPlayScreenSvg, renderTicketSvg } from '../../render/index.js';
import { inventoryBarcode, validationBarcode } from '../../games/ticket-id.js';

const everything = () => true;
const nothing = () => false;

function playOf(game: 'happy-2014' | 'millionnaire', prize: number, seed: string): unknown {
  return layoutFor(game, prize, createRng(seed));
}

describe('renderPlayScreenSvg', () => {
  for (const game of ['happy-2014', 'millionnaire'] as const) {
    const win = gameByCode(game).prizes.at(-1)?.amount_cents ?? 0;

    it(`${game}: with every zone covered, a winner and a loser are drawn alike (no covered data in the picture)`, () => {
      const a = renderPlayScreenSvg({ game, unit: '1-2-3', play: playOf(game, win, 'a'), covered: everything });
      const b = renderPlayScreenSvg({ game, unit: '1-2-3', play: playOf(game, 0, 'b'), covered: everything });
      expect(a).toBe(b);
      expect(a).toContain(gameByCode(game).name);
    });

    it(`${game}: a revealed zone is drawn, the others stay covered alike`, () => {
      const first = game === 'happy-2014' ? (s: string, i: number) => !(s === 'months' && i === 0) : (s: string) => s !== 'jeu2';
      const playA = playOf(game, win, 'c') as Record<string, unknown>;
      const playB = { ...(playOf(game, 0, 'd') as Record<string, unknown>) };
      // The same first zone on both units: only the covered zones differ, and the pictures do not.
      if (game === 'happy-2014') playB.months = [(playA.months as unknown[])[0], ...(playB.months as unknown[]).slice(1)];
      else playB.jeu2 = playA.jeu2;
      const a = renderPlayScreenSvg({ game, unit: '1-2-3', play: playA, covered: first });
      const b = renderPlayScreenSvg({ game, unit: '1-2-3', play: playB, covered: first });
      expect(a).toBe(b);
      expect(a).not.toBe(renderPlayScreenSvg({ game, unit: '1-2-3', play: playA, covered: everything }));
    });

    it(`${game}: finished, the result is stated, and there is never a validation code`, () => {
      const play = playOf(game, win, 'e');
      const svg = renderPlayScreenSvg({ game, unit: '1-2-3', play, covered: nothing, showWinning: true, locale: 'en' });
      expect(prizeOf(game, play).prize_cents).toBe(win);
      expect(svg).toContain('WINNING UNIT');
      // The Valider picture of the same unit has its validation spot; the display's has none.
      const id = { game, emission: 1, block: 1, unit: 7 } as const;
      const ticket = renderTicketSvg({ game, unit: '1-2-3', play, barcodes: { inventory: inventoryBarcode(id), validation: validationBarcode(id, '987654321098765432') }, locale: 'en' });
      expect(ticket).toContain('REVEALED VALIDATION CODE');
      expect(svg).not.toContain('VALIDATION');
      const bars = /<path [^>]*stroke="#000000"/; // bwip-js's bars
      expect(ticket).toMatch(bars);
      expect(svg).not.toMatch(bars);
    });
  }

  it('refuses malformed play data rather than drawing', () => {
    expect(() => renderPlayScreenSvg({ game: 'happy-2014', unit: '1', play: { months: [] }, covered: everything })).toThrow();
  });
});
