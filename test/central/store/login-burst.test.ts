/**
 * Issue 39 #8 on the production engine: a concurrent burst of wrong logins for one operator, each on
 * its own connection, records exactly the limit, and no more attempts reach the password check (each is
 * counted before it, in one statement whose WHERE is re-read under the row's lock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Central } from '../../../central/store/context.js';
import { LOCK_AFTER, login } from '../../../central/store/operators.js';
import { ENGINES, testCentral } from '../support/engines.js';
import { createOperator } from '../support/operators.js';

describe.each(ENGINES)('a burst of wrong logins on %s', (engine) => {
  let c: Central;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const made = await testCentral(engine, 'login-burst');
    c = made.central;
    close = made.close;
  }, 120_000);
  afterAll(() => close?.());

  it('lets exactly the limit through to the check, and locks the rest out', async () => {
    const o = await createOperator(c, { name: 'burst', roles: ['auditor'] });
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login(c, { operator: o.name, password: 'wrong-password-x', totp: o.totp(), address: `10.5.0.${i}` }).then(() => 'in', (e: { reason?: string }) => e.reason)),
    );
    expect(answers.filter((r) => r === 'bad_login')).toHaveLength(LOCK_AFTER);
    expect(answers.filter((r) => r === 'locked')).toHaveLength(16 - LOCK_AFTER);
    const [row] = await c.db.query<{ failed_attempts: number }>(`SELECT failed_attempts FROM operators WHERE name = 'burst'`);
    expect(row!.failed_attempts).toBe(LOCK_AFTER);
  });
});
