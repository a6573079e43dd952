/**
 * A million mutated barcodes (`npm run soak`; 100,000 in `npm test`) fed to the offline checker (TicketChecker.check, the whole path: parse,
 * block lookup, stored record, hidden code) of a small real emission drawn by the lottery's generator:
 * no crash, and no verdict other than the right one (for a string that still reads as a real ticket's
 * barcode) or a refusal (malformed, bad check digit, unknown ticket, wrong code).
 *
 * Mutations, from a seeded generator (reproducible; the seed is in the failure message): every digit
 * changed to every other digit, adjacent and distant swaps, cuts (prefixes, suffixes, one character
 * deleted), extensions (a digit inserted or appended), other alphabets and Unicode (full-width,
 * Arabic-Indic, Devanagari and other digits, look-alike letters, superscripts, combining marks,
 * zero-width and bidirectional marks, emoji, lone surrogates, NUL, inner spaces), and stacks of two to
 * five random mutations. The exhaustive single-digit and swap mutations of every unit come first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmission } from '../../../../central/emission/create.js';
import { exportUnits } from '../../../../central/emission/export.js';
import { readPrintFile } from '../../../../central/emission/print-file.js';
import { openTerminal, type Terminal } from '../../../../main/kernel/data-folder.js';
import { enrolKeyFile } from '../../../../main/services/outcomes/trust.js';
import { importOutcomeFile } from '../../../../main/services/outcomes/import.js';
import { TicketChecker, type VerdictKind } from '../../../../main/services/tickets/check.js';
import { soakSize } from '../../../support/soak.js';

// A million under `npm run soak`; 100,000 in `npm test`, which still holds every exhaustive mutation.
const TOTAL = soakSize(100_000, 1_000_000);
const SEED = 0x9e3779b9;
const UNITS = 60;
const GAMES = ['annee-chance-2013', 'millionnaire'] as const;
const REFUSALS: ReadonlySet<VerdictKind> = new Set(['malformed', 'bad-check-digit', 'unknown-ticket', 'wrong-code']);

/** Mulberry32: small, fast, seeded. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Characters a digit may be replaced with: other scripts' digits, look-alikes, invisible and hostile ones. */
const ALIENS = [
  ...'０１２３４５６７８９', // full-width
  ...'٠١٢٣٤٥٦٧٨٩', // Arabic-Indic
  ...'۰۱۲۳۴۵۶۷۸۹', // Persian
  ...'०१२३४५६७८९', // Devanagari
  ...'০১২৩৪৫৬৭৮৯', // Bengali
  ...'⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉', // super- and subscripts
  ...'①②③⑴𝟎𝟏𝟐𝟗', // enclosed, mathematical
  ...'OoIlSBZgqDAbx', // Latin look-alikes
  ...'ОоІЗбЬ', // Cyrillic look-alikes
  '\u0301', '\u0308', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u200e', '\u200f', '\u202e', '\u2066',
  ' ', '\t', '\n', '\r', '\u00a0', '\u2007', '\u3000', '\0', '\u007f', '-', '+', '.', ',', '_', '/', '*', '#', '%', 'e', 'E',
  '🎟', '💶', '\ud800', '\udfff', '\uffff', '�',
];

function mutateOnce(s: string, r: () => number): string {
  const n = s.length;
  const at = Math.floor(r() * Math.max(n, 1));
  const digit = String(Math.floor(r() * 10));
  switch (Math.floor(r() * 9)) {
    case 0: // change a digit
      return s.slice(0, at) + digit + s.slice(at + 1);
    case 1: {
      // swap two characters (adjacent half the time)
      const other = r() < 0.5 ? Math.min(at + 1, n - 1) : Math.floor(r() * n);
      const a = [...s];
      [a[at], a[other]] = [a[other] as string, a[at] as string];
      return a.join('');
    }
    case 2: // cut the end
      return s.slice(0, at);
    case 3: // cut the start
      return s.slice(at);
    case 4: // delete one character
      return s.slice(0, at) + s.slice(at + 1);
    case 5: // insert a digit
      return s.slice(0, at) + digit + s.slice(at);
    case 6: // extend at the end (1 to 20 digits)
      return s + Array.from({ length: 1 + Math.floor(r() * 20) }, () => String(Math.floor(r() * 10))).join('');
    case 7: // another alphabet in place of a character
      return s.slice(0, at) + (ALIENS[Math.floor(r() * ALIENS.length)] as string) + s.slice(at + 1);
    default: // another alphabet inserted
      return s.slice(0, at) + (ALIENS[Math.floor(r() * ALIENS.length)] as string) + s.slice(at);
  }
}

