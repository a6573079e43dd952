import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES, createRng, gameByCode, layoutFor, prizeOf } from '../../../games/index.js';
import { parseBarcode } from '../../../games/ticket-id.js';
import { RECORD_SIZE } from '../../../node/outcome/format.js';
import { readPublicKey } from '../../../node/outcome/keys.js';
import { openOutcomeFile } from '../../../node/outcome/reader.js';
import { unsealRecord } from '../../../node/outcome/seal.js';
import { auditEmission } from '../../../central/emission/audit.js';
import { createEmission } from '../../../central/emission/create.js';
import { countTiers } from '../../../central/emission/draw.js';
import { readPrintFile } from '../../../central/emission/print-file.js';
import { unitSecrets } from '../../../central/emission/secrets.js';

const root = resolve(import.meta.dirname, '../../..');
const cli = join(root, 'bin', 'guichet.js');
const run = promisify(execFile);
const tmp = mkdtempSync(join(tmpdir(), 'guichet-emission-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const UNITS = 400;

describe.each(GAMES.map((g) => g.code))('create → read → unseal → layout → prizeOf: %s', (code) => {
  const out = join(tmp, code);
  const game = gameByCode(code);

  beforeAll(async () => {
    await createEmission({ game: code, emission: 5, blocks: 2, units: UNITS, outDir: out, workers: 0, claimDays: 30, now: new Date('2030-06-01T00:00:00Z') });
  });

  it('writes one outcome and one print file per block, lottery.pub and a 0600 key', () => {
    expect(readdirSync(out).sort()).toEqual(
      [`${code}-5-1.outcome`, `${code}-5-1.print`, `${code}-5-2.outcome`, `${code}-5-2.print`, 'lottery.key', 'lottery.pub'].sort(),
    );
    expect(statSync(join(out, 'lottery.key')).mode & 0o777).toBe(0o600);
    expect(statSync(join(out, `${code}-5-1.print`)).mode & 0o777).toBe(0o600);
  });

  it('every unit opens with its hidden code and its play data wins exactly its drawn prize', () => {
    for (const block of [1, 2]) {
      const print = readPrintFile(join(out, `${code}-5-${block}.print`));
      // The draw covers the whole block even though only the first units were written.
      expect(countTiers(print.tiers, game.prizes.length).slice(1)).toEqual(game.prizes.map((t) => t.count));
      const f = openOutcomeFile(join(out, `${code}-5-${block}.outcome`));
      f.verify([readPublicKey(join(out, 'lottery.pub'))]);
      const m = f.manifest;
      expect([m.unit_count, m.first_unit, m.block_size, m.pack_size, m.claim_deadline]).toEqual([
        UNITS,
        0,
        game.block_size,
        game.pack_size,
        '2030-07-01T00:00:00.000Z',
      ]);
      const salt = Buffer.from(m.file_salt, 'hex');
      const records = new Set<string>();
      for (let unit = 0; unit < UNITS; unit++) {
        const id = { game: code, emission: 5, block, unit };
        const s = unitSecrets(print.master, unit);
        const rec = f.recordAt(unit);
        expect(rec.length).toBe(RECORD_SIZE);
        records.add(rec.toString('hex'));
        const sealed = unsealRecord(rec, id, s.hiddenCode, salt);
        expect(sealed).not.toBeNull();
        expect(sealed?.prize_cents).toBe(print.header.tier_amounts[print.tiers[unit] as number]);
        const play = layoutFor(code, sealed?.prize_cents as number, createRng(sealed?.layout_seed as Uint8Array));
        expect(prizeOf(code, play).prize_cents).toBe(sealed?.prize_cents);
      }
      expect(records.size).toBe(UNITS);
      f.close();
    }
  });
});

describe('secrecy of an outcome file', () => {
  it('has one record size, no per-unit data in the manifest, and winners in drawn (not grouped) positions', () => {
    const out = join(tmp, 'millionnaire');
    const f = openOutcomeFile(join(out, 'millionnaire-5-1.outcome'));
    const size = statSync(f.path).size;
    const header = size - UNITS * RECORD_SIZE;
    expect(header).toBeLessThan(2000);
    expect(Object.keys(f.manifest)).not.toContain('prizes');
    const print = readPrintFile(join(out, 'millionnaire-5-1.print'));
    const winners = [...print.tiers.subarray(0, UNITS)].map((t, i) => (t === 0 ? -1 : i)).filter((i) => i >= 0);
    expect(winners.length).toBeGreaterThan(0);
    expect(winners).not.toEqual(winners.map((_, i) => i)); // not the first N positions
    // A winner's record and a loser's record cannot be told apart without their codes.
    const loser = [...print.tiers].findIndex((t) => t === 0);
    const other = unitSecrets(print.master, (winners[0] as number) + 1).hiddenCode;
    const salt = Buffer.from(f.manifest.file_salt, 'hex');
    expect(unsealRecord(f.recordAt(winners[0] as number), { game: 'millionnaire', emission: 5, block: 1, unit: winners[0] as number }, other, salt)).toBeNull();
    expect(f.recordAt(winners[0] as number).length).toBe(f.recordAt(loser).length);
    f.close();
  });
});

describe('emission create refusals', () => {
  it('refuses bad options before writing anything', async () => {
    const out = join(tmp, 'refused');
    await expect(createEmission({ game: 'nope', emission: 1, outDir: out })).rejects.toThrow(/unknown game/);
    await expect(createEmission({ game: 'happy-2014', emission: 1000, outDir: out })).rejects.toThrow(/--emission/);
    await expect(createEmission({ game: 'happy-2014', emission: 1, units: 2_000_001, outDir: out })).rejects.toThrow(/--units/);
    await expect(createEmission({ game: 'happy-2014', emission: 1, packMinWinners: 1, outDir: out })).rejects.toThrow(/digital game/);
    await expect(createEmission({ game: 'annee-chance-2013', emission: 1, packMinWinners: 22, outDir: out })).rejects.toThrow(/impossible/);
    expect(() => readdirSync(out)).toThrow();
    await expect(createEmission({ game: 'happy-2014', emission: 5, units: 10, outDir: join(tmp, 'happy-2014') })).rejects.toThrow(/already exists/);
  });

  it('keeps one signer per folder', async () => {
    const folder = join(tmp, 'happy-2014');
    const other = join(tmp, 'millionnaire', 'lottery.key');
    await expect(createEmission({ game: 'happy-2014', emission: 6, units: 10, outDir: folder, keyFile: other })).rejects.toThrow(/another key/);
    const noKey = join(tmp, 'no-key');
    await expect(createEmission({ game: 'happy-2014', emission: 6, units: 10, outDir: folder, keyFile: noKey })).rejects.toThrow(/--key/);
    expect(() => statSync(noKey)).toThrow();
  });
});

describe('worker threads and the pack guarantee', () => {
  it('seals in workers and keeps at least M winners in every pack', async () => {
    const out = join(tmp, 'packs');
    const r = await createEmission({ game: 'annee-chance-2013', emission: 9, units: 20_000, packMinWinners: 20, outDir: out, workers: 2 });
    expect(r.blocks[0]?.packSwaps).toBeGreaterThan(0);
    const report = await auditEmission(out, { workers: 0 });
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.unitsChecked).toBe(20_000);
  });
});

describe('emission audit', () => {
  const good = join(tmp, 'happy-2014');

  it('passes on a good folder (CLI exit 0)', async () => {
    const { stdout } = await run(process.execPath, [cli, 'emission', 'audit', good, '--workers', '1']);
    expect(stdout).toMatch(/audit OK: 2 block\(s\), 800 units checked/);
  });

  it('fails on one flipped record byte, naming the file and the unit (CLI exit 1)', async () => {
    const bad = join(tmp, 'tampered');
    cpSync(good, bad, { recursive: true });
    const file = join(bad, 'happy-2014-5-2.outcome');
    const bytes = readFileSync(file);
    const unit = 123;
    const at = bytes.length - (UNITS - unit) * RECORD_SIZE + 3;
    bytes[at] = (bytes[at] as number) ^ 0x10;
    writeFileSync(file, bytes);
    const report = await auditEmission(bad, { workers: 0 });
    expect(report.ok).toBe(false);
    expect(report.findings.map((f) => f.what).join('\n')).toMatch(/hash-mismatch/);
    expect(report.findings.some((f) => f.unit === unit && f.file === 'happy-2014-5-2.outcome' && /does not open/.test(f.what))).toBe(true);
    const r = spawnSync(process.execPath, [cli, 'emission', 'audit', bad, '--workers', '0'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/happy-2014-5-2\.outcome unit 123 \(114-005-02-0000123-\d\)/);
    expect(r.stderr).toMatch(/audit failed/);
  });

  it('fails on altered print data, a foreign public key, and a missing outcome file', async () => {
    const bad = join(tmp, 'tampered2');
    cpSync(good, bad, { recursive: true });
    const print = join(bad, 'happy-2014-5-1.print');
    const bytes = readFileSync(print);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
    writeFileSync(print, bytes);
    copyFileSync(join(tmp, 'millionnaire', 'lottery.pub'), join(bad, 'lottery.pub'));
    rmSync(join(bad, 'happy-2014-5-2.outcome'));
    const report = await auditEmission(bad, { workers: 0 });
    const text = report.findings.map((f) => `${f.file}: ${f.what}`).join('\n');
    expect(text).toMatch(/happy-2014-5-1\.print: .*does not match its hash/);
    expect(text).toMatch(/happy-2014-5-1\.outcome: unknown-key/);
    expect(text).toMatch(/happy-2014-5-2\.outcome: missing/);
  });
});

describe('units export', () => {
  const dir = join(tmp, 'annee-chance-2013');

  it('streams JSON lines of the documented shape whose barcodes open the sealed records', async () => {
    const { stdout } = await run(process.execPath, [cli, 'units', 'export', dir, '--block', '2', '--from', '7', '--count', '3']);
    const lines = stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    const f = openOutcomeFile(join(dir, 'annee-chance-2013-5-2.outcome'));
    const salt = Buffer.from(f.manifest.file_salt, 'hex');
    lines.forEach((line, i) => {
      expect(Object.keys(line).sort()).toEqual(['barcodes', 'game', 'play', 'prize_cents', 'unit']);
      expect(line.unit).toMatch(new RegExp(`^213-005-02-00000-00${7 + i}-\\d$`));
      expect(line.game).toBe('annee-chance-2013');
      const codes = line.barcodes as { inventory: string; validation: string };
      const parsed = parseBarcode(codes.validation);
      expect(parsed.kind).toBe('validation');
      expect(parseBarcode(codes.inventory).id).toEqual(parsed.id);
      expect(parsed.id.unit).toBe(7 + i);
      if (parsed.kind !== 'validation') return;
      const sealed = unsealRecord(f.recordAt(parsed.id.unit), parsed.id, parsed.hiddenCode, salt);
      expect(sealed?.prize_cents).toBe(line.prize_cents);
      expect(prizeOf('annee-chance-2013', line.play).prize_cents).toBe(line.prize_cents);
    });
    f.close();
  });

  it('exports the outcome range of every block by default', async () => {
    const { stdout } = await run(process.execPath, [cli, 'units', 'export', dir]);
    expect(stdout.trim().split('\n')).toHaveLength(2 * UNITS);
  });

  it('stops quietly when the reader goes away (| head)', () => {
    const r = spawnSync('bash', ['-o', 'pipefail', '-c', `"${process.execPath}" "${cli}" units export "${dir}" --block 1 --from 0 --count 300000 | head -n 2`], {
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('refuses a range outside the block', () => {
    const r = spawnSync(process.execPath, [cli, 'units', 'export', dir, '--block', '1', '--from', '1999999', '--count', '2'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/goes past the end of the block/);
    expect(r.stdout).toBe('');
  });
});
