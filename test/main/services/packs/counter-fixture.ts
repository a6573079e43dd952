/**
 * A counter ready to sell and pay: a real terminal (test/main/services/terminal/fixture.ts) that trusts a test
 * lottery key and imported small outcome files written by the real writer:
 * - paper `annee-chance-2013` emission 1 block 1, units 0–299 (packs 0, 1, 2); in every pack, ticket
 *   t < 7 wins the game's tier t (40 000 €, 1 000 €, 100 €, 50 €, 20 €, 10 €, 6 €), the others lose;
 * - paper block 2, units 0–99 (pack 0), whose claim period ended before the test clock;
 * - digital `happy-2014` emission 1 block 1, units 0–19 (unit t < 7 wins tier t).
 * The outcome files are written once per test file; each fixture imports them into a fresh terminal.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gameByCode } from '../../../../games/index.js';
import { inventoryBarcode, validationBarcode, type UnitId } from '../../../../games/ticket-id.js';
import { openCashSession } from '../../../../main/services/cash/sessions.js';
import { importOutcomeFile } from '../../../../main/services/outcomes/import.js';
import { enrolKeyFile } from '../../../../main/services/outcomes/trust.js';
import { activatePack, receivePack } from '../../../../main/services/packs/packs.js';
import { makeTerminal, type Fixture } from '../terminal/fixture.js';
import { lotteryKey, writeFixture, type FixtureFile, type FixtureUnit } from '../outcomes/fixture.js';

export const PAPER = 'annee-chance-2013';
export const DIGITAL = 'happy-2014';
const PAPER_TIERS = gameByCode(PAPER).prizes.map((t) => t.amount_cents);

export interface LotteryFiles {
  readonly dir: string;
  readonly paper: FixtureFile;
  readonly expired: FixtureFile;
  readonly digital: FixtureFile;
  readonly pubFile: string;
  cleanup(): void;
}

let shared: LotteryFiles | undefined;

/** The outcome files (written once per test file). */
export function lotteryFiles(): LotteryFiles {
  if (shared) return shared;
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-lottery-'));
  const key = lotteryKey(dir);
  const perPack = (i: number, o: { prize_cents: number; layout_seed: Uint8Array; layout_version: number }) => ({ ...o, prize_cents: PAPER_TIERS[i % 100] ?? 0 });
  const paper = writeFixture(path.join(dir, 'paper.outcome'), key, { game: PAPER, emission: 1, block: 1, units: 300, chunkUnits: 50, seal: perPack });
  const expired = writeFixture(path.join(dir, 'expired.outcome'), key, { game: PAPER, emission: 1, block: 2, units: 100, chunkUnits: 50, seal: perPack, claimDeadline: '2026-06-30T23:59:59.000Z' });
  const digital = writeFixture(path.join(dir, 'digital.outcome'), key, { game: DIGITAL, emission: 1, block: 1, units: 20 });
  shared = { dir, paper, expired, digital, pubFile: key.pubFile, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  process.once('exit', () => shared?.cleanup());
  return shared;
}

export interface CounterFixture extends Fixture {
  readonly files: LotteryFiles;
  /** A paper unit of block 1 (or `block`). */
  unit(u: number, block?: 1 | 2): FixtureUnit;
  /** Inventory barcode of a paper unit of block 1 (or `block`). */
  inv(u: number, block?: 1 | 2): string;
  /** Validation barcode of a paper unit of block 1 (or `block`). */
  val(u: number, block?: 1 | 2): string;
  /** `213-001-0B-0000P`. */
  packNo(p: number, block?: 1 | 2): string;
}

export interface CounterOptions {
  /** Open a cash session (default true). */
  readonly cashSession?: boolean;
  /** Packs of block 1 to receive and activate (default none). */
  readonly activePacks?: readonly number[];
}

/** A fresh counter terminal with the lottery files imported. */
export async function counterTerminal(options: CounterOptions = {}): Promise<CounterFixture> {
  const files = lotteryFiles();
  const fx = await makeTerminal();
  enrolKeyFile(fx.t.db, files.pubFile);
  for (const f of [files.paper, files.expired, files.digital]) importOutcomeFile(fx.t, f.path);
  const unit = (u: number, block: 1 | 2 = 1): FixtureUnit => {
    const found = (block === 1 ? files.paper : files.expired).units[u];
    if (!found) throw new Error(`no fixture unit ${u} in block ${block}`);
    return found;
  };
  const counter: CounterFixture = {
    ...fx,
    files,
    unit,
    inv: (u, block = 1) => inventoryBarcode(unit(u, block).id),
    val: (u, block = 1) => unit(u, block).barcode,
    packNo: (p, block = 1) => `213-001-0${block}-${String(p).padStart(5, '0')}`,
  };
  if (options.cashSession !== false) openCashSession(fx.t, fx.alice, { float_cents: 10_000 });
  for (const p of options.activePacks ?? []) {
    receivePack(fx.t, fx.bob, counter.packNo(p));
    activatePack(fx.t, fx.bob, counter.packNo(p));
  }
  return counter;
}

/** A unit of an imported block that does not exist (block 9 was never imported). */
export function unknownUnit(): { inv: string; val: string } {
  const id: UnitId = { game: PAPER, emission: 1, block: 9, unit: 5 };
  return { inv: inventoryBarcode(id), val: validationBarcode(id, '1'.repeat(18)) };
}

/** Row counts of the counter's own tables, plus the core snapshot: "nothing changed" compares these. */
export function counterSnapshot(fx: Fixture): Record<string, unknown> {
  const rows = (sql: string): unknown => fx.t.db.prepare(sql).all();
  return {
    // A wrong hidden code leaves its own journal entries (refused-codes.ts): nothing else may change.
    journal: rows("SELECT count(*) AS n FROM journal WHERE type NOT IN ('ticket.code-refused', 'alert.wrong-codes')"),
    outbox: rows('SELECT count(*) AS n FROM outbox'),
    counters: rows("SELECT name, value FROM counters WHERE name != 'journal' ORDER BY name"),
    packs: rows('SELECT * FROM packs ORDER BY id'),
    sales: rows('SELECT * FROM sales ORDER BY id'),
    sale_lines: rows('SELECT * FROM sale_lines ORDER BY id'),
    payouts: rows('SELECT * FROM payouts ORDER BY id'),
    claims: rows('SELECT * FROM claims ORDER BY id'),
    stop_list: rows('SELECT * FROM stop_list ORDER BY id'),
  };
}

/** Expects `fn` to throw an error with this `code`, and to change nothing. */
export function expectRefusal(fx: Fixture, code: string, fn: () => unknown): { code: string; message: string } {
  const before = counterSnapshot(fx);
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  if (!caught) throw new Error(`expected a '${code}' refusal, but it succeeded`);
  const err = caught as { code?: string; message: string };
  if (err.code !== code) throw new Error(`expected refusal '${code}', got '${String(err.code)}': ${err.message}`);
  const after = counterSnapshot(fx);
  if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(`refusal '${code}' changed the database`);
  return { code: err.code, message: err.message };
}
