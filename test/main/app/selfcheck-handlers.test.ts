/**
 * The dispatcher in self-check mode: every counter method is refused whatever the input, nothing
 * changes; the self-check API answers with what a player may see (never a barcode). In counter mode
 * the self-check methods are refused and `selfcheck.status` says so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { inventoryBarcode } from '../../../games/ticket-id.js';
import { METHODS, type MethodName } from '../../../common/api/contract.js';
import { createApp, type App } from '../../../main/app/app.js';
import { SELF_CHECK_METHODS } from '../../../main/app/self-check-mode.js';
import { DEFAULT_SELF_CHECK } from '../../../main/services/selfcheck/self-check.js';
import { counterTerminal, counterSnapshot, type CounterFixture } from '../services/packs/counter-fixture.js';

let fx: CounterFixture | undefined;
let app: App | undefined;
afterEach(() => {
  app?.context.selfCheck?.close();
  fx?.cleanup();
  fx = undefined;
  app = undefined;
});

async function setup(selfCheck: boolean) {
  fx = await counterTerminal();
  app = createApp({
    terminal: fx.t,
    devices: { printer: null, feedScan: () => true },
    host: 'browser',
    version: 'test',
    log: () => undefined,
    ...(selfCheck ? { selfCheck: { ...DEFAULT_SELF_CHECK, checks_per_window: 50 } } : {}),
  });
  const digital = (u: number) => {
    const unit = fx?.files.digital.units[u];
    if (!unit) throw new Error(`no digital unit ${u}`);
    return unit;
  };
  return { fx, app, digital };
}

describe('self-check mode in the dispatcher', () => {
  it('refuses every counter method, with or without valid input, and changes nothing', async () => {
    const { fx, app, digital } = await setup(true);
    const winner = digital(2).barcode;
    const before = counterSnapshot(fx);
    const counterMethods = (Object.keys(METHODS) as MethodName[]).filter((m) => !SELF_CHECK_METHODS.has(m));
    expect(counterMethods).toEqual(expect.arrayContaining(['auth.login', 'ticket.check', 'ticket.pay', 'ticket.claim', 'app.info', 'status.get', 'scanner.feed', 'settings.language']));
    const inputs: Partial<Record<MethodName, unknown>> = {
      'auth.login': { name: 'alice', pin: '1234' },
      'ticket.check': { barcode: winner },
      'ticket.pay': { barcode: winner },
      'scanner.feed': { data: winner },
      'settings.language': { language: 'en' },
    };
    for (const method of counterMethods) {
      const r = await app.call(method, inputs[method] ?? {});
      expect(r, method).toMatchObject({ ok: false, error: { code: 'self-check-mode' } });
    }
    expect(app.context.session).toBeNull();
    expect(app.context.language).toBe('fr');
    expect(counterSnapshot(fx)).toEqual(before);
  });

  it('answers the self-check API: a winner in figures and words with its picture, a loser, scratch-first, never a barcode', async () => {
    const { app, digital } = await setup(true);
    const status = await app.call('selfcheck.status', {});
    expect(status).toEqual({ ok: true, value: { self_check: true, language: 'fr', reset_seconds: 8, checks_per_window: 50, window_seconds: 60 } });

    const winner = digital(2);
    const w = await app.call('selfcheck.check', { barcode: winner.barcode, scanner: 'wedge' });
    expect(w).toMatchObject({ ok: true, value: { status: 'checked', verdict: { kind: 'winner', game: 'happy-2014', prize_cents: 10_000, prize_words: { fr: 'CENT EUROS', en: 'one hundred euros' } } } });
    const view = JSON.stringify(w);
    expect(view).toContain('<svg');
    // The view has no barcode field, and the picture (a public screen) covers the validation spot.
    expect(Object.keys((w as { value: { verdict: object } }).value.verdict)).not.toContain('barcode');
    expect(view).toContain('CODE DE VALIDATION MASQUÉ');
    expect(view).not.toContain('CODE DE VALIDATION RÉVÉLÉ');

    const loser = await app.call('selfcheck.check', { barcode: digital(10).barcode });
    expect(loser).toMatchObject({ ok: true, value: { status: 'checked', verdict: { kind: 'loser', prize_cents: null, prize_words: null } } });

    const inv = await app.call('selfcheck.check', { barcode: inventoryBarcode(winner.id) });
    expect(inv).toMatchObject({ ok: true, value: { status: 'checked', verdict: { kind: 'scratch-first', prize_cents: null, picture_svg: null, winning: null } } });
    expect(JSON.stringify(inv)).not.toContain(String(winner.prize_cents));

    expect(await app.call('selfcheck.language', { language: 'en' })).toEqual({ ok: true, value: null });
    expect(app.context.language).toBe('en');
  });

  it('tells the player to wait past the limit', async () => {
    fx = await counterTerminal();
    app = createApp({ terminal: fx.t, devices: { printer: null }, host: 'browser', version: 'test', selfCheck: { ...DEFAULT_SELF_CHECK, checks_per_window: 1 } });
    const barcode = fx.files.digital.units[10]?.barcode as string;
    expect((await app.call('selfcheck.check', { barcode })).ok).toBe(true);
    expect(await app.call('selfcheck.check', { barcode })).toEqual({ ok: true, value: { status: 'wait', retry_after_seconds: 60 } });
  });

  it('keys the limits by a scanner the terminal knows: a page naming a new scanner for each check shares one limit', async () => {
    fx = await counterTerminal();
    app = createApp({ terminal: fx.t, devices: { printer: null }, host: 'browser', version: 'test', selfCheck: { ...DEFAULT_SELF_CHECK, checks_per_window: 1 } });
    const barcode = fx.files.digital.units[10]?.barcode as string;
    expect((await app.call('selfcheck.check', { barcode, scanner: 'made-up-1' })).ok).toBe(true);
    expect(await app.call('selfcheck.check', { barcode, scanner: 'made-up-2' })).toEqual({ ok: true, value: { status: 'wait', retry_after_seconds: 60 } });
    // The keyboard wedge keeps a limit of its own.
    expect(await app.call('selfcheck.check', { barcode, scanner: 'wedge' })).toMatchObject({ ok: true, value: { status: 'checked' } });
  });

  it('in counter mode, refuses the self-check methods and says it is not a self-check kiosk', async () => {
    const { app, digital } = await setup(false);
    expect(await app.call('selfcheck.status', {})).toMatchObject({ ok: true, value: { self_check: false } });
    expect(await app.call('selfcheck.check', { barcode: digital(2).barcode })).toMatchObject({ ok: false, error: { code: 'not-self-check' } });
    expect(await app.call('selfcheck.language', { language: 'en' })).toMatchObject({ ok: false, error: { code: 'not-self-check' } });
    expect((await app.call('app.info', {})).ok).toBe(true);
  });
});
