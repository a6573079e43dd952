/**
 * Devices found plugged in, for the devices screen (#25: devices were typed as raw URIs with no
 * detection): what the host's probe finds, keyboards left out (the window reads them), each with its
 * URI and what it probably is; a cashier is refused (a technician or a manager asks); a host that cannot look says so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { likelyOf } from '../../../native/scanner/device-probe.js';
import { demoApp, type AppFixture } from './sales-fixture.js';

let fx: AppFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

describe('settings.detect-devices', () => {
  it('lists what the probe found for a manager, without keyboards; a cashier is refused', async () => {
    let asked = 0;
    fx = await demoApp({
      detect: () => {
        asked += 1;
        return Promise.resolve({
          devices: [
            { kind: 'hid', uri: 'hid:0c2e:0b61', likely: 'scanner', manufacturer: 'Honeywell', product: 'Voyager 1250g' },
            { kind: 'serial', uri: 'serial:/dev/ttyUSB0', likely: 'serial' },
            { kind: 'hid', uri: 'hid:046d:c31c', likely: 'keyboard', product: 'USB Keyboard' },
          ],
          problems: 1,
        });
      },
    });
    await fx.login('Camille');
    await fx.refused('settings.detect-devices', {}, 'forbidden');
    expect(asked).toBe(0);
    await fx.login('Marie');
    const found = await fx.call('settings.detect-devices', {});
    expect(found).toEqual({
      available: true,
      devices: [
        { kind: 'hid', uri: 'hid:0c2e:0b61', likely: 'scanner', manufacturer: 'Honeywell', product: 'Voyager 1250g' },
        { kind: 'serial', uri: 'serial:/dev/ttyUSB0', likely: 'serial' },
      ],
      problems: 1,
    });
  });

  it('says it cannot look where the host has no probe', async () => {
    fx = await demoApp();
    await fx.login('Marie');
    expect(await fx.call('settings.detect-devices', {})).toEqual({ available: false, devices: [], problems: 0 });
  });

  it("names what the probe's guesses are, for a screen in its own language", () => {
    expect(likelyOf('HID POS barcode scanner (usable as hid:)')).toBe('scanner');
    expect(likelyOf('serial barcode scanner (Honeywell (Metrologic))')).toBe('scanner');
    expect(likelyOf('serial receipt printer (Epson)')).toBe('printer');
    expect(likelyOf('USB–serial adapter (FTDI): a scanner, printer or drawer behind it')).toBe('serial');
    expect(likelyOf('USB CDC-ACM device (scanners in USB-COM mode appear so)')).toBe('serial');
    expect(likelyOf('keyboard-wedge barcode scanner (read by the UI, or switch it to HID POS mode)')).toBe('keyboard');
    expect(likelyOf('keyboard')).toBe('keyboard');
    expect(likelyOf('HID POS device (usage 0x4)')).toBe('other');
  });
});
