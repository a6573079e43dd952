import { afterEach, describe, expect, it } from 'vitest';
import { getSettings } from '../../../main/kernel/settings.js';
import { demoApp, type AppFixture } from './sales-fixture.js';

let f: AppFixture | undefined;
afterEach(() => f?.cleanup());

const lastJournal = (fx: AppFixture) =>
  fx.app.context.terminal.db.prepare('SELECT type, operator, payload FROM journal ORDER BY seq DESC LIMIT 1').get() as { type: string; operator: string; payload: string };

describe('settings through the application', () => {
  it('a manager changes the payout limit and the language, journaled; the app switches language', async () => {
    f = await demoApp();
    await f.login('Marie');
    const before = await f.call('settings.get', {});
    expect(before).toMatchObject({ payout_limit_cents: 30000, language: 'fr', printer_uri: null, scanner_uris: [], active_printer_uri: 'virtual:test', restart_needed: false });
    const after = await f.call('settings.update', { payout_limit_cents: 45050, language: 'en' });
    expect(after).toMatchObject({ payout_limit_cents: 45050, language: 'en' });
    expect(getSettings(f.app.context.terminal)).toMatchObject({ payout_limit_cents: 45050, language: 'en' });
    expect(f.app.context.language).toBe('en');
    expect((await f.call('app.info', {})).payout_limit_cents).toBe(45050);
    const j = lastJournal(f);
    expect(j.type).toBe('settings.change');
    expect(j.operator).toBe('Marie');
    expect(JSON.parse(j.payload)).toEqual({ before: { payout_limit_cents: 30000 }, after: { payout_limit_cents: 45050, language: 'en' } });
  });

  it('stores device URIs in canonical form and says a restart applies them', async () => {
    f = await demoApp();
    await f.login('Marie');
    const v = await f.call('settings.update', { printer_uri: 'TCP://192.168.1.50', scanner_uris: ['serial:/dev/ttyACM0?baud=9600', 'hid:0C2E:0B61'] });
    expect(v).toMatchObject({ printer_uri: 'tcp://192.168.1.50:9100', scanner_uris: ['serial:/dev/ttyACM0', 'hid:0c2e:0b61'], restart_needed: true });
    expect(await f.call('settings.check-uri', { kind: 'scanner', uri: 'tcp://1.2.3.4' })).toEqual({ ok: false, problem: expect.stringMatching(/scheme 'tcp' is not supported here/) });
    expect(await f.call('settings.check-uri', { kind: 'printer', uri: 'file:/dev/usb/lp0' })).toEqual({ ok: true, canonical: 'file:/dev/usb/lp0' });
  });

  it('refuses bad input with the reason and changes nothing', async () => {
    f = await demoApp();
    await f.login('Marie');
    const counts = f.counts();
    const stored = getSettings(f.app.context.terminal);
    expect(await f.refused('settings.update', { printer_uri: 'tcp://printer:99999' }, 'bad-input')).toMatch(/port must be 1–65535/);
    expect(await f.refused('settings.update', { payout_limit_cents: 1000, scanner_uris: ['hid:zz'] }, 'bad-input')).toMatch(/scanner URI: expected hid:VVVV:PPPP/);
    expect(await f.refused('settings.update', { scanner_uris: ['virtual:a', 'virtual:a'] }, 'bad-input')).toMatch(/listed twice/);
    expect(await f.refused('settings.update', { payout_limit_cents: 12.5 }, 'invalid-input')).toMatch(/payout_limit_cents/);
    expect(await f.refused('settings.update', { language: 'de' }, 'invalid-input')).toMatch(/language/);
    expect(f.counts()).toEqual(counts);
    expect(getSettings(f.app.context.terminal)).toEqual(stored);
  });

  // #41: the devices lived in Réglages, which only a manager opens, while the card addressed the technician.
  it('a technician sets up the devices and prints a test page, journaled, and changes nothing else', async () => {
    f = await demoApp();
    await f.login('Theo');
    expect(await f.call('devices.get', {})).toEqual({ printer_uri: null, scanner_uris: [], active_printer_uri: 'virtual:test', restart_needed: false });
    expect(await f.call('settings.check-uri', { kind: 'printer', uri: 'TCP://192.168.1.50' })).toEqual({ ok: true, canonical: 'tcp://192.168.1.50:9100' });
    expect(await f.call('settings.detect-devices', {})).toEqual({ available: false, devices: [], problems: 0 });
    await f.call('settings.update', { printer_uri: 'TCP://192.168.1.50', scanner_uris: ['hid:0C2E:0B61'] });
    expect(await f.call('devices.get', {})).toMatchObject({ printer_uri: 'tcp://192.168.1.50:9100', scanner_uris: ['hid:0c2e:0b61'], restart_needed: true });
    const j = lastJournal(f);
    expect(j).toMatchObject({ type: 'settings.change', operator: 'Theo' });
    expect((await f.call('diagnostics.test-page', {})).printed).toBe(true);

    // Not the manager's settings: the limit, the language, the PIN policy, nor a patch mixing them with a device.
    const counts = f.counts();
    await f.refused('settings.get', {}, 'forbidden');
    await f.refused('settings.update', { payout_limit_cents: 1 }, 'forbidden');
    await f.refused('settings.update', { language: 'en' }, 'forbidden');
    await f.refused('settings.update', { cashier_pin_min_digits: 8 }, 'forbidden');
    await f.refused('settings.update', { printer_uri: 'virtual:x', payout_limit_cents: 1 }, 'forbidden');
    await f.refused('settings.update', {}, 'forbidden');
    expect(f.counts()).toEqual(counts);
    expect(getSettings(f.app.context.terminal)).toEqual({ payout_limit_cents: 30000, printer_uri: 'tcp://192.168.1.50:9100', scanner_uris: ['hid:0c2e:0b61'] });
  });

  it('a cashier is refused the settings and the devices with forbidden', async () => {
    f = await demoApp();
    await f.login('Camille');
    await f.refused('settings.update', { language: 'en' }, 'forbidden');
    await f.refused('settings.update', { printer_uri: 'virtual:x' }, 'forbidden');
    await f.refused('devices.get', {}, 'forbidden');
    await f.refused('settings.check-uri', { kind: 'printer', uri: 'virtual:' }, 'forbidden');
    await f.refused('settings.detect-devices', {}, 'forbidden');
    expect(getSettings(f.app.context.terminal)).toEqual({ payout_limit_cents: 30000 });
  });
});
