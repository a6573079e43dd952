// Keyboard-wedge scanner decoding. A wedge scanner "types" its barcode as key presses, a few ms apart,
// usually ending with Enter or Tab; a person types 80–200 ms apart. The OS owns keyboards, so this runs
// where the key events arrive (the renderer), and it must work whatever has focus.
//
// The decoder cannot know from the first key whether a scan is starting, so it HOLDS printable keys while
// they might be a scan (the caller swallows them) and RELEASES them (the caller re-inserts them where they
// were typed) as soon as the timing or the ending shows a person typed them. A scan's keys are therefore
// never left in a text field, and a person's keys are delayed by at most `maxInterKeyMs`.
//
// Pure and DOM-free (no imports, no timers in the decoder itself): it runs in the renderer and in Node tests.

/** How a wedge scanner is recognised. */
export interface WedgeOptions {
  /** Characters the scanner sends before the data (configured on the scanner); '' for none (default). */
  readonly prefix?: string;
  /**
   * `KeyboardEvent.key` values that end a scan (default `['Enter', 'Tab']`); an empty list means the
   * scanner sends no suffix and a scan ends when the keys stop coming.
   */
  readonly suffixKeys?: readonly string[];
  /** Fewest data characters in a scan (default 6). Shorter fast bursts are treated as typing. */
  readonly minLength?: number;
  /** Longest gap between two keys of a scan, in ms (default 35: scanners ≈5 ms, people ≥80 ms). */
  readonly maxInterKeyMs?: number;
  /** Longest scan, in characters (default 4096); a longer run is released as typing. */
  readonly maxLength?: number;
}

/** One keydown, as much of a `KeyboardEvent` as the decoder needs. `time` is in ms on any steady clock. */
export interface WedgeKey {
  readonly key: string;
  readonly time: number;
  readonly ctrlKey?: boolean;
  readonly altKey?: boolean;
  readonly metaKey?: boolean;
  readonly repeat?: boolean;
}

/** What to do with one key, and what it completed. */
export interface WedgeResult {
  /** True: swallow this key (preventDefault). False: let it through. */
  readonly consumed: boolean;
  /**
   * Held characters that turned out to be typed by a person: insert them where they would have gone,
   * BEFORE letting this key through.
   */
  readonly release?: string;
  /** Times of the first and last released keys (with `release`), on the keys' own clock. */
  readonly releaseFirstAt?: number;
  readonly releaseLastAt?: number;
  /** A complete scan (data only: prefix and suffix removed). */
  readonly scan?: string;
  /** Time of the scan's first key (with `scan`). */
  readonly startedAt?: number;
  /** From the scan's first key to its last, in ms (with `scan`). */
  readonly durationMs?: number;
}

export interface WedgeDecoder {
  /** Feeds one keydown; says whether to swallow it and what it completed or released. */
  push(key: WedgeKey): WedgeResult;
  /** Call when no key came by {@link WedgeDecoder.deadline}: ends what is held (a suffix-less scan, or a release). */
  flush(time: number): WedgeResult;
  /** When held keys must be flushed if no other key comes (ms, same clock as `time`); undefined when nothing is held. */
  deadline(): number | undefined;
  /** Drops the current run and returns its held characters, to re-insert (e.g. when focus leaves the window). */
  reset(): string;
}

export const WEDGE_DEFAULTS = {
  prefix: '',
  suffixKeys: ['Enter', 'Tab'],
  minLength: 6,
  maxInterKeyMs: 35,
  maxLength: 4096,
} as const;

/** Keys that only modify others: they neither count as characters nor break a run. */
const MODIFIER_KEYS = new Set([
  'Shift',
  'Control',
  'Alt',
  'AltGraph',
  'Meta',
  'OS',
  'CapsLock',
  'NumLock',
  'ScrollLock',
  'Fn',
  'FnLock',
  'Hyper',
  'Super',
  'Symbol',
  'SymbolLock',
  'Dead',
  'Unidentified',
]);