interface Expected {
  readonly verdict: 'winner' | 'loser';
  readonly prize_cents: number;
}

let dir: string;
let terminal: Terminal;
const expected = new Map<string, Expected>();

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'guichet-fuzz-'));
  const lottery = path.join(dir, 'lottery');
  terminal = openTerminal(path.join(dir, 'data'), { create: true });
  for (const game of GAMES) {
    const created = await createEmission({ game, emission: 1, units: UNITS, outDir: lottery, workers: 0 });
    if (expected.size === 0) enrolKeyFile(terminal.db, created.publicKeyPath);
    for (const b of created.blocks) {
      importOutcomeFile(terminal, b.outcomePath);
      for (const u of exportUnits(readPrintFile(b.printPath), 0, UNITS)) {
        expected.set(u.barcodes.validation, u.prize_cents > 0 ? { verdict: 'winner', prize_cents: u.prize_cents } : { verdict: 'loser', prize_cents: 0 });
      }
    }
  }
}, 120_000);

afterAll(() => {
  terminal?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`the offline checker under ${TOTAL.toLocaleString('en')} mutated barcodes`, () => {
  it('never crashes and gives only the right verdict or a refusal', () => {
    const checker = new TicketChecker(terminal);
    const originals = [...expected.keys()];
    expect(originals.length).toBe(UNITS * GAMES.length);
    expect([...expected.values()].some((e) => e.verdict === 'winner')).toBe(true);
    const counts = new Map<string, number>();
    let checked = 0;
    let rightOnes = 0;
    const feed = (input: string, origin: string): void => {
      checked++;
      let v;
      try {
        v = checker.check(input);
      } catch (err) {
        throw new Error(`seed ${SEED}, input ${JSON.stringify(input)} (from ${origin}) crashed the checker: ${(err as Error).stack ?? String(err)}`);
      }
      counts.set(v.verdict, (counts.get(v.verdict) ?? 0) + 1);
      // The checker reads the barcode trimmed: a mutation that only added surrounding whitespace is the same barcode.
      const same = expected.get(input.trim());
      if (same) {
        rightOnes++;
        if (v.verdict !== same.verdict || v.prize_cents !== same.prize_cents) {
          throw new Error(`seed ${SEED}, input ${JSON.stringify(input)}: ${v.verdict} ${String(v.prize_cents)}, expected ${same.verdict} ${same.prize_cents}`);
        }
      } else if (!REFUSALS.has(v.verdict)) {
        throw new Error(`seed ${SEED}, input ${JSON.stringify(input)} (from ${origin}): verdict ${v.verdict}, expected a refusal`);
      }
    };
    try {
      // 1. The originals, then every single-digit change and every adjacent swap of every unit: exhaustive.
      for (const b of originals) {
        feed(b, 'original');
        for (let i = 0; i < b.length; i++) {
          for (let d = 0; d < 10; d++) if (String(d) !== b[i]) feed(b.slice(0, i) + String(d) + b.slice(i + 1), b);
          if (i + 1 < b.length && b[i] !== b[i + 1]) feed(b.slice(0, i) + b[i + 1] + b[i] + b.slice(i + 2), b);
        }
      }
      // 2. Random stacks of one to five mutations, up to TOTAL inputs in all.
      const r = prng(SEED);
      while (checked < TOTAL) {
        const b = originals[Math.floor(r() * originals.length)] as string;
        let m = b;
        const depth = 1 + Math.floor(r() * r() * 5);
        for (let k = 0; k < depth; k++) m = mutateOnce(m, r);
        feed(m, b);
      }
    } finally {
      checker.close();
    }
    expect(checked).toBe(TOTAL);
    // The inputs reached every refusal, and some mutations came back to a real barcode (answered right).
    for (const kind of REFUSALS) expect(counts.get(kind) ?? 0, `verdict ${kind}`).toBeGreaterThan(0);
    expect(rightOnes).toBeGreaterThan(originals.length);
    expect((counts.get('winner') ?? 0) + (counts.get('loser') ?? 0)).toBe(rightOnes);
  }, 300_000);
});
