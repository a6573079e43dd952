import { describe, expect, it } from 'vitest';
import { SerialFramer } from '../../../native/scanner/serial-framer.js';

const bytes = (s: string) => Uint8Array.from(Buffer.from(s, 'latin1'));
const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');

describe('SerialFramer', () => {
  it('cuts on the suffix across chunks and keeps first/last arrival times', () => {
    const f = new SerialFramer({ framing: 'suffix', suffix: 'crlf' });
    expect(f.push(bytes('1234'), 10).frames).toEqual([]);
    expect(f.push(bytes('56\r'), 12).frames).toEqual([]);
    const { frames } = f.push(bytes('\nAB\r\n'), 15);
    expect(frames.map((fr) => text(fr.bytes))).toEqual(['123456', 'AB']);
    expect(frames[0]).toMatchObject({ firstAt: 10, lastAt: 15 });
  });

  it('ignores a stray LF after a CR suffix instead of making an empty or LF-led barcode', () => {
    const f = new SerialFramer({ framing: 'suffix', suffix: 'cr' });
    const { frames } = f.push(bytes('AAA\r\nBBB\r\n'), 0);
    expect(frames.map((fr) => text(fr.bytes))).toEqual(['AAA', 'BBB']);
  });

  it('takes STX…ETX frames and reports noise between them', () => {
    const f = new SerialFramer({ framing: 'stx-etx', suffix: 'none' });
    const { frames, errors } = f.push(bytes('zz\x02ONE\x03\r\n\x02TWO\x03'), 0);
    expect(frames.map((fr) => text(fr.bytes))).toEqual(['ONE', 'TWO']);
    expect(errors.map((e) => e.message)).toEqual(['2 byte(s) outside STX…ETX ignored']);
  });

  it('drops a frame restarted by STX', () => {
    const f = new SerialFramer({ framing: 'stx-etx', suffix: 'none' });
    const { frames, errors } = f.push(bytes('\x02HALF\x02FULL\x03'), 0);
    expect(frames.map((fr) => text(fr.bytes))).toEqual(['FULL']);
    expect(errors[0]!.message).toMatch(/STX inside a frame/);
  });

  it('drops a run longer than maxFrame and goes on', () => {
    const f = new SerialFramer({ framing: 'suffix', suffix: 'cr', maxFrame: 8 });
    const r = f.push(bytes('123456789012\rOK\r'), 0);
    expect(r.errors[0]!.message).toMatch(/more than 8 bytes/);
    expect(r.errors).toHaveLength(1);
    expect(r.frames.map((fr) => text(fr.bytes))).toEqual(['OK']);
  });

  it('flushes only suffix-less frames', () => {
    const none = new SerialFramer({ framing: 'suffix', suffix: 'none' });
    none.push(bytes('777'), 5);
    expect(text(none.flush()!.bytes)).toBe('777');
    expect(none.pending).toBe(false);
    const cr = new SerialFramer({ framing: 'suffix', suffix: 'cr' });
    cr.push(bytes('777'), 5);
    expect(cr.flush()).toBeUndefined();
    expect(cr.pending).toBe(false);
  });
});
