import { afterEach, describe, expect, it } from 'vitest';
import { authenticate } from '../../../../main/services/auth/login.js';
import { addOperator, changePin, disableOperator, listOperators, unlockOperator } from '../../../../main/services/operators/operators.js';
import { updateSettings } from '../../../../main/services/terminal/settings.js';
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
    await expect(addOperator(t, alice, { name: 'CARL', role: 'manager', pin: '123456' })).rejects.toThrow(/belonged to a disabled operator: names are never reused/);
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
    await expect(addOperator(t, bob, { name: 'eve', role: 'manager', pin: '123456' })).rejects.toThrow(/may not manage operators/);
    expect(() => listOperators(t, tom)).toThrow(/may not manage operators/);
    expect(() => disableOperator(t, alice, 'alice')).toThrow(/cannot disable themselves/);
    expect(() => disableOperator(t, alice, 'nobody')).toThrow(/no operator named 'nobody'/);
    expect(() => unlockOperator(t, alice, 'bob')).toThrow(/not locked/);
    expect(snapshot(t)).toEqual(before);
    await addOperator(t, alice, { name: 'mia', role: 'manager', pin: '123456' });
    const mia = await authenticate(t, 'mia', '123456');
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

  it('PINs: at least 6 digits for managers and technicians, the setting (4 by default) for cashiers', async () => {
    f = await makeTerminal();
    const { t, alice } = f;
    const before = snapshot(t);
    await expect(addOperator(t, alice, { name: 'eve', role: 'manager', pin: '1234' })).rejects.toThrow("a manager's PIN has 6 to 8 digits, not 4");
    await expect(addOperator(t, alice, { name: 'eve', role: 'technician', pin: '12345' })).rejects.toThrow("a technician's PIN has 6 to 8 digits, not 5");
    await expect(addOperator(t, alice, { name: 'eve', role: 'manager', pin: '123456789' })).rejects.toThrow(/6 to 8 digits, not 9/);
    await expect(addOperator(t, alice, { name: 'eve', role: 'cashier', pin: '12a4' })).rejects.toThrow(/digits only/);
    expect(snapshot(t)).toEqual(before);
    expect((await addOperator(t, alice, { name: 'eve', role: 'technician', pin: '246810' })).role).toBe('technician');
    expect((await addOperator(t, alice, { name: 'ann', role: 'cashier', pin: '2468' })).role).toBe('cashier');
    // The cashier minimum is a setting.
    expect(() => updateSettings(t, alice, { cashier_pin_min_digits: 3 })).toThrow(/fewest digits of a cashier PIN is a whole number from 4 to 8, not 3/);
    updateSettings(t, alice, { cashier_pin_min_digits: 6 });
    await expect(addOperator(t, alice, { name: 'cy', role: 'cashier', pin: '2468' })).rejects.toThrow("a cashier's PIN has 6 to 8 digits, not 4");
    expect((await addOperator(t, alice, { name: 'cy', role: 'cashier', pin: '246813' })).name).toBe('cy');
  });

  it('changes a PIN: one\'s own with the current PIN, another\'s as a manager; the rule applies', async () => {
    f = await makeTerminal();
    const { t, alice, bob, tom } = f;
    const before = snapshot(t);
    await expect(changePin(t, alice, { pin: '1357' })).rejects.toThrow("a manager's PIN has 6 to 8 digits, not 4");
    await expect(changePin(t, bob, { pin: '1357', currentPin: '0000' })).rejects.toThrow(/give your current PIN/);
    await expect(changePin(t, bob, { name: 'tom', pin: '135792' })).rejects.toThrow(/may not manage operators/);
    await expect(changePin(t, alice, { name: 'tom', pin: '13579' })).rejects.toThrow("a technician's PIN has 6 to 8 digits, not 5");
    expect(snapshot(t)).toEqual(before);
    await changePin(t, bob, { pin: '1357', currentPin: '4321' });
    await changePin(t, alice, { name: 'tom', pin: '135792' });
    await expect(authenticate(t, 'bob', '4321')).rejects.toThrow(/wrong PIN/);
    expect((await authenticate(t, 'bob', '1357')).name).toBe('bob');
    expect((await authenticate(t, 'tom', '135792')).name).toBe('tom');
    void tom;
    const rows = t.db.prepare("SELECT operator, payload FROM journal WHERE type = 'operator.pin' ORDER BY seq").all();
    expect(rows).toEqual([
      { operator: 'bob', payload: '{"by_manager":false,"name":"bob","operator_id":2}' },
      { operator: 'alice', payload: '{"by_manager":true,"name":"tom","operator_id":3}' },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/1357/);
  });
});
