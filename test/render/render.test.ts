import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { GAMES, gameByCode, PlayDataError, prizeOf, type GameCode } from '../../games/index.js';
import { humanNumber, inventoryBarcode, validationBarcode, type UnitId } from '../../games/ticket-id.js';
import { MONTH_NAMES } from '../../games/months/calendar.js';
import { renderTicketPng, renderTicketSvg, TicketPictureError, type TicketPicture } from '../../render/index.js';
import { hasDrawing, symbolCaption } from '../../render/symbols.js';

// Hand-written play data in the canonical JSON shapes of games.md.
const HAPPY = {
  months: [
    { symbols: ['sun', 'star'], amount: 600 },
    { symbols: ['bell', 'bell'], amount: 4000 },
    { symbols: ['star', 'moon'], amount: 2000 },
    { symbols: ['sun', 'clover'], amount: 600 },
    { symbols: ['sun', 'cake'], amount: 600 },
    { symbols: ['cake', 'note'], amount: 10000 },
    { symbols: ['bell', 'cake'], amount: 900 },
    { symbols: ['star', 'note'], amount: 2000 },
    { symbols: ['heart', 'gift'], amount: 900 },
    { symbols: ['note', 'gift'], amount: 600 },
    { symbols: ['heart', 'sun'], amount: 600 },
    { symbols: ['clover', 'cake'], amount: 4000 },
  ],
  bonus: 0,
};

const ANNEE = {
  months: [
    { symbols: ['clover', 'ladybug'], gain: 2000 },
    { symbols: ['clover', 'horseshoe'], gain: 600 },
    { symbols: ['rainbow', 'dice'], gain: 5000 },
    { symbols: ['horseshoe', 'key'], gain: 2000 },
    { symbols: ['clover', 'star'], gain: 600 },
    { symbols: ['clover', 'acorn'], gain: 600 },
    { symbols: ['acorn', 'rainbow'], gain: 10000 },
    { symbols: ['coin', 'acorn'], gain: 1000 },
    { symbols: ['horseshoe', 'rainbow'], gain: 2000 },
    { symbols: ['ladybug', 'dice'], gain: 1000 },
    { symbols: ['rainbow', 'dice'], gain: 600 },
    { symbols: ['ladybug', 'clover'], gain: 600 },
  ],
  bonus: { number: 13, amount: 4_000_000 },
};

const MILLIONNAIRE = {
  jeu1: [
    { stars: ['ruby', 'topaz', 'pearl'], gain: 2000 },
    { stars: ['topaz', 'pearl', 'opal'], gain: 10000 },
    { stars: ['jade', 'ruby', 'topaz'], gain: 5000 },
    { stars: ['opal', 'topaz', 'amber'], gain: 10000 },
    { stars: ['pearl', 'onyx', 'jade'], gain: 1000 },
    { stars: ['jade', 'onyx', 'topaz'], gain: 2000 },
  ],
  jeu2: [100000, 5000, 1000, 15000, 5000, 10000, 2000, 1000000],
  jeu3: [
    { diamant: 12, saphir: 19, gain: 1000 },
    { diamant: 40, saphir: 56, gain: 100000 },
    { diamant: 33, saphir: 64, gain: 2000 },
  ],
  jeu4: [
    { symbol: 'anchor', amount: 10000 },
    { symbol: 'bell', amount: 5000 },
    { symbol: 'sac', amount: 5000 },
    { symbol: 'clover', amount: 2000 },
    { symbol: 'key', amount: 15000 },
    { symbol: 'crown', amount: 1000 },
  ],
};

const SAMPLES: Record<GameCode, { play: unknown; prize: number; packSize?: number }> = {
  'happy-2014': { play: HAPPY, prize: 4000 },
  'annee-chance-2013': { play: ANNEE, prize: 4_000_000, packSize: gameByCode('annee-chance-2013').pack_size },
  millionnaire: { play: MILLIONNAIRE, prize: 10000 },
};

