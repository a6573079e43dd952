/**
 * Where scans go. Two sources feed one router: the keyboard-wedge decoder on the window's keydown
 * (capture phase, so it sees keys whatever has focus and swallows a scan's keys before any text field
 * gets them) and the host's `scan` events (serial/HID/virtual scanners). The screen on top — the last
 * one that subscribed and is still mounted — receives each scan; nobody else does.
 */
import { createWedgeKeyHandler, WEDGE_DEFAULTS, type WedgeKeyHandler, type WedgeOptions } from '../../../common/wedge-decoder.js';

export interface Scan {
  readonly data: string;
  /** 'wedge' for the keyboard, else the host scanner's source (e.g. `virtual:counter`). */
  readonly source: string;
  readonly symbology?: string;
  /** UTC ISO time the scan completed (host time for host scanners). */
  readonly receivedAt: string;
  /** Wedge scans: from first key to last, ms. */
  readonly durationMs?: number;
}

export type ScanHandler = (scan: Scan) => void;

export interface ScanRouter {
  /** Pushes a handler on top; returns the function that removes it. */
  subscribe(handler: ScanHandler): () => void;
  /** Delivers a scan to the top handler (returns false when nobody listens). */
  deliver(scan: Scan): boolean;
}

export function createScanRouter(): ScanRouter {
  const stack: { handler: ScanHandler }[] = [];
  return {
    subscribe(handler) {
      const entry = { handler };
      stack.push(entry);
      return () => {
        const i = stack.indexOf(entry);
        if (i >= 0) stack.splice(i, 1);
      };
    },
    deliver(scan) {
      const top = stack[stack.length - 1];
      if (!top) return false;
      top.handler(scan);
      return true;
    },
  };
}

/** True for elements that take typed text. */
function isTextField(el: Element | null): el is HTMLInputElement | HTMLTextAreaElement {
  if (el instanceof HTMLTextAreaElement) return !el.readOnly && !el.disabled;
  if (!(el instanceof HTMLInputElement)) return false;
  if (el.readOnly || el.disabled) return false;
  return ['text', 'search', 'password', 'tel', 'number', 'email', 'url', ''].includes(el.type);
}

/** Longest gap between keys the kiosk still takes for a scanner (scanners ≈ 5 ms, people ≥ 80 ms). */
export const KIOSK_MAX_INTER_KEY_MS = 50;
/** Released keys followed this closely by a scan were the scan's own head, split by a hiccup. */
export const RECLAIM_WINDOW_MS = 100;
/**
 * Same, for keys released in bursts (several characters at once: faster than anyone types) — a
 * machine busy enough to split a scan can also take this long before the rest comes.
 */
export const RECLAIM_BURST_WINDOW_MS = 1000;

/** What the last re-insertion put into which field, to take it back if it turns out to be a scan's head. */
interface Inserted {
  readonly el: HTMLInputElement | HTMLTextAreaElement;
  readonly before: string;
  after: string;
  text: string;
  at: number;
  /** Some release held several characters at once. */
  burst: boolean;
}

/**
 * Re-inserts keys a person typed (held by the decoder while they might have been a scan) into the
 * focused field at its caret, and tells React about it with an `input` event. With no text field
 * focused, the keys are replayed as (untrusted) keydown events so that screens' key shortcuts
 * (digits on a keypad, letters) still see them. Returns what it inserted into a field.
 */
/**
 * The screen's field for typed codes (`data-typing-target`), when it is in sight and nothing covers
 * it (a dialog, the operator switch): where digits typed with no field focused go.
 */
export function typingTarget(): HTMLInputElement | HTMLTextAreaElement | null {
  const el = document.querySelector('[data-typing-target]');
  if (!isTextField(el)) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top === el || (top !== null && el.contains(top)) ? el : null;
}

