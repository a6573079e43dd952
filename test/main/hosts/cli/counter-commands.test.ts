import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../../../main/services/auth/login.js';
import { record } from '../../../../main/kernel/record.js';
import { inTransaction } from '../../../../main/kernel/transaction.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import { counterCli, guichet } from './counter-cli.js';

const dir = join(mkdtempSync(join(tmpdir(), 'guichet-cli-')), 'terminal');
afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));
const data = ['--data', dir];
const asAlice = { GUICHET_OPERATOR: 'alice', GUICHET_PIN: '123456' };
const json = <T>(s: string): T => JSON.parse(s) as T;

describe('guichet counter commands', () => {
  it('init, operators, login, session, reports, outbox and journal, scriptable with --json', async () => {
    const init = await counterCli(['init', ...data, '--terminal', 'T-042', '--manager', 'alice', '--json'], { GUICHET_PIN: '123456' });
    expect(init.stderr).toBe('');
    expect(json<{ terminal: string; data: string; manager: unknown; key_fingerprint: string }>(init.stdout)).toMatchObject({
      terminal: 'T-042',
      data: dir,
      manager: { id: 1, name: 'alice', role: 'manager' },
      key_fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const again = await counterCli(['init', ...data, '--terminal', 'T-043', '--manager', 'zoe'], { GUICHET_PIN: '123456' });
    expect([again.status, again.stderr.trim()]).toEqual([1, `guichet: ${dir} is already terminal T-042`]);

    const add = await counterCli(['operator', 'add', 'bob', '--role', 'cashier', ...data, '--json'], { ...asAlice, GUICHET_NEW_PIN: '4321' });
    expect(json(add.stdout)).toMatchObject({ id: 2, name: 'bob', role: 'cashier', active: true });
    await counterCli(['operator', 'add', 'tom', '--role', 'technician', ...data], { ...asAlice, GUICHET_NEW_PIN: '555555' });
    const list = await counterCli(['operator', 'list', ...data, '--json', '--operator', 'alice'], { GUICHET_PIN: '123456' });
    expect(json<{ name: string }[]>(list.stdout).map((o) => o.name)).toEqual(['alice', 'bob', 'tom']);

    const wrong = await guichet(['login', ...data, '--operator', 'bob'], { GUICHET_PIN: '0000' });
    expect(wrong).toMatchObject({ status: 1, hung: false, stdout: '' });
    expect(wrong.stderr).toBe("guichet: wrong PIN for operator 'bob' (4 more tries before a 5-minute lock)\n");
    // #41: a technician may lift a PIN lock (the way back when the managers are locked out); a cashier may not.
    const byTom = await counterCli(['operator', 'unlock', 'bob', ...data, '--operator', 'tom'], { GUICHET_PIN: '555555' });
    expect([byTom.stderr, byTom.stdout]).toEqual(['', 'operator bob unlocked\n']);
    const byBob = await counterCli(['operator', 'unlock', 'tom', ...data, '--operator', 'bob'], { GUICHET_PIN: '4321' });
    expect([byBob.status, byBob.stderr]).toEqual([1, "guichet: operator 'bob' (cashier) may not lift an operator's PIN lock\n"]);
    const noPin = await guichet(['session', 'open', '--float-cents', '10000', ...data], { GUICHET_OPERATOR: 'bob' });
    expect(noPin).toMatchObject({ status: 1, hung: false });
    expect(noPin.stderr).toMatch(/operator 'bob' needs a PIN: set GUICHET_PIN, give --pin-fd N \(read from file descriptor N\), or type it when asked/);
    const tech = await counterCli(['session', 'open', '--float-cents', '10000', ...data, '--operator', 'tom'], { GUICHET_PIN: '555555' });
    expect([tech.status, tech.stderr]).toEqual([1, "guichet: operator 'tom' (technician) may not open a cash session\n"]);

    const login = await counterCli(['login', ...data, '--json'], { GUICHET_OPERATOR: 'bob', GUICHET_PIN: '4321' });
    expect(json(login.stdout)).toMatchObject({ terminal: 'T-042', operator: 'bob', role: 'cashier', permissions: expect.arrayContaining(['ticket.sell', 'payout.pay']) });
    const open = await counterCli(['session', 'open', '--float-cents', '10000', ...data, '--json', '--operator', 'bob'], { GUICHET_PIN: '4321' });
    expect(json(open.stdout)).toMatchObject({ session_id: 1, float_cents: 10000 });

    // A sale recorded by a service (as the sales helper will), between two CLI runs.
    const t = openLotteryTerminal(dir);
    const bob = await authenticate(t, 'bob', '4321');
    inTransaction(t, () =>
      record(t, { type: 'sale', operator: bob, payload: { sale_id: 1 }, receipt: true, money: { kind: 'sale', lines: [{ game: 'happy-2014', count: 1, amount_cents: 300 }] }, outbox: { key: 'sale/1' } }),
    );
    t.close();

    const xByBob = await counterCli(['report', 'x', ...data, '--operator', 'bob'], { GUICHET_PIN: '4321' });
    expect([xByBob.status, xByBob.stderr]).toEqual([1, "guichet: operator 'bob' (cashier) may not see the X report\n"]);
    const x = await counterCli(['report', 'x', ...data, '--json'], asAlice);
    expect(json<{ kind: string; cash: { expected_cents: number } }>(x.stdout)).toMatchObject({ kind: 'X', cash: { expected_cents: 10300 } });
    const outbox = await counterCli(['outbox', ...data, '--json', '--operator', 'tom'], { GUICHET_PIN: '555555' });
    expect(json(outbox.stdout)).toEqual({
      pending: 1,
      events: [expect.objectContaining({ key: 'T-042/sale/1', type: 'sale', attempts: 0 })],
    });
    expect(outbox.stdout).not.toMatch(/amount_cents/);

    const unconfirmed = await counterCli(['session', 'close', '--counted-cents', '10000', ...data], asAlice);
    expect(unconfirmed.status).toBe(1);
    expect(unconfirmed.stderr).toMatch(/difference -3,00.€\): a manager must confirm the difference/);
    const close = await counterCli(['session', 'close', '--counted-cents', '10000', '--confirm-difference', ...data, '--json'], asAlice);
    const z = json<{ kind: string; z_number: number; cash: { difference_cents: number } }>(close.stdout);
    expect(z).toMatchObject({ kind: 'Z', z_number: 1, cash: { difference_cents: -300, difference_confirmed_by: 'alice' } });
    const reprint = await counterCli(['report', 'z', ...data, '--json'], asAlice);
    expect(json(reprint.stdout)).toEqual(z);

    const verify = await counterCli(['journal', 'verify', ...data, '--json']);
    expect(verify.status).toBe(0);
    expect(json(verify.stdout)).toMatchObject({ terminal: 'T-042', ok: true });
  });

  it('refuses a folder that is not a terminal, and bad amounts', async () => {
    const none = join(dir, '..', 'none');
    const r = await counterCli(['report', 'x', '--data', none], asAlice);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/no terminal in .*: run guichet init or guichet enroll/);
    const bad = await counterCli(['session', 'open', '--float-cents', '12.50', '--data', none], asAlice);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/--float-cents must be a whole number of cents/);
  });
});
