// The serial driver against a real tty: a socat pseudo-terminal pair stands in for the cable.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScanEvent, ScannerStatusEvent } from '../../../main/devices/scanner.js';
import { parseDeviceUri, type SerialDeviceUri } from '../../../main/devices/uri.js';
import { SerialScanner } from '../../../native/scanner/serial-scanner.js';
import { createPtyPair, nextEvent, type PtyPair } from './pty-pair.js';

let pty: PtyPair;
let scanner: SerialScanner | undefined;

beforeEach(async () => {
  pty = await createPtyPair();
});

afterEach(async () => {
  await scanner?.close();
  scanner = undefined;
  await pty.dispose();
});

async function openOn(query: string): Promise<SerialScanner> {
  const device = parseDeviceUri(`serial:${pty.device}${query}`) as SerialDeviceUri;
  scanner = new SerialScanner(device, { reconnectIntervalMs: 100, silenceMs: 60 });
  await scanner.open();
  expect(scanner.state).toBe('open');
  return scanner;
}

function collect(s: SerialScanner): ScanEvent[] {
  const scans: ScanEvent[] = [];
  s.on('scan', (e) => scans.push(e));
  return scans;
}

async function untilScans(scans: ScanEvent[], n: number): Promise<void> {
  const until = Date.now() + 10_000;
  while (scans.length < n) {
    if (Date.now() > until) throw new Error(`only ${scans.length} of ${n} scans arrived`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('SerialScanner on a pseudo-terminal', () => {
  it('reads CR-terminated barcodes, including one split across writes', async () => {
    const s = await openOn('?baud=9600&suffix=cr');
    const scans = collect(s);
    await pty.write('4006381333931\r');
    await pty.write('30001234');
    await new Promise((r) => setTimeout(r, 30));
    await pty.write('56789\r');
    await untilScans(scans, 2);
    expect(scans.map((e) => e.data)).toEqual(['4006381333931', '3000123456789']);
    expect(scans[0]!.source).toBe(`serial:${pty.device}`);
    expect(new Date(scans[1]!.receivedAt).toISOString()).toBe(scans[1]!.receivedAt);
    expect(scans[1]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('reads CRLF and STX/ETX framing', async () => {
    const s = await openOn('?baud=115200&framing=stx-etx');
    const scans = collect(s);
    await pty.write('\x02ABC-123\x03\x02XYZ\x03');
    await untilScans(scans, 2);
    expect(scans.map((e) => e.data)).toEqual(['ABC-123', 'XYZ']);
    await s.close();

    const t = await openOn('?suffix=crlf');
    const more = collect(t);
    await pty.write('111111\r\n222222\r\n');
    await untilScans(more, 2);
    expect(more.map((e) => e.data)).toEqual(['111111', '222222']);
  });

  it('ends a suffix-less barcode after silence', async () => {
    const s = await openOn('?suffix=none');
    const scans = collect(s);
    await pty.write('987654321');
    await untilScans(scans, 1);
    expect(scans[0]!.data).toBe('987654321');
  });

  it('drops a barcode cut off when the port vanishes, waits, and reopens when it comes back', async () => {
    const s = await openOn('?suffix=cr');
    const scans = collect(s);
    const statuses: ScannerStatusEvent[] = [];
    s.on('status', (e) => statuses.push(e));

    await pty.write('1111111\r');
    await untilScans(scans, 1);

    await pty.write('22222'); // no CR: the cable goes mid-barcode
    const waiting = nextEvent<ScannerStatusEvent>(s, 'status', (e) => e.state === 'waiting');
    await pty.vanish();
    const w = await waiting;
    expect(w.detail).toMatch(/disappeared|closed/);
    expect(s.state).toBe('waiting');

    const reopened = nextEvent<ScannerStatusEvent>(s, 'status', (e) => e.state === 'open');
    await pty.restart();
    await reopened;

    await pty.write('3333333\r');
    await untilScans(scans, 2);
    expect(scans.map((e) => e.data)).toEqual(['1111111', '3333333']);
    expect(statuses.map((e) => e.state)).toEqual(['waiting', 'open']);
  });

  it('opens a port that is absent at start once it appears, and never throws at the caller', async () => {
    await pty.vanish();
    const device = parseDeviceUri(`serial:${pty.device}`) as SerialDeviceUri;
    scanner = new SerialScanner(device, { reconnectIntervalMs: 100 });
    await scanner.open();
    expect(scanner.state).toBe('waiting');
    const opened = nextEvent<ScannerStatusEvent>(scanner, 'status', (e) => e.state === 'open');
    await pty.restart();
    await opened;
    const scans = collect(scanner);
    await pty.write('5555555\r');
    await untilScans(scans, 1);
    expect(scans[0]!.data).toBe('5555555');
  });

  it('reports garbage without losing the barcodes around it', async () => {
    const s = await openOn('?framing=stx-etx');
    const scans = collect(s);
    const errors: Error[] = [];
    s.on('error', (e) => errors.push(e));
    await pty.write('\xff\xfe\x02GOOD1\x03junk\x02GOOD2\x03');
    await untilScans(scans, 2);
    expect(scans.map((e) => e.data)).toEqual(['GOOD1', 'GOOD2']);
    expect(errors.some((e) => /outside STX/.test(e.message))).toBe(true);
  });
});
