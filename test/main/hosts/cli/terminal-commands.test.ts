import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationBarcode } from '../../../../games/ticket-id.js';
import { lotteryKey, flipByte, recordOffset, writeFixture, type FixtureFile, type LotteryKey } from '../../services/outcomes/fixture.js';
import { runGuichet, spawnGuichet } from '../../../support/guichet-runner.js';

let dir: string;
let data: string;
let key: LotteryKey;
let good: FixtureFile;

/** Credentials of the terminal's operators (a manager, a technician, a cashier). */
const MANAGER = { GUICHET_OPERATOR: 'Marie', GUICHET_PIN: '246810' };
const TECH = { GUICHET_OPERATOR: 'Theo', GUICHET_PIN: '135790' };
const CASHIER = { GUICHET_OPERATOR: 'Camille', GUICHET_PIN: '112233' };

/** A terminal with its three operators, in `folder`. */
async function setUpTerminal(folder: string): Promise<void> {
  expect((await runGuichet(['init', '--data', folder, '--terminal', 'T-CLI', '--manager', 'Marie'], { GUICHET_PIN: '246810' })).code).toBe(0);
  expect((await runGuichet(['operator', 'add', 'Theo', '--role', 'technician', '--data', folder], { ...MANAGER, GUICHET_NEW_PIN: '135790' })).code).toBe(0);
  expect((await runGuichet(['operator', 'add', 'Camille', '--role', 'cashier', '--data', folder], { ...MANAGER, GUICHET_NEW_PIN: '112233' })).code).toBe(0);
}

