import { afterEach, describe, expect, it } from 'vitest';
import { AuthError, PermissionError } from '../../../../main/services/auth/errors.js';
import { authenticate, login, logout, LOCK_MINUTES, MAX_FAILURES, switchOperator } from '../../../../main/services/auth/login.js';
import { can, permissionsOf, requirePermission } from '../../../../main/services/auth/roles.js';
import type { OperatorSession } from '../../../../main/services/auth/session.js';
import { closeCashSession, moveCash, openCashSession, xReport, zReport } from '../../../../main/services/cash/sessions.js';
import { listOutbox } from '../../../../main/services/outbox/outbox.js';
import { disableOperator } from '../../../../main/services/operators/operators.js';
import { makeTerminal, snapshot, type Fixture } from '../terminal/fixture.js';

let f: Fixture | undefined;
afterEach(() => f?.cleanup());

async function refusal(p: Promise<unknown>): Promise<AuthError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AuthError) return err;
    throw err;
  }
  throw new Error('expected an AuthError');
}

describe('roles', () => {
  it('technicians have no sale, payout, cash or money report; cashiers no void, close or report', () => {
    for (const p of ['ticket.sell', 'payout.pay', 'session.open', 'session.close', 'cash.move', 'report.x', 'report.z', 'sale.void', 'drawer.open'] as const) {
      expect(can('technician', p)).toBe(false);
    }
    expect(permissionsOf('technician')).toEqual(['diagnostics.run', 'devices.setup', 'outbox.view', 'outcomes.import', 'kiosk.exit']);
    for (const p of ['sale.void', 'pack.return', 'pack.settle', 'stoplist.manage', 'session.close', 'report.x', 'report.z', 'settings.change', 'operator.manage'] as const) {
      expect(can('cashier', p)).toBe(false);
      expect(can('manager', p)).toBe(true);
    }
    for (const p of permissionsOf('cashier')) expect(can('manager', p)).toBe(true);
  });

  it('refuses a session object not made by a PIN login', () => {
    const forged = { operator_id: 1, name: 'alice', role: 'manager', since: '2026-01-01T00:00:00.000Z' } as OperatorSession;
    expect(() => requirePermission(forged, 'report.x')).toThrow(/not opened with a PIN/);
  });

  it('is enforced by the services themselves, changing nothing', async () => {
    f = await makeTerminal();
    const { t, tom, bob, alice } = f;
    const before = snapshot(t);
    expect(() => openCashSession(t, tom, { float_cents: 10000 })).toThrow(PermissionError);
    expect(() => openCashSession(t, tom, { float_cents: 10000 })).toThrow(/'tom' \(technician\) may not open a cash session/);
    expect(snapshot(t)).toEqual(before);
    openCashSession(t, bob, { float_cents: 10000 });
    const opened = snapshot(t);
    expect(() => xReport(t, tom)).toThrow(/may not see the X report/);
    expect(() => zReport(t, tom)).toThrow(/may not see Z reports/);
    expect(() => moveCash(t, tom, { kind: 'out', amount_cents: 100, reason: 'x' })).toThrow(PermissionError);
    expect(() => xReport(t, bob)).toThrow(/'bob' \(cashier\) may not see the X report/);
    expect(() => closeCashSession(t, bob, { counted_cents: 10000 })).toThrow(/may not close the cash session/);
    expect(() => moveCash(t, bob, { kind: 'out', amount_cents: 100, reason: 'x' })).toThrow(PermissionError);
    expect(() => listOutbox(t, bob)).toThrow(PermissionError);
    expect(listOutbox(t, tom).pending).toBe(0);
    expect(snapshot(t)).toEqual(opened);
    expect(xReport(t, alice).cash.expected_cents).toBe(10000);
  });

  it('refuses an operator disabled after logging in', async () => {
    f = await makeTerminal();
    disableOperator(f.t, f.alice, 'bob');
    expect(() => openCashSession(f!.t, f!.bob, { float_cents: 0 })).toThrow(/'bob' has been disabled/);
    expect((await refusal(authenticate(f.t, 'bob', '4321'))).code).toBe('disabled');
  });
});

