// Keyboard-wedge decoding from synthetic key events with timestamps (no real waiting).
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createWedgeDecoder,
  createWedgeKeyHandler,
  type WedgeKey,
  type WedgeOptions,
  type WedgeScan,
} from '../../common/wedge-decoder.js';

/** Keys as a scanner types them: one every `gap` ms, then the suffix key. */
function scannerKeys(text: string, start: number, gap = 5, suffix: string | null = 'Enter'): WedgeKey[] {
  const keys = [...text].map((key, i) => ({ key, time: start + i * gap }));
  if (suffix !== null) keys.push({ key: suffix, time: start + text.length * gap });
  return keys;
}

/** Keys as a person types them: gaps cycling through 80–200 ms. */
function personKeys(text: string, start: number, gaps = [80, 140, 200, 95, 170]): WedgeKey[] {
  let t = start;
  return [...text].map((key, i) => {
    if (i > 0) t += gaps[i % gaps.length]!;
    return { key, time: t };
  });
}

/**
 * Plays keys into a decoder as the renderer would into a focused text field: swallowed keys do not
 * reach it, released text is inserted, and the decoder is flushed when its deadline passes.
 */
function play(keys: readonly WedgeKey[], options: WedgeOptions = {}) {
  const d = createWedgeDecoder(options);
  let field = '';
  const scans: string[] = [];
  const consumed: boolean[] = [];
  const reachedApp: string[] = []; // non-character keys let through (Enter, Tab, arrows…)
  const apply = (r: ReturnType<typeof d.push>, key?: WedgeKey) => {
    if (r.release !== undefined) field += r.release;
    if (r.scan !== undefined) scans.push(r.scan);
    if (key) {
      consumed.push(r.consumed);
      if (!r.consumed) {
        const shortcut = key.metaKey === true || (key.ctrlKey === true) !== (key.altKey === true);
        if ([...key.key].length === 1 && !shortcut) field += key.key;
        else reachedApp.push(key.key);
      }
    }
  };
  for (const key of keys) {
    // The flush timer fires when the deadline passes before the next key.
    const deadline = d.deadline();
    if (deadline !== undefined && key.time > deadline) apply(d.flush(key.time));
    apply(d.push(key), key);
  }
  const deadline = d.deadline();
  if (deadline !== undefined) apply(d.flush(deadline + 1));
  return { field, scans, consumed, reachedApp };
}

const BARCODE = '3000123456789012';

