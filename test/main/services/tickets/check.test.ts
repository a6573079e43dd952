import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_CODES, prizeOf, type GameCode } from '../../../../games/index.js';
import { dammDigit, inventoryBarcode, validationBarcode } from '../../../../games/ticket-id.js';
import { listBlocks } from '../../../../db/queries/blocks.js';
import { openTerminal, type Terminal } from '../../../../main/kernel/data-folder.js';
import { TicketChecker, checkTicket, verdictJson } from '../../../../main/services/tickets/check.js';
import { importOutcomeFile } from '../../../../main/services/outcomes/import.js';
import { enrolKeyFile } from '../../../../main/services/outcomes/trust.js';
import { flipByte, lotteryKey, recordOffset, writeFixture, type FixtureFile, type LotteryKey } from '../outcomes/fixture.js';

let dir: string;
let terminal: Terminal;
let key: LotteryKey;
const files = new Map<GameCode, FixtureFile>();

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'guichet-check-'));
  key = lotteryKey(dir);
  terminal = openTerminal(path.join(dir, 'data'), { create: true });
  enrolKeyFile(terminal.db, key.pubFile);
  for (const game of GAME_CODES) {
    const f = writeFixture(path.join(dir, `${game}.outcome`), key, { game, emission: 7, block: 3, units: 24, firstUnit: 100, claimDeadline: '2027-06-30T23:59:59.000Z' });
    importOutcomeFile(terminal, f.path);
    files.set(game, f);
  }
});
afterAll(() => {
  terminal.close();
  rmSync(dir, { recursive: true, force: true });
});

const BEFORE_DEADLINE = { now: () => new Date('2027-06-30T12:00:00Z') };

describe.each(GAME_CODES)('round trip %s: generation → import → check', (game) => {
  it('a winner gets its sealed prize, winning zones and play data that wins exactly that', () => {
    const f = files.get(game)!;
    for (const u of f.winners) {
      const v = checkTicket(terminal, u.barcode, BEFORE_DEADLINE);
      expect(v.verdict).toBe('winner');
      expect(v.prize_cents).toBe(u.prize_cents);
      expect(v.winning!.length).toBeGreaterThan(0);
      expect(v.winning!.reduce((s, z) => s + z.amount_cents, 0)).toBe(u.prize_cents);
      expect(prizeOf(game, v.play).prize_cents).toBe(u.prize_cents);
      expect(v.id).toEqual(u.id);
    }
  });

  it('a loser is a loser, with its (losing) play data', () => {
    const u = files.get(game)!.losers[0]!;
    const v = checkTicket(terminal, u.barcode, BEFORE_DEADLINE);
    expect(v).toMatchObject({ verdict: 'loser', prize_cents: 0, winning: [] });
    expect(prizeOf(game, v.play).prize_cents).toBe(0);
  });

  it('after the claim deadline, every ticket is expired', () => {
    const f = files.get(game)!;
    const later = { now: () => new Date('2027-07-01T00:00:00Z') };
    expect(checkTicket(terminal, f.winners[0]!.barcode, later).verdict).toBe('expired');
    expect(checkTicket(terminal, f.losers[0]!.barcode, later).verdict).toBe('expired');
  });
});

describe('reading the barcode', () => {
  const u = (): FixtureFile['units'][number] => files.get('happy-2014')!.winners[0]!;

  it('a mistyped digit is bad-check-digit', () => {
    const b = u().barcode;
    const wrong = b.slice(0, 20) + String((Number(b[20]) + 1) % 10) + b.slice(21);
    expect(checkTicket(terminal, wrong)).toMatchObject({ verdict: 'bad-check-digit', ticket: null, prize_cents: null });
  });

  it('letters, a wrong length or the inventory barcode are malformed', () => {
    expect(checkTicket(terminal, 'abc').verdict).toBe('malformed');
    expect(checkTicket(terminal, u().barcode.slice(1)).verdict).toBe('malformed');
    const inv = checkTicket(terminal, inventoryBarcode(u().id));
    expect(inv.verdict).toBe('malformed');
    expect(inv.message).toMatch(/inventory barcode/);
  });

  it('a unit no imported block holds is unknown-ticket', () => {
    const code = u().code;
    expect(checkTicket(terminal, validationBarcode({ ...u().id, unit: 99 }, code)).verdict).toBe('unknown-ticket');
    expect(checkTicket(terminal, validationBarcode({ ...u().id, unit: 124 }, code)).verdict).toBe('unknown-ticket');
    expect(checkTicket(terminal, validationBarcode({ ...u().id, block: 4 }, code)).verdict).toBe('unknown-ticket');
    const unknownGame = '999007030000100' + code;
    expect(checkTicket(terminal, unknownGame + String(dammDigit(unknownGame))).verdict).toBe('unknown-ticket');
  });
});

