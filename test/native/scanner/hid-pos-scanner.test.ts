// The HID POS driver through a mocked node-hid (there is no /dev/uhid here): open by vendor and
// product id, read reports, survive unplug and replug.
import type { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScanEvent, ScannerStatusEvent } from '../../../main/devices/scanner.js';
import { parseDeviceUri, type HidDeviceUri } from '../../../main/devices/uri.js';
import { encodeHidPosReports } from '../../../native/scanner/hid-pos-report.js';
import { HidPosScanner } from '../../../native/scanner/hid-pos-scanner.js';
import { nextEvent } from './pty-pair.js';

const fake = vi.hoisted(() => {
  const state = {
    devices: [] as Array<Record<string, unknown>>,
    opened: [] as Array<{ path: string; handle: EventEmitter & { closed: boolean } }>,
  };
  return state;
});

vi.mock('node-hid', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  class FakeHandle extends Emitter {
    closed = false;
    async close() {
      this.closed = true;
    }
  }
  return {
    devicesAsync: vi.fn(async () => fake.devices),
    HIDAsync: {
      open: vi.fn(async (path: string) => {
        if (!fake.devices.some((d) => d.path === path)) throw new Error(`cannot open device with path ${path}`);
        const handle = new FakeHandle();
        fake.opened.push({ path, handle });
        return handle;
      }),
    },
  };
});

const HONEYWELL_KBD = { vendorId: 0x0c2e, productId: 0x0b61, path: '/dev/hidraw0', usagePage: 0x01, usage: 0x06, interface: 0, release: 1 };
const HONEYWELL_POS = { vendorId: 0x0c2e, productId: 0x0b61, path: '/dev/hidraw1', usagePage: 0x8c, usage: 0x02, interface: 1, release: 1 };

const hex = (s: string) => Buffer.from(s, 'hex');
const EAN13 = hex(
  '020d5d45303430303633383133333339333100000000000000000000000000000000000000000000000000000000000000000000000000000000000000640000',
);

let scanner: HidPosScanner | undefined;

beforeEach(() => {
  fake.devices = [HONEYWELL_KBD, HONEYWELL_POS];
  fake.opened = [];
});

afterEach(async () => {
  await scanner?.close();
  scanner = undefined;
});

function make(uri = 'hid:0c2e:0b61'): HidPosScanner {
  scanner = new HidPosScanner(parseDeviceUri(uri) as HidDeviceUri, { reconnectIntervalMs: 20 });
  return scanner;
}

const lastHandle = () => fake.opened[fake.opened.length - 1]!.handle as EventEmitter & { closed: boolean };

describe('HidPosScanner', () => {
  it('opens the HID POS interface of the device and reads a single-report scan', async () => {
    const s = make();
    const scans: ScanEvent[] = [];
    s.on('scan', (e) => scans.push(e));
    await s.open();
    expect(s.state).toBe('open');
    expect(fake.opened.map((o) => o.path)).toEqual(['/dev/hidraw1']);
    lastHandle().emit('data', EAN13);
    expect(scans).toHaveLength(1);
    expect(scans[0]).toMatchObject({ data: '4006381333931', symbology: 'EAN-13', aimId: ']E0', source: 'hid:0c2e:0b61', durationMs: 0 });
  });

  it('joins multi-report barcodes', async () => {
    const s = make();
    const scans: ScanEvent[] = [];
    s.on('scan', (e) => scans.push(e));
    await s.open();
    const text = `https://example.org/ticket/${'7'.repeat(90)}`;
    for (const r of encodeHidPosReports(Buffer.from(text), ']Q1')) lastHandle().emit('data', Buffer.from(r));
    expect(scans.map((e) => e.data)).toEqual([text]);
    expect(scans[0]!.symbology).toBe('QR Code');
  });

  it('reports garbage as an error event and keeps reading', async () => {
    const s = make();
    const scans: ScanEvent[] = [];
    const errors: Error[] = [];
    s.on('scan', (e) => scans.push(e));
    s.on('error', (e) => errors.push(e));
    await s.open();
    const garbage = Buffer.alloc(64, 0xff);
    garbage[0] = 2;
    lastHandle().emit('data', garbage);
    lastHandle().emit('data', EAN13);
    expect(errors).toHaveLength(1);
    expect(scans.map((e) => e.data)).toEqual(['4006381333931']);
  });

  it('survives unplug and replug, dropping a barcode cut in half', async () => {
    const s = make();
    const scans: ScanEvent[] = [];
    s.on('scan', (e) => scans.push(e));
    await s.open();
    const first = lastHandle();
    const [part] = encodeHidPosReports(Buffer.from('A'.repeat(80)), ']C0');
    first.emit('data', Buffer.from(part!));

    fake.devices = [];
    const waiting = nextEvent<ScannerStatusEvent>(s, 'status', (e) => e.state === 'waiting');
    first.emit('error', new Error('could not read from HID device'));
    expect((await waiting).detail).toMatch(/lost/);
    expect(first.closed).toBe(true);

    // Still unplugged after a few retries: stays waiting with the reason.
    const absent = await nextEvent<ScannerStatusEvent>(s, 'status', (e) => e.state === 'waiting' && /no HID device/.test(e.detail ?? ''));
    expect(absent.detail).toBe('no HID device 0c2e:0b61 is connected');

    const reopened = nextEvent<ScannerStatusEvent>(s, 'status', (e) => e.state === 'open');
    fake.devices = [HONEYWELL_KBD, HONEYWELL_POS];
    await reopened;
    expect(lastHandle()).not.toBe(first);
    lastHandle().emit('data', EAN13);
    expect(scans.map((e) => e.data)).toEqual(['4006381333931']);
  });

  it('says when the scanner is plugged in keyboard mode only', async () => {
    fake.devices = [HONEYWELL_KBD];
    const s = make();
    const statuses: ScannerStatusEvent[] = [];
    s.on('status', (e) => statuses.push(e));
    await s.open();
    expect(s.state).toBe('waiting');
    expect(statuses.at(-1)!.detail).toMatch(/0c2e:0b61 has no HID POS scanner interface \(usage page\/usage 0x1\/0x6\); set the scanner to HID POS mode/);
    expect(fake.opened).toEqual([]);
  });

  it('picks the device with the right serial number', async () => {
    fake.devices = [
      { ...HONEYWELL_POS, path: '/dev/hidraw4', serialNumber: 'AAA' },
      { ...HONEYWELL_POS, path: '/dev/hidraw5', serialNumber: 'BBB' },
    ];
    await make('hid:0c2e:0b61?serial=BBB').open();
    expect(fake.opened.map((o) => o.path)).toEqual(['/dev/hidraw5']);
  });
});
