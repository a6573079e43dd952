import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../common/canonical-json.js';
import { sealEntry, verifyChain, type JournalEntry } from '../../../main/kernel/chain.js';
import { GENESIS_HASH } from '../../../node/journal/entry-hash.js';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');

function chain(n: number, key = privateKey): JournalEntry[] {
  const out: JournalEntry[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const e = sealEntry(
      { seq, at: `2026-11-30T10:00:${String(seq).padStart(2, '0')}.000Z`, terminal: 'T-001', type: 'sale', operator: 'alice', payload: { total_cents: seq * 300 } },
      prev,
      key,
    );
    out.push(e);
    prev = e.hash;
  }
  return out;
}

describe('canonicalJson', () => {
  it('sorts keys at every level and refuses fractions', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 'x' }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"y":"x","z":1}]},"b":1}');
    expect(() => canonicalJson({ amount: 1.5 })).toThrow(/whole numbers/);
  });
});

describe('verifyChain', () => {
  it('accepts an intact chain', () => {
    const report = verifyChain(chain(10), publicKey);
    expect(report).toMatchObject({ ok: true, entries: 10 });
  });

  it('detects an edited entry and names it', () => {
    const entries = chain(10);
    entries[4] = { ...entries[4]!, payload: { total_cents: 1 } };
    expect(verifyChain(entries, publicKey).first_break).toMatchObject({ seq: 5, problem: 'hash' });
  });

  it('detects an edit whose hash was recomputed (the signature no longer matches)', () => {
    const entries = chain(5);
    const forged = sealEntry({ ...entries[2]!, payload: { total_cents: 1 } }, entries[1]!.hash, generateKeyPairSync('ed25519').privateKey);
    entries[2] = forged;
    expect(verifyChain(entries, publicKey).first_break).toMatchObject({ seq: 3, problem: 'signature' });
  });

  it('detects a deleted entry', () => {
    const entries = chain(10);
    entries.splice(6, 1);
    expect(verifyChain(entries, publicKey).first_break).toMatchObject({ seq: 8, problem: 'sequence' });
  });

  it('detects a deleted entry whose followers were renumbered', () => {
    const entries = chain(10);
    entries.splice(6, 1);
    const renumbered = entries.map((e, i) => ({ ...e, seq: i + 1 }));
    expect(verifyChain(renumbered, publicKey).first_break).toMatchObject({ seq: 7, problem: 'link' });
  });

  it('detects an inserted entry', () => {
    const entries = chain(6);
    const extra = sealEntry({ ...entries[2]!, seq: 4, payload: { total_cents: 0 } }, entries[2]!.hash, privateKey);
    const tampered = [...entries.slice(0, 3), extra, ...entries.slice(3).map((e) => ({ ...e, seq: e.seq + 1 }))];
    expect(verifyChain(tampered, publicKey).first_break).toMatchObject({ seq: 5, problem: 'link' });
  });

  it('detects reordered entries', () => {
    const entries = chain(6);
    const swapped = [entries[0]!, entries[2]!, entries[1]!, ...entries.slice(3)];
    expect(verifyChain(swapped, publicKey).first_break).toMatchObject({ seq: 3, problem: 'sequence' });
  });

  it('detects a truncated head (first entry removed)', () => {
    expect(verifyChain(chain(4).slice(1), publicKey).first_break).toMatchObject({ seq: 2, problem: 'sequence' });
  });
});