export function insertTyped(text: string): { el: HTMLInputElement | HTMLTextAreaElement; before: string; after: string } | null {
  let el = document.activeElement;
  // Typed characters with no field focused (after a verdict put the focus on its button, say) go to
  // the screen's code field, in sight — never nowhere.
  if (!isTextField(el) && /^[\p{L}\p{N}]+$/u.test(text)) {
    const target = typingTarget();
    if (target) {
      target.focus();
      el = target;
    }
  }
  if (!isTextField(el)) {
    const target = el ?? document.body;
    for (const key of text) target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    return null;
  }
  const before = el.value;
  const max = el.maxLength > 0 ? el.maxLength : Infinity;
  try {
    const start = el.selectionStart ?? el.value.length;
    const end = el.selectionEnd ?? el.value.length;
    const room = Math.max(0, max - (el.value.length - (end - start)));
    el.setRangeText(text.slice(0, room), start, end, 'end');
  } catch {
    // type=number has no selection API: append.
    el.value = (el.value + text).slice(0, max === Infinity ? undefined : max);
  }
  el.dispatchEvent(new Event('input', { bubbles: true }));
  return { el, before, after: el.value };
}

/** Puts a field back as it was (React hears about it). */
function restoreField(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The last release, with the time its last key was pressed (the keys' own clock). */
interface Split {
  readonly el: HTMLInputElement | HTMLTextAreaElement;
  readonly before: string;
  readonly after: string;
  readonly text: string;
  /** Times of the chain's first and last keys (the keys' own clock). */
  readonly firstAt: number;
  readonly keyAt: number;
}

/**
 * Attaches the wedge decoder to the window (capture phase) and routes its scans; returns the
 * function that detaches it (releasing held keys into the focused field).
 *
 * A busy machine can stretch a gap inside a scan beyond the limit: the head is then released as
 * typing and the tail decoded as a scan. When a scan starts right after keys were re-inserted into a
 * field that nobody touched since, those keys are taken back out of the field and put in front of
 * the scan, so a scan never leaves characters in a text field.
 *
 * A busy machine can also deliver a scan's keys late, so that the flush timer releases the head
 * before the next key arrives, though the keys' own times are a scanner's: a head whose last key was
 * pressed within the decoder's gap of the scan's first is the scan's own, even in a field for amounts.
 * Cut pieces chain by the same rule, and a suffix key (Enter) within the gap of a chain as long as a
 * scan ends that chain as a scan, even when its last piece alone was too short to be one.
 */
export function attachWedge(router: ScanRouter, options: WedgeOptions = { maxInterKeyMs: KIOSK_MAX_INTER_KEY_MS }): () => void {
  let inserted: Inserted | null = null;
  const maxGap = options.maxInterKeyMs ?? WEDGE_DEFAULTS.maxInterKeyMs;
  const minLength = options.minLength ?? WEDGE_DEFAULTS.minLength;
  const suffixKeys: readonly string[] = options.suffixKeys ?? WEDGE_DEFAULTS.suffixKeys;
  let split: Split | null = null;
  /** Keys released with no field to take them (replayed as key events), for a scan that follows at once. */
  let loose: { text: string; at: number; burst: boolean } | null = null;
  let scans = 0;
  const handler: WedgeKeyHandler = createWedgeKeyHandler(options, {
    onScan: (s) => {
      scans++;
      let data = s.data;
      const head = inserted;
      inserted = null;
      const cut = split;
      split = null;
      const gap = head ? s.startedAt - head.at : Infinity;
      // A field for amounts (`data-keep-typed`) keeps what a person typed in it, however close the next
      // scan: only a burst (a machine, never a hand) is taken back from it.
      const keep = head?.el.dataset.keepTyped !== undefined;
      const reclaim = keep ? head?.burst === true && gap <= RECLAIM_BURST_WINDOW_MS : gap <= RECLAIM_WINDOW_MS || (head?.burst === true && gap <= RECLAIM_BURST_WINDOW_MS);
      const sinceCut = cut ? s.startedAt - cut.keyAt : Infinity;
      if (cut && cut.el.value === cut.after && sinceCut >= 0 && sinceCut <= maxGap) {
        // By the keys' own times one run: the split was the machine's (every release it chained is taken back).
        restoreField(cut.el, cut.before);
        data = cut.text + data;
      } else if (head && head.el.value === head.after && reclaim) {
        restoreField(head.el, head.before);
        data = head.text + data;
      } else if (!head && loose && (s.startedAt - loose.at <= RECLAIM_WINDOW_MS || (loose.burst && s.startedAt - loose.at <= RECLAIM_BURST_WINDOW_MS))) {
        // The head went to no field (replayed as keys): it still belongs in front of the scan.
        data = loose.text + data;
      }
      loose = null;
      router.deliver({ data, source: 'wedge', receivedAt: new Date().toISOString(), durationMs: Math.round(s.durationMs) });
    },
    onRelease: (text, keys) => {
      const now = performance.now();
      const r = insertTyped(text);
      // Releases into the same untouched field whose keys follow each other within the decoder's gap
      // (by their own times) are one split run: a loaded machine can cut a scan in several places.
      const prev = split;
      const gapFromPrev = prev && keys ? keys.firstAt - prev.keyAt : Infinity;
      const chained = r && prev && prev.el === r.el && prev.after === r.before && gapFromPrev >= 0 && gapFromPrev <= maxGap;
      split =
        r && keys
          ? chained && prev
            ? { el: r.el, before: prev.before, after: r.after, text: prev.text + text, firstAt: prev.firstAt, keyAt: keys.lastAt }
            : { el: r.el, before: r.before, after: r.after, text, firstAt: keys.firstAt, keyAt: keys.lastAt }
          : null;
      if (!r) {
        inserted = null;
        const chained = loose && now - loose.at <= RECLAIM_BURST_WINDOW_MS;
        loose = { text: (chained && loose ? loose.text : '') + text, at: now, burst: [...text].length > 1 || (chained && loose ? loose.burst : false) };
        return;
      }
      loose = null;
      // Contiguous releases into the same untouched field form one head.
      const burst = [...text].length > 1;
      if (inserted && inserted.el === r.el && inserted.after === r.before && now - inserted.at <= RECLAIM_BURST_WINDOW_MS) {
        inserted.after = r.after;
        inserted.text += text;
        inserted.at = now;
        inserted.burst ||= burst;
      } else {
        inserted = { el: r.el, before: r.before, after: r.after, text, at: now, burst };
      }
    },
  });
  // Replayed keys (see insertTyped) are untrusted: let them through untouched.
  const onKey = (e: KeyboardEvent) => {
    if (!e.isTrusted) return;
    const before = scans;
    handler.handleKeyDown(e);
    // The suffix of a scan cut so often that its last piece was too short to read as one: by the keys'
    // own times the chained pieces and this key are one scanner's run — the scan, not the field's.
    const cut = split;
    const sinceCut = cut ? e.timeStamp - cut.keyAt : Infinity;
    const plain = !e.ctrlKey && !e.altKey && !e.metaKey && !e.repeat;
    if (scans === before && cut && plain && suffixKeys.includes(e.key) && cut.el.value === cut.after && [...cut.text].length >= minLength && sinceCut >= 0 && sinceCut <= maxGap) {
      e.preventDefault();
      e.stopImmediatePropagation();
      split = null;
      inserted = null;
      loose = null;
      scans++;
      restoreField(cut.el, cut.before);
      router.deliver({ data: cut.text, source: 'wedge', receivedAt: new Date().toISOString(), durationMs: Math.round(e.timeStamp - cut.firstAt) });
      return;
    }
    // A person's Enter, Tab or Escape ends what they typed: it can no longer be the head of a scan.
    if (scans === before && (e.key === 'Enter' || e.key === 'Tab' || e.key === 'Escape')) {
      inserted = null;
      loose = null;
      split = null;
    }
  };
  // So does a click or a touch.
  const onPointer = () => {
    inserted = null;
    loose = null;
    split = null;
  };
  const onBlur = () => handler.dispose();
  window.addEventListener('keydown', onKey, { capture: true });
  window.addEventListener('pointerdown', onPointer, { capture: true });
  window.addEventListener('blur', onBlur);
  return () => {
    window.removeEventListener('keydown', onKey, { capture: true });
    window.removeEventListener('pointerdown', onPointer, { capture: true });
    window.removeEventListener('blur', onBlur);
    handler.dispose();
  };
}
