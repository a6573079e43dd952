/**
 * Nobody logged in, the application answers the login screen's methods only: every other method of
 * the API is refused `not-logged-in` before its handler runs (on both hosts, which share `app.call`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { METHODS, type MethodName } from '../../../common/api/contract.js';
import { SESSIONLESS_METHODS } from '../../../main/app/require-session.js';
import { demoApp, type AppFixture } from './sales-fixture.js';

describe('methods without a logged-in operator', () => {
  let fx: AppFixture | undefined;
  afterEach(() => fx?.cleanup());

  it('are the login, the logout, the operator list and the language', () => {
    expect([...SESSIONLESS_METHODS].sort()).toEqual(['app.info', 'auth.login', 'auth.logout', 'selfcheck.check', 'selfcheck.language', 'selfcheck.status']);
  });

  it('every other one is refused not-logged-in, nothing changed, until someone logs in', async () => {
    const f = await demoApp();
    fx = f;
    const before = f.counts();
    const gated = (Object.keys(METHODS) as MethodName[]).filter((m) => !SESSIONLESS_METHODS.has(m));
    expect(gated).toEqual(expect.arrayContaining(['status.get', 'scanner.feed', 'ticket.pay', 'diagnostics.bundle']));
    for (const method of gated) await f.refused(method, {}, 'not-logged-in');
    expect(f.counts()).toEqual(before);
    expect(f.events).toEqual([]);
    expect((await f.app.call('app.info', {})).ok).toBe(true);
    await f.refused('settings.language', { language: 'en' }, 'not-logged-in'); // the operator's own language: someone must be logged in
    await f.login('Camille');
    expect(await f.call('status.get', {})).toMatchObject({ operator: { name: 'Camille' } });
    await f.call('auth.logout', {});
    await f.refused('status.get', {}, 'not-logged-in');
  });
});
