import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodePreamble, encodeHeader, PREAMBLE_SIZE, RECORD_SIZE } from '../../../../node/outcome/format.js';
import { OutcomeWriter } from '../../../../node/outcome/writer.js';
import { listBlocks } from '../../../../db/queries/blocks.js';
import { openTerminal, type Terminal } from '../../../../main/kernel/data-folder.js';
import { checkTicket } from '../../../../main/services/tickets/check.js';
import { ImportRefusedError, importOutcomeFile, type ImportRefusal } from '../../../../main/services/outcomes/import.js';
import { enrolKeyFile } from '../../../../main/services/outcomes/trust.js';
import { flipByte, lotteryKey, recordOffset, writeFixture, type FixtureFile, type LotteryKey } from './fixture.js';

let dir: string;
let terminal: Terminal;
let key: LotteryKey;
let first: FixtureFile;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'guichet-import-'));
  key = lotteryKey(dir);
  terminal = openTerminal(path.join(dir, 'data'), { create: true });
  enrolKeyFile(terminal.db, key.pubFile);
  // Block 1 is imported before each refusal test: it must stay usable whatever is refused after it.
  first = writeFixture(path.join(dir, 'b1.outcome'), key, { game: 'happy-2014', block: 1 });
  importOutcomeFile(terminal, first.path);
});
afterEach(() => {
  terminal.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the data folder holds: rows and files. */
function state(): { rows: string; files: string[] } {
  return { rows: JSON.stringify(listBlocks(terminal.db)), files: readdirSync(terminal.folder.outcomesDir).sort() };
}

function expectRefused(file: string, reason: ImportRefusal, message?: RegExp): void {
  const before = state();
  let error: unknown;
  try {
    importOutcomeFile(terminal, file);
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(ImportRefusedError);
  expect((error as ImportRefusedError).reason).toBe(reason);
  if (message) expect((error as ImportRefusedError).message).toMatch(message);
  // The refusal names the user's file, never the terminal's temporary copy.
  expect((error as ImportRefusedError).message).not.toMatch(/\.import-[0-9a-f]+\.tmp/);
  if (reason !== 'block-conflict' && reason !== 'incompatible') expect((error as ImportRefusedError).message).toContain(file);
  expect(state()).toEqual(before);
  // The block imported before still answers.
  const winner = first.winners[0]!;
  expect(checkTicket(terminal, winner.barcode)).toMatchObject({ verdict: 'winner', prize_cents: winner.prize_cents });
}

/** A fresh file for block 2 (the target of the tampering tests). */
function block2(options: { units?: number } = {}): FixtureFile {
  return writeFixture(path.join(dir, `b2-${Math.random().toString(36).slice(2)}.outcome`), key, { game: 'happy-2014', block: 2, ...options });
}

function headerLength(file: string): { manifestStart: number; manifestLength: number; signatureLength: number } {
  const pre = decodePreamble(readFileSync(file).subarray(0, PREAMBLE_SIZE))!;
  return { manifestStart: PREAMBLE_SIZE, manifestLength: pre.manifestLength, signatureLength: pre.signatureLength };
}

describe('importOutcomeFile', () => {
  it('keeps the file byte for byte under outcomes/ and records the block once', () => {
    const rows = listBlocks(terminal.db);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ game: 'happy-2014', emission: 1, block: 1, first_unit: 0, unit_count: 20, records_sha256: first.manifest.records_sha256, signer: first.manifest.signer });
    expect(row.imported_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(JSON.parse(row.manifest_json)).toEqual(first.manifest);
    expect(readdirSync(terminal.folder.outcomesDir)).toEqual([row.file_name]);
    expect(readFileSync(path.join(terminal.folder.outcomesDir, row.file_name)).equals(readFileSync(first.path))).toBe(true);
  });

  it('reports progress up to the whole file and stamps the injected time', () => {
    const f = block2({ units: 30 });
    const seen: [number, number][] = [];
    const r = importOutcomeFile(terminal, f.path, { onProgress: (d, t) => seen.push([d, t]), now: () => new Date('2026-03-04T05:06:07Z') });
    expect(r.status).toBe('imported');
    expect(r.block.imported_at).toBe('2026-03-04T05:06:07.000Z');
    expect(seen.at(-1)).toEqual([30, 30]);
    expect(seen.length).toBeGreaterThan(1);
  });

  it('says so and changes nothing when the same block is imported again, even from a copy', () => {
    const before = state();
    const copy = path.join(dir, 'copy.outcome');
    copyFileSync(first.path, copy);
    const again = importOutcomeFile(terminal, copy);
    expect(again.status).toBe('already-imported');
    expect(again.block.id).toBe(listBlocks(terminal.db)[0]!.id);
    expect(state()).toEqual(before);
  });

  it('refuses a different file for a block already imported', () => {
    const other = writeFixture(path.join(dir, 'b1-other.outcome'), key, { game: 'happy-2014', block: 1 });
    expectRefused(other.path, 'block-conflict', /already imported from another file/);
  });

  it('refuses a file signed by a key that is not enrolled', () => {
    const stranger = lotteryKey(dir, 'stranger');
    const f = writeFixture(path.join(dir, 'stranger.outcome'), stranger, { game: 'happy-2014', block: 2 });
    expectRefused(f.path, 'unknown-key', /not trusted/);
  });

  it('refuses everything while no key is enrolled', () => {
    const bare = openTerminal(path.join(dir, 'bare'), { create: true });
    try {
      expect(() => importOutcomeFile(bare, first.path)).toThrow(/no lottery key is enrolled/);
      expect(listBlocks(bare.db)).toEqual([]);
      expect(readdirSync(bare.folder.outcomesDir)).toEqual([]);
    } finally {
      bare.close();
    }
  });

  it('refuses a tampered preamble', () => {
    const f = block2();
    flipByte(f.path, 0);
    expectRefused(f.path, 'malformed', /bad magic/);
  });

  it('refuses a tampered manifest (a byte changed, still valid JSON)', () => {
    const f = block2();
    const text = readFileSync(f.path, 'latin1');
    // created_at 2026 → 2027: the manifest still parses, the signature no longer matches.
    flipByte(f.path, text.indexOf('"created_at":"2026') + '"created_at":"202'.length);
    expectRefused(f.path, 'bad-signature');
  });

  it('refuses a tampered signature', () => {
    const f = block2();
    const h = headerLength(f.path);
    flipByte(f.path, h.manifestStart + h.manifestLength + 10);
    expectRefused(f.path, 'bad-signature');
  });

  it('refuses a tampered record byte, naming the units', () => {
    const f = block2();
    flipByte(f.path, recordOffset(f, 13) + 5);
    expectRefused(f.path, 'hash-mismatch', /units 8–15/);
  });

  it('refuses a truncated file (in the records, and in the header)', () => {
    const f = block2();
    truncateSync(f.path, readFileSync(f.path).length - 1);
    expectRefused(f.path, 'truncated');
    truncateSync(f.path, PREAMBLE_SIZE + 10);
    expectRefused(f.path, 'truncated');
  });

  it('refuses an unsigned file', () => {
    const f = block2();
    const bytes = readFileSync(f.path);
    const h = headerLength(f.path);
    const manifest = bytes.subarray(PREAMBLE_SIZE, PREAMBLE_SIZE + h.manifestLength);
    const records = bytes.subarray(PREAMBLE_SIZE + h.manifestLength + h.signatureLength);
    writeFileSync(f.path, Buffer.concat([encodeHeader(manifest, Buffer.alloc(0)), records]));
    expectRefused(f.path, 'unsigned');
  });

  it('refuses a file that does not exist', () => {
    expectRefused(path.join(dir, 'nowhere.outcome'), 'unreadable');
  });

  it('refuses a signed file this terminal cannot check (unknown layout version)', () => {
    const f = writeFixture(path.join(dir, 'v9.outcome'), key, { game: 'happy-2014', block: 2 });
    // Re-sign a manifest claiming layout version 9 by writing a fresh file with it.
    rmSync(f.path);
    const raw = f.manifest;
    expect(raw.layout_version).not.toBe(9);
    const w = OutcomeWriter.create(
      f.path,
      {
        game: raw.game,
        emission: raw.emission,
        block: raw.block,
        block_size: raw.block_size,
        first_unit: 0,
        unit_count: 1,
        layout_version: 9,
        claim_deadline: raw.claim_deadline,
        counts: raw.counts,
        file_salt: raw.file_salt,
        created_at: raw.created_at,
      },
      key.privateKey,
    );
    w.append(Buffer.alloc(RECORD_SIZE));
    w.finish();
    expectRefused(f.path, 'incompatible', /layout version 9/);
  });

  it('removes its temporary file whatever happens', () => {
    const f = block2();
    flipByte(f.path, recordOffset(f, 0));
    expect(() => importOutcomeFile(terminal, f.path)).toThrow(ImportRefusedError);
    expect(readdirSync(terminal.folder.outcomesDir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

