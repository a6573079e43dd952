/**
 * Operators through the application: the last PIN try announced in the error details, the growing lock
 * lifted by a manager (operators.unlock), idle sessions ended on the service side, and wrong validation
 * codes raising an alert shown in the diagnostics report.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportUnits } from '../../../central/emission/export.js';
import { readPrintFile } from '../../../central/emission/print-file.js';
import { parseBarcode, validationBarcode } from '../../../games/ticket-id.js';
import { fixedClock, type FixedClock } from '../../../main/kernel/clock.js';
import { demoApp, type AppFixture } from './sales-fixture.js';

let fx: AppFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

async function refusal(f: AppFixture, method: 'auth.login', input: unknown) {
  const r = await f.app.call(method, input);
  if (r.ok) throw new Error(`${method} should be refused`);
  return r.error;
}

describe('operators through the application', () => {
  it('announces the last PIN try in the error details; a manager unlocks a locked operator', async () => {
    fx = await demoApp();
    const f = fx;
    const first = await refusal(f, 'auth.login', { name: 'Camille', pin: '0000' });
    expect(first).toMatchObject({ code: 'wrong-pin', details: { tries_left: 4, last_try: false } });
    for (let i = 0; i < 2; i++) await refusal(f, 'auth.login', { name: 'Camille', pin: '0000' });
    const last = await refusal(f, 'auth.login', { name: 'Camille', pin: '0000' });
    expect(last).toEqual({
      code: 'wrong-pin',
      message: "wrong PIN for operator 'Camille': last try before lockout (a 5-minute lock)",
      details: { tries_left: 1, last_try: true },
    });
    const locked = await refusal(f, 'auth.login', { name: 'Camille', pin: '0000' });
    expect(locked).toMatchObject({ code: 'locked', details: { until_unlocked: false } });
    expect((await refusal(f, 'auth.login', { name: 'Camille', pin: '2222' })).code).toBe('locked');

    await f.refused('operators.unlock', { name: 'Camille' }, 'not-logged-in');
    // A technician may unlock too (the way back for a terminal's last manager) and a cashier may not:
    // test/main/services/auth/auth.test.ts.
    await f.login('Marie');
    expect((await f.call('operators.list', {})).find((o) => o.name === 'Camille')).toMatchObject({ role: 'cashier', active: true, locked_until_unlock: false });
    expect(await f.call('operators.unlock', { name: 'Camille' })).toMatchObject({ name: 'Camille', locked_until: null });
    await f.refused('operators.unlock', { name: 'Camille' }, 'not-locked');
    await f.refused('operators.unlock', { name: 'Nobody' }, 'unknown-operator');
    await f.login('Camille');
    expect((await f.call('status.get', {})).operator?.name).toBe('Camille');
  });

  it('ends a session idle longer than the setting: refused as expired, status without operator, journaled', async () => {
    const clock: FixedClock = fixedClock(new Date().toISOString());
    fx = await demoApp({ clock });
    const f = fx;
    expect((await f.call('app.info', {})).idle_logout_minutes).toBe(5);
    await f.login('Marie');
    clock.advance(4 * 60_000);
    expect(await f.call('auth.activity', {})).toBeNull(); // the window saw keys: the idle time starts again
    clock.advance(4 * 60_000);
    expect((await f.call('status.get', {})).operator?.name).toBe('Marie');
    clock.advance(60_000 + 1);
    const before = f.counts();
    expect(await f.refused('cash.open', { float_cents: 100 }, 'session-expired')).toMatch(/ended after a time without activity/);
    expect(f.counts()).toEqual({ ...before, journal: (before.journal ?? 0) + 1 });
    expect(f.app.context.session).toBeNull();
    await f.refused('status.get', {}, 'not-logged-in'); // nobody at the counter: the window shows the logged-out status
    await f.refused('cash.open', { float_cents: 100 }, 'not-logged-in');
    const last = f.app.context.terminal.db.prepare('SELECT type, operator, payload FROM journal ORDER BY seq DESC LIMIT 1').get();
    expect(last).toEqual({ type: 'operator.logout', operator: 'Marie', payload: '{"reason":"idle"}' });

    // The status poll alone ends it too, so a window whose timer stopped still returns to the login.
    await f.login('Camille');
    clock.advance(5 * 60_000 + 1);
    expect((await f.call('status.get', {})).operator).toBeNull();
    expect(f.app.context.terminal.db.prepare("SELECT count(*) AS n FROM journal WHERE type = 'operator.logout' AND payload = '{\"reason\":\"idle\"}'").get()).toEqual({ n: 2 });
  });

  it('raises an alert after 5 wrong validation codes, shown in the diagnostics report', async () => {
    fx = await demoApp();
    const f = fx;
    const [unit] = [...exportUnits(readPrintFile(path.join(f.dir, 'demo-lottery', 'happy-2014-1-1.print')), 0, 1)];
    const parsed = parseBarcode(unit!.barcodes.validation);
    if (parsed.kind !== 'validation') throw new Error('not a validation barcode');
    const wrong = validationBarcode(parsed.id, '111111111111111111');
    await f.login('Camille');
    for (let i = 0; i < 5; i++) expect((await f.call('ticket.check', { barcode: wrong })).verdict).toBe('wrong-code');
    await f.login('Theo');
    const report = await f.call('diagnostics.report', {});
    expect(report.wrong_codes).toMatchObject({ threshold: 5, window_minutes: 60, by_operator: [{ operator: 'Camille', count: 5 }] });
    expect(report.wrong_codes.alerts).toHaveLength(1);
    expect(report.wrong_codes.alerts[0]).toMatchObject({ operator: 'Camille', count: 5, window_minutes: 60 });
    expect(JSON.stringify(report)).not.toContain('111111111111111111');
  });

  it('the security settings go through settings.update; the window learns the idle time from app.info', async () => {
    fx = await demoApp();
    const f = fx;
    await f.login('Marie');
    expect(await f.call('settings.get', {})).toMatchObject({ cashier_pin_min_digits: 4, idle_logout_minutes: 5, wrong_code_alert_threshold: 5, wrong_code_window_minutes: 60 });
    await f.refused('settings.update', { idle_logout_minutes: 0 }, 'invalid-input');
    expect(await f.call('settings.update', { idle_logout_minutes: 10, cashier_pin_min_digits: 6 })).toMatchObject({ idle_logout_minutes: 10, cashier_pin_min_digits: 6 });
    expect((await f.call('app.info', {})).idle_logout_minutes).toBe(10);
  });
});

