import { afterEach, describe, expect, it } from 'vitest';
import { authenticate } from '../../../../main/services/auth/login.js';
import { addOperator, disableOperator, listOperators, unlockOperator } from '../../../../main/services/operators/operators.js';
import { makeTerminal, snapshot, type Fixture } from '../terminal/fixture.js';

let f: Fixture | undefined;
afterEach(() => f?.cleanup());

describe('operators', () => {
  it('a manager adds, lists and disables operators; names are never reused', async () => {
    f = await makeTerminal();
    const { t, alice } = f;
    const carl = await addOperator(t, alice, { name: ' Carl ', role: 'cashier', pin: '24681357' });
    expect(carl).toMatchObject({ name: 'Carl', role: 'cashier', active: true });
    expect(listOperators(t, alice).map((o) => [o.id, o.name, o.role, o.active])).toEqual([
      [1, 'alice', 'manager', true],
      [2, 'bob', 'cashier', true],
      [3, 'tom', 'technician', true],
      [4, 'Carl', 'cashier', true],
    ]);
    expect(JSON.stringify(listOperators(t, alice))).not.toMatch(/scrypt/);
    disableOperator(t, alice, 'carl');
    await expect(addOperator(t, alice, { name: 'CARL', role: 'manager', pin: '1234' })).rejects.toThrow(/belonged to a disabled operator: names are never reused/);
    await expect(authenticate(t, 'carl', '24681357')).rejects.toThrow(/'Carl' is disabled/);
    const dave = await addOperator(t, alice, { name: 'dave', role: 'cashier', pin: '1234' });
    expect(dave.id).toBe(5);
  });

  it('refuses bad input, non-managers and self-disable, changing nothing', async () => {
    f = await makeTerminal();
    const { t, alice, bob, tom } = f;
    const before = snapshot(t);
    await expect(addOperator(t, alice, { name: 'bob', role: 'cashier', pin: '1234' })).rejects.toThrow(/an operator named 'bob' already exists/);
    await expect(addOperator(t, alice, { name: '', role: 'cashier', pin: '1234' })).rejects.toThrow(/not an operator name/);
    await expect(addOperator(t, alice, { name: 'eve', role: 'boss', pin: '1234' })).rejects.toThrow(/unknown role 'boss'/);
    await expect(addOperator(t, alice, { name: 'eve', role: 'cashier', pin: '12' })).rejects.toThrow(/4 to 8 digits/);
    await expect(addOperator(t, bob, { name: 'eve', role: 'manager', pin: '1234' })).rejects.toThrow(/may not manage operators/);
    expect(() => listOperators(t, tom)).toThrow(/may not manage operators/);
    expect(() => disableOperator(t, alice, 'alice')).toThrow(/cannot disable themselves/);
    expect(() => disableOperator(t, alice, 'nobody')).toThrow(/no operator named 'nobody'/);
    expect(() => unlockOperator(t, alice, 'bob')).toThrow(/not locked/);
    expect(snapshot(t)).toEqual(before);
    await addOperator(t, alice, { name: 'mia', role: 'manager', pin: '1234' });
    const mia = await authenticate(t, 'mia', '1234');
    disableOperator(t, mia, 'alice');
    expect(() => disableOperator(t, mia, 'mia')).toThrow(/themselves/);
  });

  it('unlocks a locked operator (journaled)', async () => {
    f = await makeTerminal();
    for (let i = 0; i < 5; i++) await authenticate(f.t, 'bob', '0000').catch(() => undefined);
    await expect(authenticate(f.t, 'bob', '4321')).rejects.toThrow(/locked/);
    unlockOperator(f.t, f.alice, 'bob');
    expect((await authenticate(f.t, 'bob', '4321')).name).toBe('bob');
    expect(f.t.db.prepare("SELECT operator FROM journal WHERE type = 'operator.unlock'").get()).toEqual({ operator: 'alice' });
  });
});
