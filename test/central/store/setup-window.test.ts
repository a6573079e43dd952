/**
 * The data folder's admin token acts as `setup` only until two administrators exist (#39, finding 4):
 * one administrator disabling the other, which one operator may do alone, must not open it again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Central } from '../../../central/store/context.js';
import { disableOperator, setupWindowOpen } from '../../../central/store/operators.js';
import { ENGINES, testCentral } from '../support/engines.js';
import { createOperator } from '../support/operators.js';

describe.each(ENGINES)('the setup window on %s', (engine) => {
  let c: Central;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ central: c, close } = await testCentral(engine, 'setup-window'));
  });
  afterAll(() => close());

  it('is open until the second administrator, and stays shut when one administrator disables the other', async () => {
    expect(await setupWindowOpen(c.db)).toBe(true);
    await createOperator(c, { name: 'adm-a', roles: ['administrator'] });
    expect(await setupWindowOpen(c.db)).toBe(true);
    await createOperator(c, { name: 'adm-b', roles: ['administrator'] });
    expect(await setupWindowOpen(c.db)).toBe(false);
    await disableOperator(c, 'adm-a', 'adm-b', 'gone on leave');
    expect(await setupWindowOpen(c.db)).toBe(false);
  });
});
