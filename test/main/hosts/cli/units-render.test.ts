import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGuichet } from '../../../support/guichet-runner.js';

let dir: string;
const units: Array<{ unit: string; game: string; barcodes: { inventory: string; validation: string } }> = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'guichet-render-'));
  for (const game of ['annee-chance-2013', 'millionnaire']) {
    const created = await runGuichet(['emission', 'create', '--game', game, '--emission', '3', '--units', '120', '--workers', '0', '--out', dir]);
    expect(created.code, created.stderr).toBe(0);
  }
  const exported = await runGuichet(['units', 'export', dir]);
  units.push(...exported.stdout.trim().split('\n').map((l) => JSON.parse(l) as (typeof units)[number]));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function decode(png: string): string[] {
  return execFileSync('zbarimg', ['--raw', '-q', png], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n').sort();
}

describe('guichet units render', () => {
  it.each([
    ['a paper ticket by its printed number (pack and ticket)', 'annee-chance-2013', (u: (typeof units)[number]) => u.unit],
    ['a digital unit by its inventory barcode', 'millionnaire', (u: (typeof units)[number]) => u.barcodes.inventory],
    ['a paper ticket by its validation barcode', 'annee-chance-2013', (u: (typeof units)[number]) => u.barcodes.validation],
  ])('draws %s, whose barcodes zbarimg reads back exactly', async (_what, game, refOf) => {
    const unit = units.filter((u) => u.game === game)[107]!;
    const out = path.join(dir, `${game}-${_what.length}.png`);
    const r = await runGuichet(['units', 'render', dir, refOf(unit), '--out', out, '--winning']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(unit.unit);
    expect(decode(out)).toEqual([unit.barcodes.inventory, unit.barcodes.validation].sort());
  });

  it('refuses a mistyped number (check digit) and writes nothing', async () => {
    const unit = units.find((u) => u.game === 'annee-chance-2013')!;
    const wrong = unit.unit.slice(0, -1) + String((Number(unit.unit.slice(-1)) + 1) % 10);
    const out = path.join(dir, 'wrong.png');
    const r = await runGuichet(['units', 'render', dir, wrong, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/check digit/);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a ticket of a block the folder does not hold', async () => {
    const unit = units.find((u) => u.game === 'millionnaire')!;
    const otherBlock = unit.unit.replace(/^316-003-01/, '316-003-02');
    const r = await runGuichet(['units', 'render', dir, otherBlock, '--out', path.join(dir, 'x.png')]);
    expect(r.code).not.toBe(0);
  });
});
