/** Generation by the lottery's own emission module → import at the terminal → check, for each game. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_CODES } from '../../../../games/index.js';
import { createEmission } from '../../../../central/emission/create.js';
import { exportUnits } from '../../../../central/emission/export.js';
import { readPrintFile } from '../../../../central/emission/print-file.js';
import { validationBarcode } from '../../../../games/ticket-id.js';
import { openTerminal, type Terminal } from '../../../../main/kernel/data-folder.js';
import { TicketChecker } from '../../../../main/services/tickets/check.js';
import { importOutcomeFile } from '../../../../main/services/outcomes/import.js';
import { enrolKeyFile } from '../../../../main/services/outcomes/trust.js';

const UNITS = 50;
let dir: string;
let terminal: Terminal;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'guichet-roundtrip-'));
  terminal = openTerminal(path.join(dir, 'data'), { create: true });
});
afterAll(() => {
  terminal.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(GAME_CODES)('%s', (game) => {
  it(`every one of ${UNITS} units checks to the prize and play the lottery printed`, async () => {
    const out = path.join(dir, game);
    const created = await createEmission({ game, emission: 12, units: UNITS, outDir: out, workers: 0, now: new Date('2026-01-01T00:00:00Z') });
    enrolKeyFile(terminal.db, created.publicKeyPath);
    const block = created.blocks[0]!;
    expect(importOutcomeFile(terminal, block.outcomePath).status).toBe('imported');

    const checker = new TicketChecker(terminal, { now: () => new Date('2026-02-01T00:00:00Z') });
    const seen = new Set<string>();
    let firstBarcode = '';
    try {
      for (const u of exportUnits(readPrintFile(block.printPath), 0, UNITS)) {
        const v = checker.check(u.barcodes.validation);
        expect(v.verdict).toBe(u.prize_cents > 0 ? 'winner' : 'loser');
        expect(v.prize_cents).toBe(u.prize_cents);
        expect(v.play).toEqual(u.play);
        expect(v.ticket).toBe(u.unit);
        seen.add(v.verdict);
        firstBarcode ||= u.barcodes.validation;
        // The same identity with another code opens nothing.
        const id = v.id!;
        const other = u.barcodes.validation.slice(15, 33) === '0'.repeat(18) ? '1'.repeat(18) : '0'.repeat(18);
        expect(checker.check(validationBarcode(id, other)).verdict).toBe('wrong-code');
      }
      // 50 units of any of the three games hold winners and losers (P(all one kind) < 1e-5).
      expect([...seen].sort()).toEqual(['loser', 'winner']);
      // The claim deadline is the lottery's (60 days after creation): then the same ticket is expired.
      const late = new TicketChecker(terminal, { now: () => new Date('2026-03-03T00:00:00Z') });
      expect(late.check(firstBarcode).verdict).toBe('expired');
      late.close();
    } finally {
      checker.close();
    }
  });
});