/** Checks options and fills in defaults; throws RangeError on values that cannot work. */
function resolveOptions(options: WedgeOptions): Required<WedgeOptions> {
  const o = { ...WEDGE_DEFAULTS, ...options };
  if (!Number.isInteger(o.minLength) || o.minLength < 1) throw new RangeError(`minLength must be a whole number ≥ 1, got ${o.minLength}`);
  if (!Number.isFinite(o.maxInterKeyMs) || o.maxInterKeyMs <= 0) throw new RangeError(`maxInterKeyMs must be > 0, got ${o.maxInterKeyMs}`);
  if (!Number.isInteger(o.maxLength) || o.maxLength < o.minLength) throw new RangeError(`maxLength must be a whole number ≥ minLength`);
  if (o.suffixKeys.some((k) => [...k].length === 1)) throw new RangeError('suffixKeys are key names such as Enter or Tab, not characters');
  return o;
}

/**
 * Creates a keyboard-wedge decoder. Feed it every keydown with its timestamp; swallow the keys it
 * says are consumed, insert the `release`d text, handle `scan`s, and call `flush` at `deadline()`.
 */
export function createWedgeDecoder(options: WedgeOptions = {}): WedgeDecoder {
  const o = resolveOptions(options);
  const prefix = [...o.prefix];

  let phase: 'idle' | 'prefix' | 'data' = 'idle';
  let held = ''; // everything swallowed so far in this run (prefix and data), for release
  let data = '';
  let prefixMatched = 0;
  let startedAt = 0;
  let lastAt = 0;

  function clear(): void {
    phase = 'idle';
    held = '';
    data = '';
    prefixMatched = 0;
  }

  function releaseAll(): WedgeResult {
    const text = held;
    clear();
    return text === '' ? { consumed: false } : { consumed: false, release: text, releaseFirstAt: startedAt, releaseLastAt: lastAt };
  }

  /** The run stopped (gap too long): a scanner without suffix is done, anything else was typing. */
  function endRun(): WedgeResult {
    if (phase === 'data' && o.suffixKeys.length === 0 && [...data].length >= o.minLength) {
      const scan = { consumed: false, scan: data, startedAt, durationMs: lastAt - startedAt };
      clear();
      return scan;
    }
    return releaseAll();
  }

  function hold(key: WedgeKey): WedgeResult {
    if (phase === 'idle') startedAt = key.time;
    held += key.key;
    lastAt = key.time;
    return { consumed: true };
  }

  /** Handles a key once any stale run has been ended. */
  function step(key: WedgeKey, isChar: boolean, isSuffix: boolean): WedgeResult {
    switch (phase) {
      case 'idle': {
        if (!isChar) return { consumed: false };
        if (prefix.length > 0) {
          if (key.key !== prefix[0]) return { consumed: false };
          const r = hold(key);
          prefixMatched = 1;
          phase = prefix.length === 1 ? 'data' : 'prefix';
          return r;
        }
        const r = hold(key);
        phase = 'data';
        data = key.key;
        return r;
      }
      case 'prefix': {
        if (isChar && key.key === prefix[prefixMatched]) {
          const r = hold(key);
          prefixMatched += 1;
          if (prefixMatched === prefix.length) phase = 'data';
          return r;
        }
        return merge(releaseAll(), step(key, isChar, isSuffix));
      }
      case 'data': {
        if (isSuffix) {
          if ([...data].length >= o.minLength) {
            const scan = { consumed: true, scan: data, startedAt, durationMs: key.time - startedAt };
            clear();
            return scan;
          }
          return releaseAll();
        }
        if (isChar && [...data].length < o.maxLength) {
          const r = hold(key);
          data += key.key;
          return r;
        }
        return merge(releaseAll(), step(key, isChar, isSuffix));
      }
    }
  }

  return {
    push(key) {
      if (MODIFIER_KEYS.has(key.key)) return { consumed: phase !== 'idle' };
      const shortcut = key.metaKey === true || (key.ctrlKey === true) !== (key.altKey === true); // Ctrl+Alt is AltGr
      const plain = !shortcut && key.repeat !== true;
      const isChar = plain && [...key.key].length === 1;
      const isSuffix = plain && o.suffixKeys.includes(key.key);
      const stale = phase !== 'idle' && key.time - lastAt > o.maxInterKeyMs ? endRun() : { consumed: false };
      return merge(stale, step(key, isChar, isSuffix));
    },
    flush(time) {
      if (phase === 'idle' || time - lastAt <= o.maxInterKeyMs) return { consumed: false };
      return endRun();
    },
    deadline() {
      return phase === 'idle' ? undefined : lastAt + o.maxInterKeyMs;
    },
    reset() {
      const text = held;
      clear();
      return text;
    },
  };
}

