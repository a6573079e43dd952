/** `guichet mode` (the terminal's mode setting), run in process, and the self-check options of `guichet kiosk`, through the real CLI (a kiosk starts in a process of its own). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { counterCli, guichet } from './counter-cli.js';

const dir = join(mkdtempSync(join(tmpdir(), 'guichet-cli-mode-')), 'terminal');
afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));
const data = ['--data', dir];

describe('guichet mode and kiosk --self-check', () => {
  it('shows the mode, changes it for a manager only, and refuses an unknown one', async () => {
    expect((await counterCli(['init', ...data, '--terminal', 'T-077', '--manager', 'alice'], { GUICHET_PIN: '123456' })).status).toBe(0);
    expect((await counterCli(['operator', 'add', 'bob', '--role', 'cashier', ...data], { GUICHET_OPERATOR: 'alice', GUICHET_PIN: '123456', GUICHET_NEW_PIN: '4321' })).status).toBe(0);
    expect((await counterCli(['mode', ...data])).stdout.trim()).toBe('counter');

    const cashier = await counterCli(['mode', 'self_check', ...data, '--operator', 'bob'], { GUICHET_PIN: '4321' });
    expect(cashier.status).not.toBe(0);
    expect(cashier.stderr).toMatch(/bob|not allowed|permission/i);
    const unknown = await counterCli(['mode', 'kiosk', ...data, '--operator', 'alice'], { GUICHET_PIN: '123456' });
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain('counter, self_check');
    expect((await counterCli(['mode', ...data])).stdout.trim()).toBe('counter');

    const set = await counterCli(['mode', 'self_check', ...data, '--operator', 'alice'], { GUICHET_PIN: '123456' });
    expect([set.status, set.stdout.trim()]).toEqual([0, 'terminal mode: self_check (from the next start of the kiosk)']);
    expect((await counterCli(['mode', ...data])).stdout.trim()).toBe('self_check');
  });

  it('takes the self-check timings only with --self-check, as whole numbers', async () => {
    const alone = await guichet(['kiosk', '--browser', '--check-limit', '3', ...data]);
    expect(alone.status).not.toBe(0);
    expect(alone.stderr).toContain('go with --self-check');
    const bad = await guichet(['kiosk', '--browser', '--self-check', '--reset-seconds', '0', ...data]);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('--reset-seconds takes a whole number from 1 to 86400');
  });
});
