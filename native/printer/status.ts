// ESC/POS real-time status (DLE EOT n): the request bytes, and what the four answers mean.
import { PrinterError, type PrinterStatus } from '../../main/devices/printer.js';
import type { PrinterLink } from './link.js';

/** DLE EOT n: transmit real-time status. n = 1 printer, 2 offline cause, 3 error cause, 4 paper roll sensor. */
export function statusRequest(n: 1 | 2 | 3 | 4): Uint8Array {
  return Uint8Array.of(0x10, 0x04, n);
}

/** Every DLE EOT answer byte has bit 1 and bit 4 set, bits 0 and 7 clear. */
export function isStatusByte(byte: number): boolean {
  return (byte & 0x93) === 0x12;
}

/** The four answer bytes to DLE EOT 1, 2, 3 and 4. */
export interface RawStatus {
  readonly printer: number;
  readonly offlineCause: number;
  readonly errorCause: number;
  readonly paperSensor: number;
}

/** Reads what the four status bytes say (Epson ESC/POS bit assignments). */
export function parseStatus(raw: RawStatus): PrinterStatus {
  const offline = (raw.printer & 0x08) !== 0;
  const coverOpen = (raw.offlineCause & 0x04) !== 0;
  const paperOut = (raw.offlineCause & 0x20) !== 0 || (raw.paperSensor & 0x60) === 0x60;
  const paperLow = (raw.paperSensor & 0x0c) === 0x0c;
  const notes: string[] = [];
  if (offline) notes.push('offline');
  if (coverOpen) notes.push('cover open');
  if (paperOut) notes.push('paper out');
  else if (paperLow) notes.push('paper low');
  if ((raw.offlineCause & 0x08) !== 0) notes.push('paper being fed by the FEED button');
  if ((raw.errorCause & 0x08) !== 0) notes.push('autocutter error');
  if ((raw.errorCause & 0x20) !== 0) notes.push('unrecoverable error');
  if ((raw.errorCause & 0x40) !== 0) notes.push('error, recovers by itself');
  else if ((raw.offlineCause & 0x40) !== 0) notes.push('error');
  return {
    online: !offline,
    coverOpen,
    paperOut,
    paperLow: paperLow || paperOut,
    reported: true,
    detail: notes.length > 0 ? notes.join('; ') : 'ready',
  };
}

/** The answer bytes of a printer in a given state; the inverse of {@link parseStatus}, for fakes and tests. */
export function encodeStatus(state: { offline?: boolean; coverOpen?: boolean; paperOut?: boolean; paperLow?: boolean }): RawStatus {
  const offline = state.offline ?? (state.coverOpen === true || state.paperOut === true);
  return {
    printer: 0x12 | (offline ? 0x08 : 0),
    offlineCause: 0x12 | (state.coverOpen ? 0x04 : 0) | (state.paperOut ? 0x20 : 0),
    errorCause: 0x12,
    paperSensor: 0x12 | (state.paperLow || state.paperOut ? 0x0c : 0) | (state.paperOut ? 0x60 : 0),
  };
}

/**
 * Asks the four real-time statuses over a bidirectional link, one request at a time.
 * Rejects with `timeout` (no answer), `disconnected`, or `io` when an answer is not a status byte.
 */
export async function requestStatus(link: PrinterLink, timeoutMs: number): Promise<PrinterStatus> {
  link.discardInput();
  const answers: number[] = [];
  for (const n of [1, 2, 3, 4] as const) {
    await link.write(statusRequest(n));
    const [byte] = await link.read(1, timeoutMs);
    if (byte === undefined || !isStatusByte(byte)) {
      throw new PrinterError(
        'io',
        `the printer at ${link.uri} answered 0x${(byte ?? 0).toString(16).padStart(2, '0')} to status request ${n}, which is not a status byte (wrong device or wrong baud rate?)`,
      );
    }
    answers.push(byte);
  }
  const [printer, offlineCause, errorCause, paperSensor] = answers as [number, number, number, number];
  return parseStatus({ printer, offlineCause, errorCause, paperSensor });
}