describe('secrecy at the terminal', () => {
  it('no prize, zone or play data without the right hidden code', () => {
    const f = files.get('millionnaire')!;
    const checker = new TicketChecker(terminal, BEFORE_DEADLINE);
    try {
      fc.assert(
        fc.property(fc.constantFrom(...f.units), fc.stringMatching(/^\d{18}$/), (unit, code) => {
          fc.pre(code !== unit.code);
          const v = checker.check(validationBarcode(unit.id, code));
          expect(verdictJson(v)).toEqual({ verdict: 'wrong-code', ticket: v.ticket, prize_cents: null, winning: null, play: null });
        }),
        { numRuns: 60 },
      );
      // Another unit's (right) code does not open this unit either.
      const [a, b] = f.units;
      expect(checker.check(validationBarcode(a!.id, b!.code)).verdict).toBe('wrong-code');
    } finally {
      checker.close();
    }
  });
});

describe('tampering after import', () => {
  it('a flipped byte in a stored record makes its chunk tampered, even for a right code; other chunks still answer', () => {
    const local = openTerminal(path.join(dir, 'tamper'), { create: true });
    try {
      enrolKeyFile(local.db, key.pubFile);
      const f = writeFixture(path.join(dir, 'tamper.outcome'), key, { game: 'happy-2014', units: 24, chunkUnits: 8 });
      importOutcomeFile(local, f.path);
      const stored = path.join(local.folder.outcomesDir, listBlocks(local.db)[0]!.file_name);
      const loser = f.units[20]!;
      expect(checkTicket(local, loser.barcode).verdict).toBe('loser');
      flipByte(stored, recordOffset(f, 17) + 3);
      expect(checkTicket(local, loser.barcode).verdict).toBe('tampered');
      expect(checkTicket(local, validationBarcode(loser.id, '0'.repeat(18))).verdict).toBe('tampered');
      expect(checkTicket(local, f.units[0]!.barcode)).toMatchObject({ verdict: 'winner', prize_cents: f.units[0]!.prize_cents });
    } finally {
      local.close();
    }
  });

  it('a stored file replaced by another signed file for the same block is tampered', () => {
    const local = openTerminal(path.join(dir, 'replaced'), { create: true });
    try {
      enrolKeyFile(local.db, key.pubFile);
      const f = writeFixture(path.join(dir, 'orig.outcome'), key, { game: 'happy-2014', block: 5 });
      const g = writeFixture(path.join(dir, 'other.outcome'), key, { game: 'happy-2014', block: 5 });
      importOutcomeFile(local, f.path);
      copyFileSync(g.path, path.join(local.folder.outcomesDir, listBlocks(local.db)[0]!.file_name));
      expect(checkTicket(local, f.units[0]!.barcode).verdict).toBe('tampered');
      expect(checkTicket(local, g.units[0]!.barcode).verdict).toBe('tampered');
    } finally {
      local.close();
    }
  });

  it('a missing stored file is tampered', () => {
    const local = openTerminal(path.join(dir, 'missing'), { create: true });
    try {
      enrolKeyFile(local.db, key.pubFile);
      const f = writeFixture(path.join(dir, 'gone.outcome'), key, { game: 'happy-2014', block: 6 });
      importOutcomeFile(local, f.path);
      rmSync(path.join(local.folder.outcomesDir, listBlocks(local.db)[0]!.file_name));
      expect(checkTicket(local, f.units[0]!.barcode).verdict).toBe('tampered');
    } finally {
      local.close();
    }
  });
});

describe('sealed outcomes the rules engine cannot vouch for', () => {
  it('an unknown layout version or a prize outside the table is tampered', () => {
    const local = openTerminal(path.join(dir, 'sealed'), { create: true });
    try {
      enrolKeyFile(local.db, key.pubFile);
      const f = writeFixture(path.join(dir, 'sealed.outcome'), key, {
        game: 'annee-chance-2013',
        units: 4,
        seal: (i, o) => (i === 1 ? { ...o, layout_version: o.layout_version + 1 } : i === 2 ? { ...o, prize_cents: 12345 } : o),
      });
      importOutcomeFile(local, f.path);
      expect(checkTicket(local, f.units[0]!.barcode).verdict).toBe('winner');
      const v1 = checkTicket(local, f.units[1]!.barcode);
      expect(v1).toMatchObject({ verdict: 'tampered', prize_cents: null, play: null });
      expect(v1.message).toMatch(/layout version/);
      expect(checkTicket(local, f.units[2]!.barcode).message).toMatch(/cannot be rebuilt/);
    } finally {
      local.close();
    }
  });

  it('the play data shown is the one the sealed seed rebuilds', () => {
    const f = files.get('annee-chance-2013')!;
    const u = f.winners[0]!;
    const v = checkTicket(terminal, u.barcode, BEFORE_DEADLINE);
    // Rebuilding twice from the same record gives the same play: the terminal never invents one.
    expect(checkTicket(terminal, u.barcode, BEFORE_DEADLINE).play).toEqual(v.play);
    expect(v.ticket).toMatch(/^213-007-03-00001-000-\d$/);
  });
});