/** The journal's entry types, in order. */
function journalTypes(folder: string): string[] {
  const db = new Database(path.join(folder, 'guichet.db'), { readonly: true });
  try {
    return (db.prepare('SELECT type FROM journal ORDER BY seq').all() as { type: string }[]).map((r) => r.type);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'guichet-cli-'));
  data = path.join(dir, 'data');
  key = lotteryKey(dir);
  good = writeFixture(path.join(dir, 'good.outcome'), key, { game: 'millionnaire', units: 12, claimDeadline: '2030-01-01T00:00:00.000Z' });
  await setUpTerminal(data);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('guichet trust / import / check', () => {
  it('walks a block from enrolment to verdicts, with exit codes and JSON', async () => {
    // Nothing enrolled yet: import is refused, exit 1, with the reason.
    const early = await runGuichet(['import', good.path, '--data', data], TECH);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/import refused \(no-trusted-key\)/);

    // Trusting a key takes a manager: no operator, a cashier or a technician are refused, nothing changes.
    const anonymous = await runGuichet(['trust', 'add', key.pubFile, '--data', data]);
    expect(anonymous.code).toBe(1);
    expect(anonymous.stderr).toMatch(/acts for an operator: give --operator NAME/);
    for (const who of [CASHIER, TECH]) {
      const refused = await runGuichet(['trust', 'add', key.pubFile, '--data', data], who);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/may not trust or revoke the lottery's keys/);
    }
    expect(JSON.parse((await runGuichet(['trust', 'list', '--data', data, '--json'])).stdout)).toEqual([]);

    // The real command, as a user runs it.
    const add = await spawnGuichet(['trust', 'add', key.pubFile, '--data', data], MANAGER);
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/trusted key [0-9a-f]{64} added/);
    const again = await runGuichet(['trust', 'add', key.pubFile, '--data', data, '--json'], MANAGER);
    expect(JSON.parse(again.stdout)).toMatchObject({ status: 'already-trusted', fingerprint: good.manifest.signer });
    // GUICHET_DATA selects the same folder as --data.
    const list = await runGuichet(['trust', 'list', '--json'], { GUICHET_DATA: data });
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ fingerprint: good.manifest.signer })]);

    // Importing takes a manager or a technician.
    const byCashier = await runGuichet(['import', good.path, '--data', data], CASHIER);
    expect(byCashier.code).toBe(1);
    expect(byCashier.stderr).toMatch(/may not import outcome files/);
    const imp = await spawnGuichet(['import', good.path, '--json'], { ...TECH, GUICHET_DATA: data });
    expect(imp.code).toBe(0);
    expect(JSON.parse(imp.stdout)).toMatchObject({ status: 'imported', game: 'millionnaire', emission: 1, block: 1, unit_count: 12 });
    expect(imp.stderr).toBe(''); // no progress bar when stderr is not a terminal
    const dup = await runGuichet(['import', good.path, '--data', data], MANAGER);
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
    const refused = await runGuichet(['import', other.path, '--data', data, '--json'], MANAGER);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ status: 'refused', reason: 'hash-mismatch' });
    expect(refused.stderr).toMatch(/nothing changed/);
    expect(readdirSync(path.join(data, 'outcomes'))).toHaveLength(1);
    expect((await runGuichet(['check', good.losers[0]!.barcode, '--data', data])).stdout).toMatch(/LOSER/);

    // Both acts are journaled, once each, with the operator.
    expect(journalTypes(data).filter((t) => t === 'key.trust' || t === 'block.import')).toEqual(['key.trust', 'block.import']);

    // Tampering with the stored file after import: exit 4.
    const stored = path.join(data, 'outcomes', readdirSync(path.join(data, 'outcomes'))[0]!);
    flipByte(stored, recordOffset(good, winner.id.unit));
    const tampered = await spawnGuichet(['check', winner.barcode, '--data', data]);
    expect(tampered.code).toBe(4);
    expect(tampered.stdout).toMatch(/TAMPERED/);
  });

  it('refuses to enrol a private key or a file that is no key', async () => {
    const other = path.join(dir, 'other');
    await setUpTerminal(other);
    const priv = await runGuichet(['trust', 'add', path.join(dir, 'lottery.key'), '--data', other], MANAGER);
    expect(priv.code).toBe(1);
    expect(priv.stderr).toMatch(/PRIVATE key/);
    const junk = await runGuichet(['trust', 'add', good.path, '--data', other], MANAGER);
    expect(junk.code).toBe(1);
    expect(junk.stderr).toMatch(/not a readable public key/);
    const list = await runGuichet(['trust', 'list', '--data', other, '--json']);
    expect(JSON.parse(list.stdout)).toEqual([]);
  });

  it('revokes a key: a manager only, journaled; its blocks answer key-revoked, and it signs no new import', async () => {
    const folder = path.join(dir, 'revoke');
    await setUpTerminal(folder);
    expect((await runGuichet(['trust', 'add', key.pubFile, '--data', folder], MANAGER)).code).toBe(0);
    expect((await runGuichet(['import', good.path, '--data', folder], MANAGER)).code).toBe(0);
    const winner = good.winners[0]!;
    expect((await runGuichet(['check', winner.barcode, '--data', folder, '--json'])).code).toBe(0);

    const fingerprint = good.manifest.signer;
    const byTech = await runGuichet(['trust', 'revoke', fingerprint.slice(0, 12), '--reason', 'key leaked', '--data', folder], TECH);
    expect(byTech.code).toBe(1);
    expect(byTech.stderr).toMatch(/may not trust or revoke/);
    const noReason = await runGuichet(['trust', 'revoke', fingerprint, '--data', folder], MANAGER);
    expect(noReason.code).not.toBe(0);
    const unknown = await runGuichet(['trust', 'revoke', 'deadbeefdeadbeef', '--reason', 'x', '--data', folder], MANAGER);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no trusted key deadbeefdeadbeef/);

    const revoked = await runGuichet(['trust', 'revoke', fingerprint.slice(0, 12), '--reason', 'key leaked', '--data', folder, '--json'], MANAGER);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ status: 'revoked', fingerprint, reason: 'key leaked' });
    expect(journalTypes(folder).filter((t) => t === 'key.revoke')).toEqual(['key.revoke']);
    const twice = await runGuichet(['trust', 'revoke', fingerprint, '--reason', 'again', '--data', folder], MANAGER);
    expect(twice.stdout).toMatch(/already revoked/);
    expect(journalTypes(folder).filter((t) => t === 'key.revoke')).toEqual(['key.revoke']);
    expect(JSON.parse((await runGuichet(['trust', 'list', '--data', folder, '--json'])).stdout)).toEqual([
      expect.objectContaining({ fingerprint, revoked_reason: 'key leaked' }),
    ]);

    // Offline and at the counter: a clear verdict, never a payment.
    const offline = await runGuichet(['check', winner.barcode, '--data', folder, '--json']);
    expect(offline.code).toBe(4);
    expect(JSON.parse(offline.stdout)).toMatchObject({ verdict: 'key-revoked', prize_cents: null, play: null });
    const text = await runGuichet(['check', winner.barcode, '--data', folder]);
    expect(text.stdout).toMatch(/LOTTERY KEY REVOKED/);
    const counter = await runGuichet(['check', winner.barcode, '--data', folder, '--json'], MANAGER);
    expect(counter.code).toBe(4);
    expect(JSON.parse(counter.stdout)).toMatchObject({ verdict: 'key-revoked', payable: false });

    // A new block from that key is refused; the key cannot be trusted again.
    const next = writeFixture(path.join(dir, 'after-revoke.outcome'), key, { game: 'millionnaire', block: 3, units: 12 });
    const imp = await runGuichet(['import', next.path, '--data', folder, '--json'], MANAGER);
    expect(imp.code).toBe(1);
    expect(JSON.parse(imp.stdout)).toMatchObject({ status: 'refused', reason: 'key-revoked' });
    const readd = await runGuichet(['trust', 'add', key.pubFile, '--data', folder], MANAGER);
    expect(readd.code).toBe(1);
    expect(readd.stderr).toMatch(/was revoked on this terminal/);
  });
});
