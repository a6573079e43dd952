import { afterEach, describe, expect, it } from 'vitest';
import { AuthError, PermissionError } from '../../../../main/services/auth/errors.js';
import { authenticate, login, logout, LOCK_MINUTES, MAX_FAILURES, switchOperator } from '../../../../main/services/auth/login.js';
import { can, permissionsOf, requirePermission } from '../../../../main/services/auth/roles.js';
import type { OperatorSession } from '../../../../main/services/auth/session.js';
import { closeCashSession, moveCash, openCashSession, xReport, zReport } from '../../../../main/services/cash/sessions.js';
import { listOutbox } from '../../../../main/services/outbox/outbox.js';
import { addOperator, disableOperator, listOperators, unlockOperator } from '../../../../main/services/operators/operators.js';
import { updateSettings } from '../../../../main/services/terminal/settings.js';
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
    expect(permissionsOf('technician')).toEqual(['operator.unlock', 'diagnostics.run', 'devices.setup', 'outbox.view', 'outcomes.import', 'kiosk.exit']);
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
    expect(lastEntry).toEqual({ type: 'operator.locked', operator: null, payload: '{"failures":5,"lock":1,"locked_until":"2026-11-30T09:05:00.000Z","name":"bob","operator_id":2}' });
    f.clock.advance(4 * 60_000 + 30_000);
    const still = await refusal(authenticate(f.t, 'bob', '4321'));
    expect(still.code).toBe('locked');
    expect(still.message).toMatch(/\(30 s left\)/);
    // Others are not affected.
    await authenticate(f.t, 'alice', '123456');
    f.clock.advance(30_000);
    const s = await authenticate(f.t, 'bob', '4321');
    expect(s.name).toBe('bob');
    // The count starts again from zero after a lock.
    expect((await refusal(authenticate(f.t, 'bob', '0000'))).message).toMatch(/4 more tries/);
  });

  it('journals login, quick switch and logout, stamped with the operator', async () => {
    f = await makeTerminal();
    const bob = await login(f.t, 'bob', '4321');
    const alice = await switchOperator(f.t, bob, 'alice', '123456');
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

describe('growing lockout', () => {
  async function lockOut(fx: Fixture, name: string): Promise<AuthError> {
    for (let i = 1; i < MAX_FAILURES; i++) await refusal(authenticate(fx.t, name, '0000'));
    return refusal(authenticate(fx.t, name, '0000'));
  }

  it('announces the last try before lockout, in the message and the details', async () => {
    f = await makeTerminal();
    for (let i = 1; i < MAX_FAILURES - 1; i++) expect((await refusal(authenticate(f.t, 'bob', '0000'))).details).toEqual({ tries_left: MAX_FAILURES - i, last_try: false });
    const last = await refusal(authenticate(f.t, 'bob', '0000'));
    expect(last.code).toBe('wrong-pin');
    expect(last.message).toBe("wrong PIN for operator 'bob': last try before lockout (a 5-minute lock)");
    expect(last.details).toEqual({ tries_left: 1, last_try: true });
    expect((await refusal(authenticate(f.t, 'bob', '0000'))).code).toBe('locked');
  });

  it('locks for 5 minutes, then 15, then an hour, then until a manager or a technician unlocks; time and a good PIN never reset the count', async () => {
    f = await makeTerminal();
    const first = await lockOut(f, 'bob');
    expect(first.lockedUntil).toBe('2026-11-30T09:05:00.000Z');
    f.clock.advance(5 * 60_000 + 1000);
    expect((await authenticate(f.t, 'bob', '4321')).name).toBe('bob'); // a good PIN does not reset the count of locks
    expect((await refusal(authenticate(f.t, 'bob', '0000'))).message).toMatch(/4 more tries before a 15-minute lock/);
    for (let i = 2; i < MAX_FAILURES; i++) await refusal(authenticate(f.t, 'bob', '0000'));
    expect((await refusal(authenticate(f.t, 'bob', '0000'))).code).toBe('locked');
    const row = () => f!.t.db.prepare("SELECT locked_until FROM operators WHERE name = 'bob'").get() as { locked_until: string };
    expect(Date.parse(row().locked_until) - f.clock().getTime()).toBe(15 * 60_000);
    f.clock.advance(24 * 3600_000); // a day later: still counted
    const third = await lockOut(f, 'bob');
    expect(Date.parse(third.lockedUntil as string) - f.clock().getTime()).toBe(60 * 60_000);
    expect(third.message).toMatch(/\(60 min 0 s left\)/);
    f.clock.advance(3600_000 + 1000);
    const fourth = await lockOut(f, 'bob');
    expect(fourth.code).toBe('locked');
    expect(fourth.details).toEqual({ locked_until: '9999-12-31T23:59:59.999Z', until_unlocked: true });
    expect(fourth.message).toMatch(/locked after too many wrong PINs until a manager or a technician unlocks it/);
    f.clock.advance(30 * 24 * 3600_000);
    expect((await refusal(authenticate(f.t, 'bob', '4321'))).code).toBe('locked');
    const alice = await authenticate(f.t, 'alice', '123456');
    expect(listOperators(f.t, alice).find((o) => o.name === 'bob')).toMatchObject({ locked_until: null, locked_until_unlock: true });
    const locks = f.t.db.prepare("SELECT json_extract(payload, '$.lock') AS n FROM journal WHERE type = 'operator.locked' ORDER BY seq").all();
    expect(locks).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);

    // Only a manager's unlock lifts it and resets the count: the next lock is a short one again.
    unlockOperator(f.t, alice, 'bob');
    expect((await authenticate(f.t, 'bob', '4321')).name).toBe('bob');
    expect((await lockOut(f, 'bob')).lockedUntil).toBe(new Date(f.clock().getTime() + 5 * 60_000).toISOString());
    const unlock = f.t.db.prepare("SELECT operator, payload FROM journal WHERE type = 'operator.unlock'").get();
    expect(unlock).toEqual({ operator: 'alice', payload: '{"failed_attempts":0,"locks":4,"name":"bob","operator_id":2}' });
  });

  it('never locks the last manager for good: the 4th lock and later last an hour, and a technician unlocks them', async () => {
    f = await makeTerminal();
    const { tom, bob } = f;
    for (let lock = 1; lock <= 3; lock++) {
      await lockOut(f, 'alice');
      f.later(3600_000 + 1000);
    }
    expect((await refusal(authenticate(f.t, 'alice', '000000'))).message).toMatch(/4 more tries before a 1-hour lock/);
    for (let i = 2; i < MAX_FAILURES; i++) await refusal(authenticate(f.t, 'alice', '000000'));
    const fourth = await refusal(authenticate(f.t, 'alice', '000000'));
    expect(fourth.details).toEqual({ locked_until: new Date(f.clock().getTime() + 3600_000).toISOString(), until_unlocked: false });
    f.later(3600_000 + 1000);
    expect((await authenticate(f.t, 'alice', '123456')).name).toBe('alice'); // the lock ended by itself
    expect(listOperators(f.t, f.alice).find((o) => o.name === 'alice')).toMatchObject({ locked_until_unlock: false });

    // The fifth lock is an hour too; a cashier cannot lift it, a technician can (journaled with their name).
    await lockOut(f, 'alice');
    const before = snapshot(f.t);
    expect(() => unlockOperator(f!.t, bob, 'alice')).toThrow(PermissionError);
    expect(snapshot(f.t)).toEqual(before);
    expect(unlockOperator(f.t, tom, 'alice')).toMatchObject({ name: 'alice', locked_until: null, locked_until_unlock: false });
    expect((await authenticate(f.t, 'alice', '123456')).name).toBe('alice');
    const unlock = f.t.db.prepare("SELECT operator, json_extract(payload, '$.locks') AS locks FROM journal WHERE type = 'operator.unlock'").get();
    expect(unlock).toEqual({ operator: 'tom', locks: 5 });
    expect((await lockOut(f, 'alice')).message).toMatch(/\(5 min 0 s left\)/); // the count starts again
  });

  it('a manager whose only fellow manager is locked for good is the last manager too', async () => {
    f = await makeTerminal();
    await addOperator(f.t, f.alice, { name: 'carol', role: 'manager', pin: '654321' });
    for (let lock = 1; lock <= 4; lock++) {
      await lockOut(f, 'carol');
      f.later(3600_000 + 1000);
    }
    expect(listOperators(f.t, f.alice).find((o) => o.name === 'carol')).toMatchObject({ locked_until_unlock: true });
    for (let lock = 1; lock <= 3; lock++) {
      await lockOut(f, 'alice');
      f.later(3600_000 + 1000);
    }
    expect((await lockOut(f, 'alice')).details).toMatchObject({ until_unlocked: false });
  });

  it('a manager can reset the count of locks of an operator no longer locked', async () => {
    f = await makeTerminal();
    await lockOut(f, 'bob');
    f.clock.advance(6 * 60_000);
    const alice = await authenticate(f.t, 'alice', '123456');
    unlockOperator(f.t, alice, 'bob');
    expect(() => unlockOperator(f!.t, alice, 'bob')).toThrow(/'bob' is not locked/);
    expect((await lockOut(f, 'bob')).message).toMatch(/\(5 min 0 s left\)/);
  });
});

describe('idle logout', () => {
  it('refuses a session idle longer than the setting (5 minutes by default); each action counts as activity', async () => {
    f = await makeTerminal();
    const { t, alice } = f;
    f.clock.advance(4 * 60_000);
    openCashSession(t, alice, { float_cents: 0 });
    f.clock.advance(5 * 60_000); // 5 minutes after the last action: not more than the limit
    expect(xReport(t, alice).cash.expected_cents).toBe(0);
    f.clock.advance(5 * 60_000 + 1);
    const before = snapshot(t);
    let err: unknown;
    try {
      closeCashSession(t, alice, { counted_cents: 0 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AuthError);
    expect((err as AuthError).code).toBe('session-expired');
    expect((err as AuthError).message).toBe("the session of operator 'alice' ended after 5 minutes without activity: log in again");
    expect(snapshot(t)).toEqual(before);
    // A new login works at once.
    const again = await authenticate(t, 'alice', '123456');
    expect(closeCashSession(t, again, { counted_cents: 0 })).toBeTruthy();
  });

  it('follows the setting', async () => {
    f = await makeTerminal();
    const alice = await authenticate(f.t, 'alice', '123456');
    updateSettings(f.t, alice, { idle_logout_minutes: 1 });
    f.clock.advance(61_000);
    expect(() => xReport(f!.t, alice)).toThrow(/ended after 1 minute without activity/);
    expect(() => updateSettings(f!.t, alice, { idle_logout_minutes: 0 })).toThrow(/session-expired|ended after|idle logout/);
  });
});