describe('login', () => {
  it('gives clear, specific errors and a wrong PIN changes nothing but the failure count', async () => {
    f = await makeTerminal();
    const before = snapshot(f.t);
    const unknown = await refusal(authenticate(f.t, 'zoe', '1234'));
    expect(unknown.code).toBe('unknown-operator');
    expect(unknown.message).toBe("no operator named 'zoe' on terminal T-001");
    const malformed = await refusal(authenticate(f.t, 'bob', '12ab'));
    expect(malformed.code).toBe('malformed-pin');
    const wrong = await refusal(authenticate(f.t, 'bob', '0000'));
    expect(wrong.code).toBe('wrong-pin');
    expect(wrong.message).toBe("wrong PIN for operator 'bob' (4 more tries before a 5-minute lock)");
    await expect(login(f.t, 'bob', '9999')).rejects.toThrow(/3 more tries/);
    expect(snapshot(f.t)).toEqual(before);
    expect(f.t.db.prepare("SELECT failed_attempts FROM operators WHERE name = 'bob'").get()).toEqual({ failed_attempts: 2 });
    await authenticate(f.t, 'BOB', '4321');
    expect(f.t.db.prepare("SELECT failed_attempts FROM operators WHERE name = 'bob'").get()).toEqual({ failed_attempts: 0 });
  });

  it(`locks after ${MAX_FAILURES} wrong PINs for ${LOCK_MINUTES} minutes, even against the right PIN`, async () => {
    f = await makeTerminal();
    for (let i = 1; i < MAX_FAILURES; i++) expect((await refusal(authenticate(f.t, 'bob', '0000'))).code).toBe('wrong-pin');
    const locking = await refusal(authenticate(f.t, 'bob', '0000'));
    expect(locking.code).toBe('locked');
    expect(locking.lockedUntil).toBe('2026-11-30T09:05:00.000Z');
    expect(locking.message).toMatch(/locked after 5 wrong PINs until 2026-11-30T09:05:00.000Z \(5 min 0 s left\)/);
    const lastEntry = f.t.db.prepare('SELECT type, operator, payload FROM journal ORDER BY seq DESC LIMIT 1').get();
    expect(lastEntry).toEqual({ type: 'operator.locked', operator: null, payload: '{"failures":5,"locked_until":"2026-11-30T09:05:00.000Z","name":"bob"}' });
    f.clock.advance(4 * 60_000 + 30_000);
    const still = await refusal(authenticate(f.t, 'bob', '4321'));
    expect(still.code).toBe('locked');
    expect(still.message).toMatch(/\(30 s left\)/);
    // Others are not affected.
    await authenticate(f.t, 'alice', '1234');
    f.clock.advance(30_000);
    const s = await authenticate(f.t, 'bob', '4321');
    expect(s.name).toBe('bob');
    // The count starts again from zero after a lock.
    expect((await refusal(authenticate(f.t, 'bob', '0000'))).message).toMatch(/4 more tries/);
  });

  it('journals login, quick switch and logout, stamped with the operator', async () => {
    f = await makeTerminal();
    const bob = await login(f.t, 'bob', '4321');
    const alice = await switchOperator(f.t, bob, 'alice', '1234');
    expect(alice.role).toBe('manager');
    await expect(switchOperator(f.t, alice, 'bob', '1111')).rejects.toThrow(/wrong PIN/);
    logout(f.t, alice);
    const rows = f.t.db.prepare("SELECT type, operator, payload FROM journal WHERE type LIKE 'operator.l%' OR type = 'operator.switch' ORDER BY seq").all();
    expect(rows).toEqual([
      { type: 'operator.login', operator: 'bob', payload: '{"role":"cashier"}' },
      { type: 'operator.switch', operator: 'alice', payload: '{"from":"bob","role":"manager"}' },
      { type: 'operator.logout', operator: 'alice', payload: '{}' },
    ]);
  });
});
