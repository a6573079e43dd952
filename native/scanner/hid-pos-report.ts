// Input reports of HID POS barcode scanners (usage page 0x8C "Bar Code Scanner", usage 0x02), as
// node-hid delivers them (report id first):
//
//   byte 0      report id (0x02: scanned data)
//   byte 1      number of data bytes in this report (0–56)
//   bytes 2–4   AIM symbology identifier (`]E0`…), or zeros when the scanner does not send one
//   bytes 5–60  data, zero-padded
//   byte 61     vendor symbology identifier (ignored)
//   byte 62     reserved
//   byte 63     bit 0: more data follows in the next report
//
// A barcode longer than 56 bytes spans several reports; each repeats the AIM identifier.
import { isAimId, symbologyOfAim } from './aim.js';

export const HID_POS_USAGE_PAGE = 0x8c;
export const HID_POS_USAGE_SCANNER = 0x02;
export const HID_POS_SCANNED_DATA_REPORT_ID = 0x02;
/** Data bytes a 64-byte report can carry. */
export const HID_POS_MAX_DATA = 56;

const HEADER = 5; // report id, length, 3 × AIM

/** One parsed input report. */
export interface HidPosReport {
  readonly aimId?: string;
  readonly data: Uint8Array;
  readonly moreData: boolean;
}

/** A report that cannot be a HID POS scanned-data report; the scanner reports it and carries on. */
export class HidPosReportError extends Error {
  override readonly name = 'HidPosReportError';
}

/**
 * Parses one scanned-data input report (report id included). Returns undefined for reports with
 * another id (status, vendor reports); throws {@link HidPosReportError} when the bytes do not fit the format.
 */
export function parseHidPosReport(report: Uint8Array): HidPosReport | undefined {
  if (report.length === 0) throw new HidPosReportError('empty report');
  if (report[0] !== HID_POS_SCANNED_DATA_REPORT_ID) return undefined;
  if (report.length < HEADER + 1) throw new HidPosReportError(`report too short (${report.length} bytes)`);
  const length = report[1]!;
  const room = Math.min(HID_POS_MAX_DATA, report.length - HEADER - 1); // the last byte holds the flags
  if (length > room) throw new HidPosReportError(`data length ${length} exceeds the ${room} bytes a report holds`);
  const aimBytes = report.subarray(2, HEADER);
  const aimText = String.fromCharCode(...aimBytes);
  const aimId = isAimId(aimText) ? aimText : undefined;
  if (aimId === undefined && aimBytes.some((b) => b !== 0)) {
    throw new HidPosReportError(`bad symbology identifier bytes ${[...aimBytes].map((b) => b.toString(16).padStart(2, '0')).join(' ')}`);
  }
  const moreData = (report[report.length - 1]! & 0x01) === 1;
  return { ...(aimId ? { aimId } : {}), data: report.slice(HEADER, HEADER + length), moreData };
}

/** A barcode put together from one or more reports. */
export interface HidPosBarcode {
  readonly data: string;
  readonly aimId?: string;
  readonly symbology?: string;
  /** Time of the first and last report of the barcode (ms, caller's clock). */
  readonly firstAt: number;
  readonly lastAt: number;
  readonly reports: number;
}

/** Longest barcode accepted before the assembly is dropped as garbage (a stuck "more data" flag). */
export const HID_POS_MAX_BARCODE = 8192;

/**
 * Joins the reports of barcodes that span several of them. `push` returns the barcode when its last
 * report arrives; throws {@link HidPosReportError} on garbage (after dropping the partial barcode).
 */
export class HidPosAssembler {
  private chunks: Uint8Array[] = [];
  private size = 0;
  private aimId: string | undefined;
  private firstAt = 0;

  /** Feeds one input report received at `time`. */
  push(report: Uint8Array, time: number): HidPosBarcode | undefined {
    let parsed: HidPosReport | undefined;
    try {
      parsed = parseHidPosReport(report);
    } catch (err) {
      this.reset();
      throw err;
    }
    if (parsed === undefined) return undefined;
    if (this.chunks.length === 0) {
      this.firstAt = time;
      this.aimId = parsed.aimId;
    }
    this.chunks.push(parsed.data);
    this.size += parsed.data.length;
    if (this.size > HID_POS_MAX_BARCODE) {
      this.reset();
      throw new HidPosReportError(`barcode longer than ${HID_POS_MAX_BARCODE} bytes: dropped`);
    }
    if (parsed.moreData) return undefined;
    const bytes = new Uint8Array(this.size);
    let at = 0;
    for (const c of this.chunks) {
      bytes.set(c, at);
      at += c.length;
    }
    const aimId = this.aimId;
    const symbology = aimId ? symbologyOfAim(aimId) : undefined;
    const barcode: HidPosBarcode = {
      data: new TextDecoder('utf-8').decode(bytes),
      ...(aimId ? { aimId } : {}),
      ...(symbology ? { symbology } : {}),
      firstAt: this.firstAt,
      lastAt: time,
      reports: this.chunks.length,
    };
    this.reset();
    return barcode;
  }

  /** True while a barcode is half received. */
  get pending(): boolean {
    return this.chunks.length > 0;
  }

  /** Drops a half-received barcode (device unplugged mid-barcode). */
  reset(): void {
    this.chunks = [];
    this.size = 0;
    this.aimId = undefined;
  }
}

/** Builds the input reports a HID POS scanner would send for `data` (for the tests and the virtual twin). */
export function encodeHidPosReports(data: Uint8Array, aimId = ']E0', reportLength = 64): Uint8Array[] {
  const perReport = Math.min(HID_POS_MAX_DATA, reportLength - HEADER - 1);
  const reports: Uint8Array[] = [];
  for (let at = 0; at < data.length || reports.length === 0; at += perReport) {
    const chunk = data.subarray(at, at + perReport);
    const r = new Uint8Array(reportLength);
    r[0] = HID_POS_SCANNED_DATA_REPORT_ID;
    r[1] = chunk.length;
    for (let i = 0; i < 3; i++) r[2 + i] = aimId.charCodeAt(i) || 0;
    r.set(chunk, HEADER);
    r[reportLength - 1] = at + perReport < data.length ? 1 : 0;
    reports.push(r);
  }
  return reports;
}
