/**
 * #41: a cashier added by a manager did not appear on the login screen until a reload, and the screen
 * kept asking for the former only operator's PIN (the manager's), which the cashier then locked. While
 * nobody is logged in the session reads the operators again with the status, and whose PIN the screen
 * asks for is derived from the list as it is now.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../common/api/errors.js';
import type { GuichetApi, MethodName } from '../../../common/api/contract.js';
import { chosenOperator } from '../../../renderer/src/screens/login/chosen-operator.js';
import { fetchSession } from '../../../renderer/src/shell/session.js';
import type { StatusView } from '../../../common/api/views.js';
import { FAKE_INFO, fakeStatus } from '../support/views.js';

const INFO = FAKE_INFO;
const LOGGED_IN = fakeStatus({ name: 'Marie', role: 'manager' });

/** A host that answers the status (or not-logged-in) and the app info, recording the calls. */
function host(status: StatusView | null) {
  const calls: MethodName[] = [];
  const api: GuichetApi = {
    call: ((method: MethodName) => {
      calls.push(method);
      if (method === 'status.get') return status ? Promise.resolve(status) : Promise.reject(new ApiError('not-logged-in', 'log in first'));
      if (method === 'app.info') return Promise.resolve(INFO);
      return Promise.reject(new Error(`unexpected ${method}`));
    }) as GuichetApi['call'],
    subscribe: () => () => undefined,
  };
  return { api, calls };
}

describe('the login screen’s operators', () => {
  it('are read again with the status while nobody is logged in, and only then', async () => {
    const out = host(null);
    const read = await fetchSession(out.api);
    expect(read.status.operator).toBeNull();
    expect(read.info?.operators.map((o) => o.name)).toEqual(['Marie', 'Camille']);
    expect(out.calls).toEqual(['status.get', 'app.info']);

    const inside = host(LOGGED_IN);
    expect(await fetchSession(inside.api)).toEqual({ status: LOGGED_IN, info: null });
    expect(inside.calls).toEqual(['status.get']);
  });

  it('stop asking for the former only operator’s PIN once the list grows', () => {
    const alone = [{ name: 'Marie' }];
    expect(chosenOperator(alone, null)).toBe('Marie');
    const grown = [{ name: 'Marie' }, { name: 'Camille' }];
    expect(chosenOperator(grown, null)).toBeNull(); // the list is shown: Camille picks herself
    expect(chosenOperator(grown, 'Camille')).toBe('Camille');
    expect(chosenOperator([{ name: 'Marie' }], 'Camille')).toBe('Marie'); // a pick no longer on the list is dropped
    expect(chosenOperator([], null)).toBeNull();
  });
});