function picture(game: GameCode, extra: Partial<TicketPicture> = {}): TicketPicture {
  const id: UnitId = { game, emission: 7, block: 3, unit: 1_234_567 };
  const sample = SAMPLES[game];
  return {
    game,
    unit: humanNumber(id, sample.packSize),
    play: sample.play,
    barcodes: { inventory: inventoryBarcode(id), validation: validationBarcode(id, '987654321098765432') },
    ...extra,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'guichet-render-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The texts of every Code 128 symbol zbarimg finds in a PNG, one per line. */
function decode(png: Buffer, name: string): string[] {
  const file = join(dir, `${name}.png`);
  writeFileSync(file, png);
  let out: string;
  try {
    out = execFileSync('zbarimg', ['--raw', '-q', '-Sdisable', '-Scode128.enable', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return []; // zbarimg exits non-zero when it finds nothing
  }
  return out.split('\n').map((l) => l.trim()).filter(Boolean);
}

describe('renderTicketPng', () => {
  for (const game of Object.keys(SAMPLES) as GameCode[]) {
    for (const showWinning of [false, true]) {
      it(`${game}${showWinning ? ' (winning zones shown)' : ''}: both barcodes decode back exactly`, () => {
        const input = picture(game, { showWinning });
        const png = renderTicketPng(input);
        const decoded = decode(png, `${game}-${showWinning}`);
        expect(decoded).toContain(input.barcodes.inventory);
        expect(decoded).toContain(input.barcodes.validation);
        expect(decoded).toHaveLength(2);
      });
    }
  }

  for (const game of Object.keys(SAMPLES) as GameCode[]) {
    it(`${game}, for a public screen: only the inventory barcode decodes, the validation spot is covered`, () => {
      const input = picture(game, { showWinning: true, maskValidation: true });
      expect(decode(renderTicketPng(input), `${game}-masked`)).toEqual([input.barcodes.inventory]);
      const svg = renderTicketSvg(input);
      expect(svg).toContain('CODE DE VALIDATION MASQUÉ');
      // Same height as the picture with its code: the layout of the ticket does not move.
      expect(/height="(\d+)"/.exec(svg)?.[1]).toBe(/height="(\d+)"/.exec(renderTicketSvg({ ...input, maskValidation: false }))?.[1]);
    });
  }

  it('draws on a white, opaque background at the size the SVG declares', () => {
    const input = picture('millionnaire');
    const image = PNG.sync.read(renderTicketPng(input));
    const size = /width="(\d+)" height="(\d+)"/.exec(renderTicketSvg(input));
    expect([image.width, image.height]).toEqual([Number(size?.[1]), Number(size?.[2])]);
    expect([...image.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    const last = image.data.length - 4;
    expect([...image.data.subarray(last, last + 4)]).toEqual([255, 255, 255, 255]);
  });
});

describe('renderTicketSvg', () => {
  it('the samples win what the rules engine says', () => {
    for (const game of Object.keys(SAMPLES) as GameCode[]) expect(prizeOf(game, SAMPLES[game].play).prize_cents).toBe(SAMPLES[game].prize);
  });

  it('Année de la chance: French month names, amounts in figures and in French words', () => {
    const input = picture('annee-chance-2013');
    const svg = renderTicketSvg(input);
    for (const month of MONTH_NAMES) expect(svg).toContain(`>${month.toUpperCase()}<`);
    expect(svg).toContain('>40 000 €<');
    expect(svg).toContain('>QUARANTE MILLE EUROS<');
    expect(svg).toContain('>CENT EUROS<');
    expect(svg).toContain('>SIX EUROS<');
    expect(svg).toContain('>13<');
    expect(svg).toContain('>2013 Année de la chance<');
    expect(input.unit).toMatch(/^213-007-03-\d{5}-\d{3}-\d$/); // pack and ticket in pack
    expect(svg).toContain(`>N° ${input.unit}<`);
    expect(svg).toContain('>3 €<'); // the price
  });

  it('digital games print figures only, with the months for Happy 2014 and the four games for Millionnaire', () => {
    const happy = renderTicketSvg(picture('happy-2014'));
    for (const month of MONTH_NAMES) expect(happy).toContain(`>${month.toUpperCase()}<`);
    expect(happy).toContain('>100 €<');
    expect(happy).not.toContain('EUROS<');
    const mill = renderTicketSvg(picture('millionnaire'));
    for (const label of ['JEU 1', 'JEU 2', 'JEU 3', 'JEU 4', 'DIAMANT', 'SAPHIR', '>12 g<', '>64 g<', '>10 000 €<', '>SAC<']) {
      expect(mill).toContain(label);
    }
    expect(mill).toContain('>10 €<'); // the price
  });

  it('highlights exactly the winning zones and states the prize only when asked', () => {
    const plain = renderTicketSvg(picture('annee-chance-2013'));
    expect(plain).not.toContain('GAGNANT');
    const shown = renderTicketSvg(picture('annee-chance-2013', { showWinning: true }));
    expect(shown.match(/>GAGNANT</g)).toHaveLength(1); // the bonus clover
    expect(shown).toContain('UNITÉ GAGNANTE : 40 000 €');
    const mill = renderTicketSvg(picture('millionnaire', { showWinning: true }));
    expect(mill.match(/>GAGNANT</g)).toHaveLength(1); // the sac coin
    expect(mill).toContain('PAIRE GAGNANTE'); // the two 50 € ingots
    expect(mill).toContain('UNITÉ GAGNANTE : 100 €');
  });

  it('says a losing unit loses, and annotates in English on request', () => {
    const losing = { ...HAPPY, months: HAPPY.months.map((m, i) => (i === 1 ? { symbols: ['bell', 'star'], amount: 4000 } : m)) };
    const fr = renderTicketSvg(picture('happy-2014', { play: losing, showWinning: true }));
    expect(fr).toContain('UNITÉ PERDANTE');
    expect(fr).not.toContain('>GAGNANT<');
    const en = renderTicketSvg(picture('happy-2014', { showWinning: true, locale: 'en' }));
    expect(en).toContain('WINNING UNIT: €40');
    expect(en).toContain('GAME SCREEN');
    expect(en).toContain('>FÉVRIER<'); // the ticket itself stays French
  });

  it('refuses malformed play data with PlayDataError before drawing anything', () => {
    const toSVG = vi.spyOn(bwipjs, 'toSVG');
    try {
      const badMonths = { ...ANNEE, months: ANNEE.months.slice(0, 11) };
      expect(() => renderTicketPng(picture('annee-chance-2013', { play: badMonths }))).toThrow(PlayDataError);
      const badBonus = { ...ANNEE, bonus: { number: 14, amount: 600 } };
      expect(() => renderTicketSvg(picture('annee-chance-2013', { play: badBonus }))).toThrow(PlayDataError);
      const badCoin = { ...MILLIONNAIRE, jeu4: MILLIONNAIRE.jeu4.map((c, i) => (i === 0 ? { symbol: 'sac', amount: -5 } : c)) };
      expect(() => renderTicketSvg(picture('millionnaire', { play: badCoin }))).toThrow(PlayDataError);
      expect(() => renderTicketSvg(picture('happy-2014', { play: ANNEE }))).toThrow(PlayDataError);
      expect(toSVG).not.toHaveBeenCalled();
    } finally {
      toSVG.mockRestore();
    }
  });

  it('refuses barcodes of the wrong kind, game or unit', () => {
    const good = picture('happy-2014');
    const swapped = { inventory: good.barcodes.validation, validation: good.barcodes.inventory };
    expect(() => renderTicketSvg({ ...good, barcodes: swapped })).toThrow(TicketPictureError);
    const other = picture('millionnaire');
    expect(() => renderTicketSvg({ ...good, barcodes: other.barcodes })).toThrow(/belong to game 'millionnaire'/);
    const otherUnit = validationBarcode({ game: 'happy-2014', emission: 7, block: 3, unit: 1 }, '987654321098765432');
    expect(() => renderTicketSvg({ ...good, barcodes: { ...good.barcodes, validation: otherUnit } })).toThrow(/different units/);
    const typo = good.barcodes.inventory.slice(0, -1) + String((Number(good.barcodes.inventory.slice(-1)) + 1) % 10);
    expect(() => renderTicketSvg({ ...good, barcodes: { ...good.barcodes, inventory: typo } })).toThrow(/check digit/);
  });
});

describe('symbols', () => {
  it('every symbol of every game has its own drawing and a French caption', () => {
    for (const game of GAMES) {
      for (const list of Object.values(game.symbols)) {
        for (const symbol of list) {
          expect(hasDrawing(symbol), `${game.code} symbol '${symbol}'`).toBe(true);
          expect(symbolCaption(symbol)).toMatch(/^[A-ZÀ-ÝŒ’' -]+$/);
        }
      }
    }
  });

  it('an unknown symbol still gets a medallion and its name as caption', () => {
    expect(hasDrawing('zeppelin')).toBe(false);
    expect(symbolCaption('zeppelin')).toBe('ZEPPELIN');
  });
});
