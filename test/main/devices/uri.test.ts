import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DeviceUriError,
  formatDeviceUri,
  parseDeviceUri,
  parseDeviceUriOf,
  serialSuffixBytes,
  type DeviceUri,
} from '../../../main/devices/uri.js';

describe('parseDeviceUri', () => {
  it('reads a serial URI with its parameters and fills the defaults', () => {
    expect(parseDeviceUri('serial:/dev/ttyUSB0?baud=9600&suffix=cr')).toEqual({
      scheme: 'serial',
      path: '/dev/ttyUSB0',
      baudRate: 9600,
      dataBits: 8,
      parity: 'none',
      stopBits: 1,
      framing: 'suffix',
      suffix: 'cr',
      flowControl: 'none',
    });
    expect(parseDeviceUri('serial:COM3?baud=19200&databits=7&parity=even&stopbits=2&suffix=crlf&flow=rtscts')).toMatchObject({
      path: 'COM3',
      baudRate: 19200,
      dataBits: 7,
      parity: 'even',
      stopBits: 2,
      suffix: 'crlf',
      flowControl: 'rtscts',
    });
  });

  it('takes STX/ETX framing without a suffix unless one is given', () => {
    expect(parseDeviceUri('serial:/dev/ttyS1?framing=stx-etx')).toMatchObject({ framing: 'stx-etx', suffix: 'none' });
    expect(parseDeviceUri('serial:/dev/ttyS1?framing=stx-etx&suffix=cr')).toMatchObject({ framing: 'stx-etx', suffix: 'cr' });
  });

  it('accepts serial:///path and percent-escaped paths', () => {
    expect(parseDeviceUri('serial:///dev/pts/3')).toMatchObject({ path: '/dev/pts/3' });
    expect(parseDeviceUri('serial:/tmp/my%20port%3F')).toMatchObject({ path: '/tmp/my port?' });
  });

  it('reads hid, tcp, file and virtual URIs', () => {
    expect(parseDeviceUri('hid:0c2e:0b61')).toEqual({ scheme: 'hid', vendorId: 0x0c2e, productId: 0x0b61 });
    expect(parseDeviceUri('HID:0C2E:0B61?serial=XY12')).toEqual({ scheme: 'hid', vendorId: 0x0c2e, productId: 0x0b61, serialNumber: 'XY12' });
    expect(parseDeviceUri('tcp://127.0.0.1:9100')).toEqual({ scheme: 'tcp', host: '127.0.0.1', port: 9100 });
    expect(parseDeviceUri('tcp://printer.local')).toEqual({ scheme: 'tcp', host: 'printer.local', port: 9100 });
    expect(parseDeviceUri('tcp://[::1]:9101')).toEqual({ scheme: 'tcp', host: '::1', port: 9101 });
    expect(parseDeviceUri('file:/dev/usb/lp0')).toEqual({ scheme: 'file', path: '/dev/usb/lp0' });
    expect(parseDeviceUri('file:///dev/usb/lp0')).toEqual({ scheme: 'file', path: '/dev/usb/lp0' });
    expect(parseDeviceUri('virtual:')).toEqual({ scheme: 'virtual', name: 'default' });
    expect(parseDeviceUri('virtual:counter-2')).toEqual({ scheme: 'virtual', name: 'counter-2' });
  });

  it.each([
    ['', /no scheme/],
    ['/dev/ttyUSB0', /no scheme/],
    ['usb:1234', /unknown scheme 'usb'/],
    ['serial:', /port path is missing/],
    ['serial:/dev/ttyUSB0?baud=9601', /baud must be one of/],
    ['serial:/dev/ttyUSB0?baud=fast', /baud must be/],
    ['serial:/dev/ttyUSB0?bauds=9600', /unknown parameter 'bauds' \(known: baud, /],
    ['serial:/dev/ttyUSB0?baud=9600&baud=4800', /given twice/],
    ['serial:/dev/ttyUSB0?databits=9', /databits must be 5, 6, 7 or 8/],
    ['serial:/dev/ttyUSB0?parity=sometimes', /parity must be/],
    ['serial:/dev/ttyUSB0?stopbits=3', /stopbits must be 1, 1.5 or 2/],
    ['serial:/dev/ttyUSB0?suffix=semicolon', /suffix must be cr, crlf, lf, tab or none/],
    ['serial:/dev/ttyUSB0?framing=slip', /framing must be suffix or stx-etx/],
    ['hid:0c2e', /hid:VVVV:PPPP/],
    ['hid:0c2e:0b6g', /hid:VVVV:PPPP/],
    ['hid:0c2e:0b61?vid=1', /unknown parameter 'vid'/],
    ['tcp:127.0.0.1:9100', /expected tcp:\/\/host:port/],
    ['tcp://127.0.0.1:0', /port must be 1–65535/],
    ['tcp://127.0.0.1:70000', /port must be 1–65535/],
    ['tcp://127.0.0.1:http', /port 'http' is not a number/],
    ['tcp://:9100', /host is missing/],
    ['tcp://127.0.0.1:9100/queue', /no path/],
    ['tcp://127.0.0.1?timeout=5', /this scheme takes none/],
    ['file:dev/usb/lp0', /must be absolute/],
    ['file://printer/lp0', /local path/],
    ['virtual:two words', /virtual device name/],
  ])('rejects %j clearly', (uri, message) => {
    expect(() => parseDeviceUri(uri)).toThrow(DeviceUriError);
    expect(() => parseDeviceUri(uri)).toThrow(message);
  });

  it('names the URI and the problem in the error', () => {
    try {
      parseDeviceUri('serial:/dev/x?databits=4');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(DeviceUriError);
      expect((err as DeviceUriError).uri).toBe('serial:/dev/x?databits=4');
      expect((err as DeviceUriError).message).toBe("invalid device URI 'serial:/dev/x?databits=4': databits must be 5, 6, 7 or 8");
    }
  });

  it('checks the scheme is one the caller drives', () => {
    expect(parseDeviceUriOf('tcp://10.0.0.5', ['tcp']).port).toBe(9100);
    expect(parseDeviceUriOf('file:/dev/usb/lp0', ['tcp', 'file']).scheme).toBe('file');
    expect(() => parseDeviceUriOf('hid:0c2e:0b61', ['tcp', 'file'])).toThrow(/scheme 'hid' is not supported here \(use tcp, file\)/);
  });
});

describe('formatDeviceUri', () => {
  it('writes the canonical form, leaving defaults out', () => {
    expect(formatDeviceUri(parseDeviceUri('serial:/dev/ttyUSB0?baud=9600&suffix=cr'))).toBe('serial:/dev/ttyUSB0');
    expect(formatDeviceUri(parseDeviceUri('serial:/dev/ttyUSB0?suffix=tab&baud=115200'))).toBe('serial:/dev/ttyUSB0?baud=115200&suffix=tab');
    expect(formatDeviceUri(parseDeviceUri('hid:0C2E:0B61'))).toBe('hid:0c2e:0b61');
    expect(formatDeviceUri(parseDeviceUri('tcp://[::1]'))).toBe('tcp://[::1]:9100');
    expect(formatDeviceUri(parseDeviceUri('file:///dev/usb/lp0'))).toBe('file:/dev/usb/lp0');
    expect(formatDeviceUri(parseDeviceUri('virtual:default'))).toBe('virtual:');
  });

  it('property: parse(format(d)) gives d back', () => {
    const path = fc.string({ minLength: 1, maxLength: 30 }).map((s) => `/dev/${s.replace(/\s/g, '_')}`);
    const device: fc.Arbitrary<DeviceUri> = fc.oneof(
      fc.record({
        scheme: fc.constant('serial' as const),
        path,
        baudRate: fc.constantFrom(1200, 9600, 19200, 115200),
        dataBits: fc.constantFrom(5 as const, 6 as const, 7 as const, 8 as const),
        parity: fc.constantFrom('none' as const, 'even' as const, 'odd' as const, 'mark' as const, 'space' as const),
        stopBits: fc.constantFrom(1 as const, 1.5 as const, 2 as const),
        framing: fc.constantFrom('suffix' as const, 'stx-etx' as const),
        suffix: fc.constantFrom('cr' as const, 'crlf' as const, 'lf' as const, 'tab' as const, 'none' as const),
        flowControl: fc.constantFrom('none' as const, 'rtscts' as const, 'xonxoff' as const),
      }),
      fc.record(
        {
          scheme: fc.constant('hid' as const),
          vendorId: fc.integer({ min: 0, max: 0xffff }),
          productId: fc.integer({ min: 0, max: 0xffff }),
          serialNumber: fc.string({ minLength: 1, maxLength: 12 }),
        },
        { requiredKeys: ['scheme', 'vendorId', 'productId'] },
      ),
      fc.record({
        scheme: fc.constant('tcp' as const),
        host: fc.oneof(fc.ipV4(), fc.ipV6(), fc.domain()),
        port: fc.integer({ min: 1, max: 65535 }),
      }),
      fc.record({ scheme: fc.constant('file' as const), path }),
      fc.record({ scheme: fc.constant('virtual' as const), name: fc.stringMatching(/^[A-Za-z0-9._-]{1,20}$/) }),
    );
    fc.assert(
      fc.property(device, (d) => {
        expect(parseDeviceUri(formatDeviceUri(d))).toEqual(d);
      }),
    );
  });
});

describe('serialSuffixBytes', () => {
  it('gives the bytes of each suffix', () => {
    expect([...serialSuffixBytes('cr')]).toEqual([13]);
    expect([...serialSuffixBytes('crlf')]).toEqual([13, 10]);
    expect([...serialSuffixBytes('lf')]).toEqual([10]);
    expect([...serialSuffixBytes('tab')]).toEqual([9]);
    expect([...serialSuffixBytes('none')]).toEqual([]);
  });
});
