/**
 * What central said of a ticket (migration 015): kept per ticket, replaced by central's next word,
 * forgotten on demand, and it survives the terminal closing and opening its database again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../../db/open.js';
import { centralTicketFactOf, forgetCentralTicketFact, keepCentralTicketFact, type CentralTicketFact } from '../../db/queries/central-ticket-facts.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'guichet-facts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const UNIT = { game: 'annee-chance-2013', emission: 1, block: 1, unit: 17 };
const HELD: CentralTicketFact = {
  ...UNIT,
  verdict: 'held_elsewhere',
  terminal: 'DEMO-01',
  retailer: 'Tabac de la Gare',
  at: '2026-12-07T09:12:00.000Z',
  held_until: '2026-12-07T09:14:00.000Z',
  message: 'held since … by terminal DEMO-01',
  told_at: '2026-12-07T09:12:30.000Z',
};
const PAID: CentralTicketFact = { ...HELD, verdict: 'already_paid', at: '2026-12-07T09:13:00.000Z', held_until: null, message: 'already paid at terminal DEMO-01', told_at: '2026-12-07T09:20:00.000Z' };

it('keeps central’s latest word on a ticket across a restart, and forgets it', () => {
  const file = path.join(dir, 'guichet.db');
  let db = openDatabase(file);
  expect(centralTicketFactOf(db, UNIT)).toBeUndefined();
  keepCentralTicketFact(db, HELD);
  keepCentralTicketFact(db, PAID); // central's next word replaces the one before
  keepCentralTicketFact(db, { ...PAID, unit: 18, verdict: 'already_paid', terminal: null, retailer: null, at: null });
  db.close();

  db = openDatabase(file);
  expect(centralTicketFactOf(db, UNIT)).toEqual(PAID);
  expect(centralTicketFactOf(db, { ...UNIT, unit: 18 })).toMatchObject({ terminal: null, at: null });
  expect(centralTicketFactOf(db, { ...UNIT, block: 2 })).toBeUndefined();
  forgetCentralTicketFact(db, UNIT);
  expect(centralTicketFactOf(db, UNIT)).toBeUndefined();
  expect(centralTicketFactOf(db, { ...UNIT, unit: 18 })).toBeDefined();
  // Only central's two refusals are kept.
  expect(() => keepCentralTicketFact(db, { ...PAID, verdict: 'claimed' as never })).toThrow(/CHECK constraint/);
  db.close();
});
