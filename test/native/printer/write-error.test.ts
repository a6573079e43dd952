/**
 * How a failed write is named: a peer that vanished is `disconnected` (the receipt may be incomplete:
 * reprint it), anything else `io`. serialport's "Port is not open", met when a drain loses the race with
 * the close that follows a vanished device, is a disconnection too (serial-printer.test.ts once saw `io`).
 */
import { describe, expect, it } from 'vitest';
import { writeError } from '../../../native/printer/link.js';

const URI = 'serial:/dev/ttyX?baud=19200';

describe('writeError', () => {
  it.each([
    ['EPIPE', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })],
    ['an I/O error of the binding', new Error('Writing to COM port: Input/output error')],
    ['a bad file descriptor', new Error('EBADF: bad file descriptor, write')],
    ['serialport closing under the drain', new Error('Port is not open')],
  ])('%s is a disconnection', (_what, err) => {
    expect(writeError(URI, err)).toMatchObject({ code: 'disconnected' });
  });

  it('any other failure is an I/O error with its reason', () => {
    expect(writeError(URI, new Error('buffer is too small'))).toMatchObject({ code: 'io', message: expect.stringContaining('buffer is too small') });
  });
});