/** Combines the result of ending an earlier run with the result of the current key (in that order). */
function merge(before: WedgeResult, now: WedgeResult): WedgeResult {
  const release = (before.release ?? '') + (now.release ?? '');
  const releaseFirstAt = before.releaseFirstAt ?? now.releaseFirstAt;
  const releaseLastAt = now.releaseLastAt ?? before.releaseLastAt;
  const scanOf = before.scan !== undefined ? before : now.scan !== undefined ? now : undefined;
  return {
    consumed: now.consumed,
    ...(release !== '' ? { release } : {}),
    ...(releaseFirstAt !== undefined ? { releaseFirstAt } : {}),
    ...(releaseLastAt !== undefined ? { releaseLastAt } : {}),
    ...(scanOf ? { scan: scanOf.scan, startedAt: scanOf.startedAt, durationMs: scanOf.durationMs } : {}),
  };
}

/** The parts of a DOM `KeyboardEvent` the key handler uses (a real KeyboardEvent fits). */
export interface WedgeKeyboardEvent {
  readonly key: string;
  readonly timeStamp?: number;
  readonly ctrlKey?: boolean;
  readonly altKey?: boolean;
  readonly metaKey?: boolean;
  readonly repeat?: boolean;
  preventDefault(): void;
  stopImmediatePropagation?(): void;
}

export interface WedgeScan {
  readonly data: string;
  readonly startedAt: number;
  readonly durationMs: number;
}

export interface WedgeHandlerCallbacks {
  /** A complete scan. */
  onScan(scan: WedgeScan): void;
  /**
   * Keys a person typed that were held: insert `text` into the focused field (e.g. `input.setRangeText`).
   * `keys` are the times of its first and last keys (same clock as `KeyboardEvent.timeStamp`), when known.
   */
  onRelease(text: string, keys?: { readonly firstAt: number; readonly lastAt: number }): void;
  /** Same clock as `KeyboardEvent.timeStamp` (default `performance.now()`). */
  now?(): number;
}

export interface WedgeKeyHandler {
  /** Give it every keydown, in the capture phase of the window, so it sees keys whatever has focus. */
  handleKeyDown(event: WedgeKeyboardEvent): void;
  /** Releases anything held and stops the flush timer. */
  dispose(): void;
}

/**
 * Browser glue around {@link createWedgeDecoder}: swallows the keys of a scan, re-inserts a person's
 * keys through `onRelease`, and flushes with a timer. Usage in the renderer:
 * `window.addEventListener('keydown', h.handleKeyDown, { capture: true })`.
 */
export function createWedgeKeyHandler(options: WedgeOptions, callbacks: WedgeHandlerCallbacks): WedgeKeyHandler {
  const decoder = createWedgeDecoder(options);
  const now = callbacks.now ?? (() => globalThis.performance.now());
  const gapMs = options.maxInterKeyMs ?? WEDGE_DEFAULTS.maxInterKeyMs;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function deliver(r: WedgeResult): void {
    if (r.release !== undefined) {
      const keys = r.releaseFirstAt !== undefined && r.releaseLastAt !== undefined ? { firstAt: r.releaseFirstAt, lastAt: r.releaseLastAt } : undefined;
      callbacks.onRelease(r.release, keys);
    }
    if (r.scan !== undefined) callbacks.onScan({ data: r.scan, startedAt: r.startedAt ?? 0, durationMs: r.durationMs ?? 0 });
  }

  function schedule(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const deadline = decoder.deadline();
    if (deadline === undefined) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        deliver(decoder.flush(now()));
        schedule(); // fired a hair early: try again
      },
      // Never sooner than the gap after a key was received: a busy machine hands over keys stamped in
      // the past, and a timer already due would cut the scan between two keys that are still queued.
      Math.max(deadline - now(), gapMs) + 1,
    );
  }

  return {
    handleKeyDown(event) {
      const r = decoder.push({
        key: event.key,
        time: event.timeStamp ?? now(),
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        repeat: event.repeat,
      });
      if (r.consumed) {
        event.preventDefault();
        event.stopImmediatePropagation?.();
      }
      deliver(r);
      schedule();
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      const text = decoder.reset();
      if (text !== '') callbacks.onRelease(text);
    },
  };
}
