// `guichet devices` must not crash where udev, libusb or the native binaries are missing.
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('node-hid');
  vi.doUnmock('serialport');
  vi.resetModules();
});

describe('probeDevices', () => {
  it('says what is missing when node-hid cannot load and serial ports cannot be listed', async () => {
    vi.doMock('node-hid', () => {
      throw new Error('libusb-1.0.so.0: cannot open shared object file');
    });
    vi.doMock('serialport', () => ({
      SerialPort: { list: () => Promise.reject(new Error('spawn udevadm ENOENT')) },
    }));
    const { probeDevices } = await import('../../../native/scanner/device-probe.js');
    const probe = await probeDevices();
    const problems = Object.fromEntries(probe.problems.map((p) => [p.what, p.message]));
    expect(problems['HID devices']).toMatch(/node-hid is not available: .*HID needs hidraw \(Linux\) or libusb/);
    expect(problems['serial ports']).toMatch(/udev is missing .* any port can be used by typing its path/);
    expect(probe.devices.every((d) => d.kind === 'serial')).toBe(true);
  });

  it('guesses what each device is', async () => {
    vi.doMock('node-hid', () => ({
      devicesAsync: async () => [
        { vendorId: 0x0c2e, productId: 0x0b61, path: '/dev/hidraw1', usagePage: 0x8c, usage: 0x02, interface: 1, release: 1 },
        { vendorId: 0x0c2e, productId: 0x0b61, path: '/dev/hidraw0', usagePage: 0x01, usage: 0x06, interface: 0, release: 1, product: 'Voyager 1450g' },
        { vendorId: 0x046d, productId: 0xc077, path: '/dev/hidraw2', usagePage: 0x01, usage: 0x02, interface: 0, release: 1 },
      ],
    }));
    vi.doMock('serialport', () => ({
      SerialPort: {
        list: async () => [
          { path: '/dev/ttyUSB0', vendorId: '0403', productId: '6001', manufacturer: 'FTDI' },
          { path: '/dev/ttyACM0', vendorId: '05E0', productId: '1701', manufacturer: 'Symbol Technologies' },
          { path: '/dev/ttyS0' },
        ],
      },
    }));
    const { probeDevices } = await import('../../../native/scanner/device-probe.js');
    const probe = await probeDevices();
    expect(probe.problems).toEqual([]);
    expect(probe.devices.map((d) => [d.uri, d.guess])).toEqual([
      ['serial:/dev/ttyUSB0', 'USB–serial adapter (FTDI): a scanner, printer or drawer behind it'],
      ['serial:/dev/ttyACM0', 'serial barcode scanner (Zebra (Symbol))'],
      ['serial:/dev/ttyS0', 'built-in serial port (often nothing attached)'],
      ['hid:0c2e:0b61', 'HID POS barcode scanner (usable as hid:)'],
      ['hid:0c2e:0b61', 'keyboard-wedge barcode scanner (read by the UI, or switch it to HID POS mode)'],
      ['hid:046d:c077', 'mouse'],
    ]);
  });
});
