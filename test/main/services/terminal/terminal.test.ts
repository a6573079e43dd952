import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { initTerminal } from '../../../../main/services/terminal/init.js';
import { getSettings } from '../../../../main/kernel/settings.js';
import { updateSettings } from '../../../../main/services/terminal/settings.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import { makeTerminal, snapshot, type Fixture } from './fixture.js';

let f: Fixture | undefined;
afterEach(() => f?.cleanup());

describe('terminal', () => {
  it('init writes terminal.key readable by its owner only, the first manager and the first journal entries', async () => {
    f = await makeTerminal({ operators: false });
    const key = join(f.dir, 'terminal.key');
    if (process.platform !== 'win32') expect(statSync(key).mode & 0o777).toBe(0o600);
    const types = f.t.db.prepare('SELECT type, operator FROM journal ORDER BY seq').all();
    expect(types).toEqual([
      { type: 'terminal.init', operator: null },
      { type: 'operator.add', operator: null },
    ]);
    expect(getSettings(f.t)).toEqual({ payout_limit_cents: 30000 });
    f.t.close();
    const again = openLotteryTerminal(f.dir);
    expect(again.id).toBe('T-001');
    again.close();
  });

  it('refuses a second init and a folder that is not a terminal, creating nothing', async () => {
    f = await makeTerminal({ operators: false });
    await expect(initTerminal(f.dir, { terminalId: 'T-002', managerName: 'zoe', pin: '123456' })).rejects.toThrow(/already terminal T-001/);
    const empty = join(mkdtempSync(join(tmpdir(), 'guichet-none-')), 'nothing-here');
    expect(() => openLotteryTerminal(empty)).toThrow(/no terminal in .*: run guichet init or guichet enroll/);
    expect(existsSync(empty)).toBe(false);
  });

  it('refuses bad init input before touching the folder', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'guichet-bad-')), 'x');
    await expect(initTerminal(dir, { terminalId: 'T 1', managerName: 'a', pin: '123456' })).rejects.toThrow(/not a terminal id/);
    await expect(initTerminal(dir, { terminalId: 'T1', managerName: 'a', pin: '12' })).rejects.toThrow(/manager.s PIN has 6 to 8 digits, not 2/);
    expect(existsSync(dir)).toBe(false);
  });

  it('refuses a key that is not the terminal key', async () => {
    f = await makeTerminal({ operators: false });
    f.t.close();
    const other = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' });
    rmSync(join(f.dir, 'terminal.key'));
    expect(() => openLotteryTerminal(f!.dir)).toThrow(/terminal key .* is missing/);
    writeFileSync(join(f.dir, 'terminal.key'), other, { mode: 0o600 });
    expect(() => openLotteryTerminal(f!.dir)).toThrow(/is not the key of terminal T-001/);
  });

  it('changes the payout limit for a manager only, journaled', async () => {
    f = await makeTerminal();
    const before = snapshot(f.t);
    expect(() => updateSettings(f!.t, f!.bob, { payout_limit_cents: 50000 })).toThrow(/may not change settings/);
    expect(() => updateSettings(f!.t, f!.alice, { payout_limit_cents: 1.5 })).toThrow(/whole number of cents/);
    expect(snapshot(f.t)).toEqual(before);
    expect(updateSettings(f.t, f.alice, { payout_limit_cents: 50000 })).toEqual({ payout_limit_cents: 50000 });
    expect(getSettings(f.t).payout_limit_cents).toBe(50000);
    const last = f.t.db.prepare('SELECT type, operator, payload FROM journal ORDER BY seq DESC LIMIT 1').get();
    expect(last).toEqual({ type: 'settings.change', operator: 'alice', payload: '{"after":{"payout_limit_cents":50000},"before":{"payout_limit_cents":30000}}' });
  });
});