describe('createWedgeDecoder', () => {
  it('takes a scanner typing at 5 ms per key and ending with Enter as a scan, swallowing every key', () => {
    const r = play(scannerKeys(BARCODE, 1000));
    expect(r.scans).toEqual([BARCODE]);
    expect(r.field).toBe('');
    expect(r.consumed.every(Boolean)).toBe(true);
    expect(r.reachedApp).toEqual([]);
  });

  it('leaves a person typing the same characters and Enter alone', () => {
    const keys = [...personKeys(BARCODE, 1000), { key: 'Enter', time: 1000 + 2500 }];
    const r = play(keys);
    expect(r.scans).toEqual([]);
    expect(r.field).toBe(BARCODE);
    expect(r.reachedApp).toEqual(['Enter']);
  });

  it('reports the scan timing', () => {
    const d = createWedgeDecoder();
    let last;
    for (const k of scannerKeys('123456', 500)) last = d.push(k);
    expect(last).toEqual({ consumed: true, scan: '123456', startedAt: 500, durationMs: 30 });
  });

  it('accepts Tab as suffix, and a configured suffix only', () => {
    expect(play(scannerKeys(BARCODE, 0, 4, 'Tab')).scans).toEqual([BARCODE]);
    const onlyEnter = play(scannerKeys(BARCODE, 0, 4, 'Tab'), { suffixKeys: ['Enter'] });
    expect(onlyEnter.scans).toEqual([]);
    expect(onlyEnter.field).toBe(BARCODE); // released: it is not a scan under these settings
    expect(onlyEnter.reachedApp).toEqual(['Tab']);
  });

  it('ends a scan by silence when the scanner sends no suffix', () => {
    const r = play(scannerKeys(BARCODE, 0, 5, null), { suffixKeys: [] });
    expect(r.scans).toEqual([BARCODE]);
    expect(r.field).toBe('');
  });

  it('treats a fast burst shorter than minLength as typing', () => {
    const r = play(scannerKeys('1234', 0), { minLength: 6 });
    expect(r.scans).toEqual([]);
    expect(r.field).toBe('1234');
    expect(r.reachedApp).toEqual(['Enter']);
  });

  it('requires the configured prefix, and strips it', () => {
    const withPrefix = play(scannerKeys(`#!${BARCODE}`, 0), { prefix: '#!' });
    expect(withPrefix.scans).toEqual([BARCODE]);
    expect(withPrefix.field).toBe('');
    const without = play(scannerKeys(BARCODE, 0), { prefix: '#!' });
    expect(without.scans).toEqual([]);
    expect(without.field).toBe(BARCODE);
    // With a prefix, keys that cannot start one are never held.
    expect(without.consumed.every((c) => !c)).toBe(true);
  });

  it('ignores Shift presses between the characters of a scan (upper-case letters)', () => {
    const keys: WedgeKey[] = [];
    let t = 0;
    for (const ch of 'AB12CD34') {
      if (/[A-Z]/.test(ch)) keys.push({ key: 'Shift', time: (t += 2) });
      keys.push({ key: ch, time: (t += 3) });
    }
    keys.push({ key: 'Enter', time: (t += 5) });
    const r = play(keys);
    expect(r.scans).toEqual(['AB12CD34']);
    expect(r.field).toBe('');
    // Every key is swallowed except the very first Shift, which comes before anything is held (and types nothing).
    expect(r.consumed.slice(1).every(Boolean)).toBe(true);
  });

  it('lets shortcuts, repeats and editing keys through and releases what was held', () => {
    const r = play([
      { key: 'a', time: 0 },
      { key: 'c', time: 10, ctrlKey: true },
      { key: 'b', time: 200 },
      { key: 'Backspace', time: 210 },
      { key: 'x', time: 500, repeat: true },
    ]);
    expect(r.scans).toEqual([]);
    expect(r.field).toBe('abx');
    expect(r.reachedApp).toEqual(['c', 'Backspace']);
  });

  it('accepts AltGr characters (Ctrl+Alt) inside a scan', () => {
    const keys = scannerKeys('AB@CD#EF', 0).map((k) => (k.key === '@' || k.key === '#' ? { ...k, ctrlKey: true, altKey: true } : k));
    expect(play(keys).scans).toEqual(['AB@CD#EF']);
  });

  it('separates a person typing, then a scan, then a person typing again', () => {
    const keys = [
      ...personKeys('12', 0),
      ...scannerKeys(BARCODE, 1000),
      ...personKeys('ok', 3000),
      { key: 'Enter', time: 3500 },
    ];
    const r = play(keys);
    expect(r.scans).toEqual([BARCODE]);
    expect(r.field).toBe('12ok');
    expect(r.reachedApp).toEqual(['Enter']);
  });

  it('rejects settings that cannot work', () => {
    expect(() => createWedgeDecoder({ minLength: 0 })).toThrow(/minLength/);
    expect(() => createWedgeDecoder({ maxInterKeyMs: -1 })).toThrow(/maxInterKeyMs/);
    expect(() => createWedgeDecoder({ suffixKeys: ['\n'] })).toThrow(/suffixKeys/);
  });

  it('property: people (≥ 80 ms per key) never scan and never lose a character; scanners (≤ 10 ms) always scan', () => {
    const text = fc.string({ unit: fc.constantFrom(...'0123456789ABCDEFabcdef-.'), minLength: 6, maxLength: 40 });
    fc.assert(
      fc.property(text, fc.array(fc.integer({ min: 80, max: 400 }), { minLength: 1 }), (s, gaps) => {
        const r = play([...personKeys(s, 0, gaps), { key: 'Enter', time: 100_000 }]);
        return r.scans.length === 0 && r.field === s && r.reachedApp.join() === 'Enter';
      }),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 10 }), (s, gap) => {
        const r = play(scannerKeys(s, 50, gap));
        return r.scans.length === 1 && r.scans[0] === s && r.field === '';
      }),
    );
  });
});

