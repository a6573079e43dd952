import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationBarcode } from '../../../../games/ticket-id.js';
import { lotteryKey, flipByte, recordOffset, writeFixture, type FixtureFile, type LotteryKey } from '../../services/outcomes/fixture.js';
import { runGuichet, spawnGuichet } from './guichet-runner.js';

let dir: string;
let data: string;
let key: LotteryKey;
let good: FixtureFile;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'guichet-cli-'));
  data = path.join(dir, 'data');
  key = lotteryKey(dir);
  good = writeFixture(path.join(dir, 'good.outcome'), key, { game: 'millionnaire', units: 12, claimDeadline: '2030-01-01T00:00:00.000Z' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('guichet trust / import / check', () => {
  it('walks a block from enrolment to verdicts, with exit codes and JSON', async () => {
    // Nothing enrolled yet: import is refused, exit 1, with the reason.
    const early = await runGuichet(['import', good.path, '--data', data]);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/import refused \(no-trusted-key\)/);

    // The real command, as a user runs it.
    const add = await spawnGuichet(['trust', 'add', key.pubFile, '--data', data]);
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/trusted key [0-9a-f]{64} added/);
    const again = await runGuichet(['trust', 'add', key.pubFile, '--data', data, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ status: 'already-trusted', fingerprint: good.manifest.signer });
    // GUICHET_DATA selects the same folder as --data.
    const list = await runGuichet(['trust', 'list', '--json'], { GUICHET_DATA: data });
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ fingerprint: good.manifest.signer })]);

    const imp = await spawnGuichet(['import', good.path, '--json'], { GUICHET_DATA: data });
    expect(imp.code).toBe(0);
    expect(JSON.parse(imp.stdout)).toMatchObject({ status: 'imported', game: 'millionnaire', emission: 1, block: 1, unit_count: 12 });
    expect(imp.stderr).toBe(''); // no progress bar when stderr is not a terminal
    const dup = await runGuichet(['import', good.path, '--data', data]);
    expect(dup.code).toBe(0);
    expect(dup.stdout).toMatch(/already imported .* nothing changed/);

    const winner = good.winners[0]!;
    const win = await spawnGuichet(['check', winner.barcode, '--data', data, '--json']);
    expect(win.code).toBe(0);
    const json = JSON.parse(win.stdout);
    expect(Object.keys(json).sort()).toEqual(['play', 'prize_cents', 'ticket', 'verdict', 'winning']);
    expect(json).toMatchObject({ verdict: 'winner', prize_cents: winner.prize_cents, ticket: expect.stringMatching(/^316-001-01-0000000-\d$/) });
    expect(json.winning.length).toBeGreaterThan(0);
    expect(json.play).toHaveProperty('jeu1');

    const text = await runGuichet(['check', winner.barcode, '--data', data]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('WINNER');
    expect(text.stdout).toContain('1 000 000,00 €'); // the 1,000,000 € tier, French style

    const loser = await runGuichet(['check', good.losers[0]!.barcode, '--data', data, '--json']);
    expect(loser.code).toBe(0);
    expect(JSON.parse(loser.stdout)).toMatchObject({ verdict: 'loser', prize_cents: 0, winning: [] });

    const wrong = await runGuichet(['check', validationBarcode(winner.id, '1'.repeat(18)), '--data', data, '--json']);
    expect(wrong.code).toBe(3);
    expect(JSON.parse(wrong.stdout)).toMatchObject({ verdict: 'wrong-code', prize_cents: null, winning: null, play: null });

    const bad = await runGuichet(['check', '12345', '--data', data]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toMatch(/MALFORMED/);

    const expired = await runGuichet(['check', good.losers[0]!.barcode, '--data', data, '--json', '--now', '2030-01-02T00:00:00Z']);
    expect(expired.code).toBe(3);
    expect(JSON.parse(expired.stdout).verdict).toBe('expired');

    // A tampered file is refused whole with a non-zero exit; the block already there still answers.
    const other = writeFixture(path.join(dir, 'bad.outcome'), key, { game: 'millionnaire', block: 2, units: 12 });
    flipByte(other.path, recordOffset(other, 3));
    const refused = await runGuichet(['import', other.path, '--data', data, '--json']);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ status: 'refused', reason: 'hash-mismatch' });
    expect(refused.stderr).toMatch(/nothing changed/);
    expect(readdirSync(path.join(data, 'outcomes'))).toHaveLength(1);
    expect((await runGuichet(['check', good.losers[0]!.barcode, '--data', data])).stdout).toMatch(/LOSER/);

    // Tampering with the stored file after import: exit 4.
    const stored = path.join(data, 'outcomes', readdirSync(path.join(data, 'outcomes'))[0]!);
    flipByte(stored, recordOffset(good, winner.id.unit));
    const tampered = await spawnGuichet(['check', winner.barcode, '--data', data]);
    expect(tampered.code).toBe(4);
    expect(tampered.stdout).toMatch(/TAMPERED/);
  });

  it('refuses to enrol a private key or a file that is no key', async () => {
    const other = path.join(dir, 'other');
    const priv = await runGuichet(['trust', 'add', path.join(dir, 'lottery.key'), '--data', other]);
    expect(priv.code).toBe(1);
    expect(priv.stderr).toMatch(/PRIVATE key/);
    const junk = await runGuichet(['trust', 'add', good.path, '--data', other]);
    expect(junk.code).toBe(1);
    expect(junk.stderr).toMatch(/not a readable public key/);
    const list = await runGuichet(['trust', 'list', '--data', other, '--json']);
    expect(JSON.parse(list.stdout)).toEqual([]);
  });
});
