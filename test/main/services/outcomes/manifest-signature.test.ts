/**
 * An outcome file's manifest signature is re-verified whenever a block is opened (a restart, a new
 * checker) and by the integrity check: a stored file and its database row edited together (here, a
 * later claim deadline to pay expired tickets) no longer pass for the lottery's, and neither does a
 * block whose key was revoked.
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openOutcomeFile } from '../../../../node/outcome/reader.js';
import { listBlocks, type BlockRow } from '../../../../db/queries/blocks.js';
import { IntegrityCheck } from '../../../../main/services/diagnostics/integrity.js';
import { revokeKey } from '../../../../main/services/outcomes/trust.js';
import { checkTicket } from '../../../../main/services/tickets/check.js';
import { checkAtCounter } from '../../../../main/services/tickets/counter-verdict.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import { makeDemo, demoUnits, type DemoFixture } from '../diagnostics/demo-fixture.js';

let f: DemoFixture | undefined;
afterEach(() => f?.cleanup());

const HAPPY = 'happy-2014';

/** Rewrites the claim deadline's year in the stored file (same length), and the row to match: a forger's edit. */
function forgeDeadline(fx: DemoFixture, row: BlockRow): void {
  const file = path.join(fx.t.folder.outcomesDir, row.file_name);
  const text = readFileSync(file, 'latin1');
  const at = text.indexOf('"claim_deadline":"') + '"claim_deadline":"'.length;
  const year = Number(text.slice(at, at + 4));
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.from(String(year + 5), 'latin1'), 0, 4, at);
  } finally {
    closeSync(fd);
  }
  const forged = openOutcomeFile(file);
  const manifest = JSON.stringify(forged.manifest);
  forged.close();
  fx.t.db.prepare('UPDATE blocks SET manifest_json = ? WHERE id = ?').run(manifest, row.id);
}

describe('manifest signatures', () => {
  it('are re-verified when a block is opened after a restart', async () => {
    f = await makeDemo();
    const row = listBlocks(f.t.db).find((b) => b.game === HAPPY)!;
    const unit = demoUnits(f.dir, HAPPY)[0]!;
    expect(checkTicket(f.t, unit.barcodes.validation).verdict).toMatch(/^(winner|loser)$/);
    forgeDeadline(f, row);
    // A restart: a fresh terminal and checker open the stored file again.
    f.t.close();
    const t = openLotteryTerminal(f.dir);
    try {
      const v = checkTicket(t, unit.barcodes.validation);
      expect(v.verdict).toBe('tampered');
      expect(v.message).toMatch(/manifest signature does not verify/);
      expect(v.prize_cents).toBeNull();
      // The other blocks still answer.
      const other = demoUnits(f.dir, 'millionnaire')[0]!;
      expect(checkTicket(t, other.barcodes.validation).verdict).toMatch(/^(winner|loser)$/);
    } finally {
      t.close();
    }
  });

  it('are re-verified by the integrity check', async () => {
    f = await makeDemo();
    forgeDeadline(f, listBlocks(f.t.db).find((b) => b.game === HAPPY)!);
    const end = await IntegrityCheck.start(f.t, f.theo).finished;
    expect(end.ok).toBe(false);
    const bad = end.blocks.find((b) => b.label.startsWith('Happy 2014'));
    expect(bad).toMatchObject({ ok: false, detail: expect.stringMatching(/manifest signature does not verify/) });
    expect(end.blocks.filter((b) => b.ok)).toHaveLength(2);
  });

  it('of a revoked key stop its blocks: key-revoked at the counter and in the integrity check', async () => {
    f = await makeDemo();
    const unit = demoUnits(f.dir, HAPPY).find((u) => u.prize_cents > 0)!;
    const signer = listBlocks(f.t.db)[0]!.signer;
    expect(() => revokeKey(f!.t, f!.camille, signer, 'leaked')).toThrow(/may not trust or revoke/);
    revokeKey(f.t, f.marie, signer, 'leaked');
    const v = checkTicket(f.t, unit.barcodes.validation);
    expect(v).toMatchObject({ verdict: 'key-revoked', prize_cents: null, play: null });
    expect(v.message).toMatch(/revoked on .* \(leaked\)/);
    expect(checkAtCounter(f.t, f.camille, unit.barcodes.validation)).toMatchObject({ verdict: 'key-revoked', payable: false });
    const end = await IntegrityCheck.start(f.t, f.theo).finished;
    expect(end.ok).toBe(false);
    expect(end.blocks.every((b) => !b.ok && /revoked/.test(b.detail))).toBe(true);
  });
});
