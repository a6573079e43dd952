import { describe, expect, it } from 'vitest';
import type { ScanEvent } from '../../../main/devices/scanner.js';
import { DeviceUriError } from '../../../main/devices/uri.js';
import { createScanner, openScanner } from '../../../native/scanner/open-scanner.js';
import { VirtualScanner } from '../../../native/scanner/virtual-scanner.js';
import { nextEvent } from './pty-pair.js';

describe('virtual scanner', () => {
  it('delivers fed scans only while open, and is shared by name', async () => {
    const s = (await openScanner('virtual:till-1', { reconnectIntervalMs: 10 })) as VirtualScanner;
    expect(s).toBeInstanceOf(VirtualScanner);
    expect(await createScanner('virtual:till-1')).toBe(s);
    const scans: ScanEvent[] = [];
    s.on('scan', (e) => scans.push(e));
    expect(s.feed('4006381333931', { aimId: ']E0' })).toBe(true);
    expect(scans[0]).toMatchObject({ data: '4006381333931', symbology: 'EAN-13', aimId: ']E0', source: 'virtual:till-1' });

    s.unplug();
    expect(s.state).toBe('waiting');
    expect(s.feed('lost')).toBe(false);
    const back = nextEvent(s, 'status', (e: { state: string }) => e.state === 'open');
    s.replug();
    await back;
    expect(s.feed('again')).toBe(true);
    await s.close();
    expect(s.feed('closed')).toBe(false);
    expect(scans.map((e) => e.data)).toEqual(['4006381333931', 'again']);
    expect(() => s.feed('')).toThrow(RangeError);
  });

  it('refuses schemes that cannot be scanners', async () => {
    await expect(openScanner('tcp://127.0.0.1:9100')).rejects.toThrow(DeviceUriError);
    await expect(openScanner('file:/dev/usb/lp0')).rejects.toThrow(/cannot be reached through 'file:'/);
    await expect(openScanner('serial:/dev/x?baud=7')).rejects.toThrow(/baud must be one of/);
  });
});
