/** `guichet kiosk-exit`: the technician's allowance from the command line, on a real terminal folder. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTerminal, type Fixture } from '../../services/terminal/fixture.js';
import { runGuichet } from '../../../support/guichet-runner.js';

describe('guichet kiosk-exit', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await makeTerminal();
  });
  afterEach(() => f.cleanup());

  it('allows a technician, refuses a manager, shows and withdraws the allowance', async () => {
    expect(JSON.parse((await runGuichet(['kiosk-exit', 'status', '--data', f.dir, '--json'])).stdout)).toEqual({ until: null });
    const refused = await runGuichet(['kiosk-exit', 'allow', '--hours', '2', '--data', f.dir, '--operator', 'alice'], { GUICHET_PIN: '123456' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/alice|manager|permission|may not/i);
    const bad = await runGuichet(['kiosk-exit', 'allow', '--hours', '24', '--data', f.dir, '--operator', 'tom'], { GUICHET_PIN: '555555' });
    expect(bad.code).not.toBe(0);
    const ok = await runGuichet(['kiosk-exit', 'allow', '--hours', '2', '--data', f.dir, '--operator', 'tom', '--json'], { GUICHET_PIN: '555555' });
    expect(ok.code).toBe(0);
    const { until } = JSON.parse(ok.stdout) as { until: string };
    expect(Date.parse(until)).toBeGreaterThan(Date.now() + 3_600_000);
    expect(JSON.parse((await runGuichet(['kiosk-exit', 'status', '--data', f.dir, '--json'])).stdout)).toEqual({ until });
    expect((await runGuichet(['kiosk-exit', 'withdraw', '--data', f.dir, '--operator', 'tom'], { GUICHET_PIN: '555555' })).code).toBe(0);
    expect(JSON.parse((await runGuichet(['kiosk-exit', 'status', '--data', f.dir, '--json'])).stdout)).toEqual({ until: null });
  });
});