describe('createWedgeKeyHandler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function keyEvent(key: string, timeStamp: number) {
    return { key, timeStamp, preventDefault: vi.fn(), stopImmediatePropagation: vi.fn() };
  }

  it('prevents the default action of every scan key and reports the scan', () => {
    const scans: WedgeScan[] = [];
    const released: string[] = [];
    const h = createWedgeKeyHandler({}, { onScan: (s) => scans.push(s), onRelease: (t) => released.push(t), now: () => 0 });
    const events = scannerKeys('ABC123', 100).map((k) => keyEvent(k.key, k.time));
    for (const e of events) h.handleKeyDown(e);
    expect(events.every((e) => e.preventDefault.mock.calls.length === 1)).toBe(true);
    expect(scans).toEqual([{ data: 'ABC123', startedAt: 100, durationMs: 30 }]);
    expect(released).toEqual([]);
    h.dispose();
  });

  it('releases a held key typed by a person once the flush timer fires', () => {
    vi.useFakeTimers();
    let clock = 1000;
    const released: string[] = [];
    const h = createWedgeKeyHandler({ maxInterKeyMs: 35 }, { onScan: () => undefined, onRelease: (t) => released.push(t), now: () => clock });
    const e = keyEvent('z', 1000);
    h.handleKeyDown(e);
    expect(e.preventDefault).toHaveBeenCalledOnce();
    expect(released).toEqual([]);
    clock = 1040;
    vi.advanceTimersByTime(40);
    expect(released).toEqual(['z']);
    h.dispose();
  });

  it('waits the gap in real time after a key stamped in the past before cutting the run (a busy machine delivers a scan late)', () => {
    vi.useFakeTimers();
    let clock = 1300;
    const released: string[] = [];
    const scans: WedgeScan[] = [];
    const h = createWedgeKeyHandler({ maxInterKeyMs: 35 }, { onScan: (s) => scans.push(s), onRelease: (t) => released.push(t), now: () => clock });
    // The keys were pressed 5 ms apart at 1000…, the page gets them 300 ms late and 20 ms apart.
    const keys = scannerKeys('123456', 1000);
    for (const k of keys) {
      h.handleKeyDown(keyEvent(k.key, k.time));
      clock += 20;
      vi.advanceTimersByTime(20);
    }
    expect(released).toEqual([]);
    expect(scans).toEqual([{ data: '123456', startedAt: 1000, durationMs: 30 }]);
    h.dispose();
  });

  it('says when the first and last released keys were pressed, so a head split off by a late machine can be told from typing', () => {
    vi.useFakeTimers();
    let clock = 1000;
    const released: [string, { firstAt: number; lastAt: number } | undefined][] = [];
    const h = createWedgeKeyHandler({ maxInterKeyMs: 35 }, { onScan: () => undefined, onRelease: (t, at) => released.push([t, at]), now: () => clock });
    h.handleKeyDown(keyEvent('2', 1000));
    h.handleKeyDown(keyEvent('1', 1005));
    // The machine stalls: the flush fires long after, the keys' own times stay a scanner's.
    clock = 1200;
    vi.advanceTimersByTime(200);
    expect(released).toEqual([['21', { firstAt: 1000, lastAt: 1005 }]]);
    // A stale run ended by the next key says the same.
    h.handleKeyDown(keyEvent('x', 2000));
    h.handleKeyDown(keyEvent('y', 2100));
    expect(released[1]).toEqual(['x', { firstAt: 2000, lastAt: 2000 }]);
    h.dispose();
  });

  it('gives back held keys on dispose', () => {
    const released: string[] = [];
    const h = createWedgeKeyHandler({}, { onScan: () => undefined, onRelease: (t) => released.push(t), now: () => 0 });
    h.handleKeyDown(keyEvent('q', 0));
    h.dispose();
    expect(released).toEqual(['q']);
  });
});
