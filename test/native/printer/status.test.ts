import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeStatus, isStatusByte, parseStatus, statusRequest } from '../../../native/printer/status.js';

describe('DLE EOT status', () => {
  it('asks with DLE EOT n', () => {
    expect([...statusRequest(1)]).toEqual([0x10, 0x04, 0x01]);
    expect([...statusRequest(4)]).toEqual([0x10, 0x04, 0x04]);
  });

  it('reads a ready printer (Epson fixed bits only)', () => {
    expect(parseStatus({ printer: 0x12, offlineCause: 0x12, errorCause: 0x12, paperSensor: 0x12 })).toEqual({
      online: true,
      coverOpen: false,
      paperOut: false,
      paperLow: false,
      reported: true,
      detail: 'ready',
    });
  });

  it('reads cover open, paper out, paper near end and cutter errors from their bits', () => {
    const coverOpen = parseStatus({ printer: 0x1a, offlineCause: 0x16, errorCause: 0x12, paperSensor: 0x12 });
    expect(coverOpen).toMatchObject({ online: false, coverOpen: true, paperOut: false });
    expect(coverOpen.detail).toBe('offline; cover open');
    const paperOut = parseStatus({ printer: 0x1a, offlineCause: 0x32, errorCause: 0x12, paperSensor: 0x7e });
    expect(paperOut).toMatchObject({ online: false, paperOut: true, paperLow: true });
    const low = parseStatus({ printer: 0x12, offlineCause: 0x12, errorCause: 0x12, paperSensor: 0x1e });
    expect(low).toMatchObject({ online: true, paperOut: false, paperLow: true, detail: 'paper low' });
    const cutter = parseStatus({ printer: 0x1a, offlineCause: 0x52, errorCause: 0x1a, paperSensor: 0x12 });
    expect(cutter.detail).toContain('autocutter error');
  });

  it('tells status bytes from garbage', () => {
    expect(isStatusByte(0x12)).toBe(true);
    expect(isStatusByte(0x7e)).toBe(true);
    expect(isStatusByte(0x41)).toBe(false); // 'A'
    expect(isStatusByte(0x00)).toBe(false);
    expect(isStatusByte(0xff)).toBe(false);
  });

  it('encodeStatus and parseStatus agree on every state', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (coverOpen, paperOut, paperLow) => {
        const raw = encodeStatus({ coverOpen, paperOut, paperLow });
        for (const byte of Object.values(raw)) expect(isStatusByte(byte)).toBe(true);
        const status = parseStatus(raw);
        expect(status.coverOpen).toBe(coverOpen);
        expect(status.paperOut).toBe(paperOut);
        expect(status.paperLow).toBe(paperLow || paperOut);
        expect(status.online).toBe(!coverOpen && !paperOut);
      }),
    );
  });
});
