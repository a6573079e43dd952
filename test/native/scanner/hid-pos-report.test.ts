// HID POS input reports, from bytes as a scanner sends them (report id first, 64 bytes).
import { describe, expect, it } from 'vitest';
import {
  encodeHidPosReports,
  HidPosAssembler,
  HidPosReportError,
  parseHidPosReport,
} from '../../../native/scanner/hid-pos-report.js';

const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'));

/** EAN-13 4006381333931 in one report (AIM ]E0, vendor symbology byte 'd'). */
const EAN13 = hex(
  '020d5d45303430303633383133333339333100000000000000000000000000000000000000000000000000000000000000000000000000000000000000640000',
);
/** A 59-byte boarding-pass-like QR code in two reports: 56 bytes with "more data", then 3. */
const QR_1 = hex(
  '02385d51304d314455504f4e542f4d415249452020202020202045414243313233204344474e4345414620373731322033303059303132413030343520730001',
);
const QR_2 = hex(
  '02035d51303130300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000730000',
);
const QR_TEXT = 'M1DUPONT/MARIE       EABC123 CDGNCEAF 7712 300Y012A0045 100';

describe('parseHidPosReport', () => {
  it('reads length, AIM identifier, data and the more-data flag', () => {
    const r = parseHidPosReport(EAN13)!;
    expect(r.aimId).toBe(']E0');
    expect(Buffer.from(r.data).toString('latin1')).toBe('4006381333931');
    expect(r.moreData).toBe(false);
    expect(parseHidPosReport(QR_1)!.moreData).toBe(true);
    expect(parseHidPosReport(QR_1)!.data.length).toBe(56);
  });

  it('ignores reports with another report id', () => {
    const status = new Uint8Array(64);
    status[0] = 0x04;
    expect(parseHidPosReport(status)).toBeUndefined();
  });

  it('accepts a report without AIM identifier (zeros)', () => {
    const r = EAN13.slice();
    r.fill(0, 2, 5);
    const parsed = parseHidPosReport(r)!;
    expect(parsed.aimId).toBeUndefined();
    expect(parsed.data.length).toBe(13);
  });

  it('rejects garbage with a reason', () => {
    const tooLong = EAN13.slice();
    tooLong[1] = 57;
    expect(() => parseHidPosReport(tooLong)).toThrow(/data length 57 exceeds/);
    const badAim = EAN13.slice();
    badAim[2] = 0x41;
    expect(() => parseHidPosReport(badAim)).toThrow(/symbology identifier/);
    expect(() => parseHidPosReport(Uint8Array.of(2, 1))).toThrow(HidPosReportError);
    expect(() => parseHidPosReport(new Uint8Array(0))).toThrow(/empty/);
  });
});

describe('HidPosAssembler', () => {
  it('delivers a single-report barcode with its symbology', () => {
    const a = new HidPosAssembler();
    const b = a.push(EAN13, 100)!;
    expect(b).toEqual({ data: '4006381333931', aimId: ']E0', symbology: 'EAN-13', firstAt: 100, lastAt: 100, reports: 1 });
  });

  it('joins a barcode spanning two reports', () => {
    const a = new HidPosAssembler();
    expect(a.push(QR_1, 10)).toBeUndefined();
    expect(a.pending).toBe(true);
    const b = a.push(QR_2, 14)!;
    expect(b.data).toBe(QR_TEXT);
    expect(b.symbology).toBe('QR Code');
    expect(b.reports).toBe(2);
    expect(b.lastAt - b.firstAt).toBe(4);
    expect(a.pending).toBe(false);
  });

  it('drops a partial barcode on garbage and recovers with the next one', () => {
    const a = new HidPosAssembler();
    a.push(QR_1, 0);
    const garbage = QR_2.slice();
    garbage[1] = 200;
    expect(() => a.push(garbage, 1)).toThrow(HidPosReportError);
    expect(a.pending).toBe(false);
    expect(a.push(EAN13, 2)!.data).toBe('4006381333931');
  });

  it('round-trips what encodeHidPosReports builds, for long data', () => {
    const text = 'X'.repeat(200) + '1234';
    const reports = encodeHidPosReports(Buffer.from(text), ']d1');
    expect(reports).toHaveLength(4);
    const a = new HidPosAssembler();
    const out = reports.map((r, i) => a.push(r, i));
    expect(out.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    expect(out[3]).toMatchObject({ data: text, symbology: 'Data Matrix', reports: 4 });
  });
});
