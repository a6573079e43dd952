/**
 * The journal's hash chain. Each entry carries the SHA-256 of the previous entry (its hash:
 * node/journal/entry-hash.ts) and an Ed25519 signature by the terminal's own key over its own hash, so
 * that any edit, deletion, insertion or reordering is detected (French law's inalterability for
 * point-of-sale software: corrections are new entries, never edits).
 */
import { sign, verify, type KeyObject } from 'node:crypto';
import { entryHash, GENESIS_HASH, type JournalFields } from '../../node/journal/entry-hash.js';

export interface JournalEntry extends JournalFields {
  readonly prev_hash: string;
  readonly hash: string;
  /** Base64 Ed25519 signature of `hash` (hex text). */
  readonly signature: string;
}

export function sealEntry(fields: JournalFields, prevHash: string, privateKey: KeyObject): JournalEntry {
  const hash = entryHash(fields, prevHash);
  const signature = sign(null, Buffer.from(hash, 'utf8'), privateKey).toString('base64');
  return { ...fields, prev_hash: prevHash, hash, signature };
}

export type ChainProblem = 'sequence' | 'link' | 'hash' | 'signature';

export interface ChainBreak {
  readonly seq: number;
  readonly problem: ChainProblem;
  readonly detail: string;
}

export interface ChainReport {
  readonly ok: boolean;
  readonly entries: number;
  readonly last_hash: string;
  readonly first_break?: ChainBreak;
}

/**
 * Verifies entries in the order given (the order of `seq` in the table). Names the first broken
 * entry: a gap or repeat of `seq` (deletion, insertion, reordering), a `prev_hash` that is not the
 * hash of the entry before (deletion, insertion, reordering), a hash that does not match the
 * contents (edit), or a signature that does not verify (forged entry).
 */
export function verifyChain(entries: Iterable<JournalEntry>, publicKey: KeyObject): ChainReport {
  let prev = GENESIS_HASH;
  let expectedSeq = 1;
  let count = 0;
  for (const e of entries) {
    count++;
    const fail = (problem: ChainProblem, detail: string): ChainReport => ({
      ok: false,
      entries: count,
      last_hash: prev,
      first_break: { seq: e.seq, problem, detail },
    });
    if (e.seq !== expectedSeq) return fail('sequence', `expected entry ${expectedSeq}, found ${e.seq}`);
    if (e.prev_hash !== prev) return fail('link', `entry ${e.seq} does not follow entry ${e.seq - 1}: its previous hash differs`);
    const hash = entryHash(e, prev);
    if (hash !== e.hash) return fail('hash', `entry ${e.seq} was altered: its contents do not match its hash`);
    if (!verify(null, Buffer.from(e.hash, 'utf8'), publicKey, Buffer.from(e.signature, 'base64'))) {
      return fail('signature', `entry ${e.seq} is not signed by this terminal's key`);
    }
    prev = e.hash;
    expectedSeq++;
  }
  return { ok: true, entries: count, last_hash: prev };
}
