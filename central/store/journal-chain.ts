/**
 * Central's own journal as a hash chain signed by central's online key, like a terminal's journal
 * (main/kernel/chain.ts): each row holds its number, the previous row's hash, the SHA-256 of the
 * previous hash and a canonical encoding of the row (number, time, actor, type, payload: the same link
 * as a terminal entry's, node/journal/entry-hash.ts), and an Ed25519 signature of that hash by an
 * online key the lottery root certified. An edited row no longer matches its hash; a deleted row
 * leaves a gap in the numbers and a broken link; an inserted row has neither a hash in the chain nor a
 * signature central made.
 */
import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { checkCertificate } from '../../node/outcome/certificates.js';
import { keyFingerprint } from '../../node/outcome/keys.js';
import { GENESIS_HASH, linkHash } from '../../node/journal/entry-hash.js';
import type { Certificate } from '../../common/protocol/index.js';
import type { Queryable } from './db.js';

export interface CentralJournalFields {
  readonly entry_id: number;
  readonly at: string;
  readonly actor: string;
  readonly type: string;
  readonly payload: unknown;
}

export interface SealedCentralEntry extends CentralJournalFields {
  readonly prev_hash: string;
  readonly hash: string;
  readonly signer: string;
  /** Base64 Ed25519 signature of `hash` (its hex text). */
  readonly signature: string;
}

/** The payload as the database gives it back (JSON without `undefined`), so both ends hash the same bytes. */
export function plainPayload(payload: unknown): unknown {
  return JSON.parse(JSON.stringify(payload ?? {})) as unknown;
}

export function centralEntryHash(f: CentralJournalFields, prevHash: string): string {
  return linkHash(prevHash, { seq: f.entry_id, at: f.at, actor: f.actor, type: f.type, payload: plainPayload(f.payload) });
}

export function sealCentralEntry(f: CentralJournalFields, prevHash: string, key: { privateKey: KeyObject; fingerprint: string }): SealedCentralEntry {
  const hash = centralEntryHash(f, prevHash);
  return { ...f, prev_hash: prevHash, hash, signer: key.fingerprint, signature: sign(null, Buffer.from(hash, 'utf8'), key.privateKey).toString('base64') };
}

export type CentralChainProblem = 'sequence' | 'link' | 'hash' | 'signature' | 'unsealed';

export interface CentralChainBreak {
  readonly entry_id: number;
  readonly problem: CentralChainProblem;
  /** What happened, in words: an edited, deleted or inserted row. */
  readonly detail: string;
}

export interface CentralChainReport {
  readonly ok: boolean;
  readonly entries: number;
  readonly last_hash: string;
  readonly first_break?: CentralChainBreak;
}

/** A row as stored or exported: the seal fields may be missing (a row written around central). */
export interface StoredCentralEntry extends CentralJournalFields {
  readonly prev_hash: string | null;
  readonly hash: string | null;
  readonly signer: string | null;
  readonly signature: string | null;
}

/**
 * Verifies rows in entry order against the online keys given by fingerprint (each certified by the
 * root: see certifiedOnlineKeys). Names the first row that breaks the chain, and how.
 */
export function verifyCentralChain(rows: Iterable<StoredCentralEntry>, keys: ReadonlyMap<string, KeyObject>): CentralChainReport {
  let prev = GENESIS_HASH;
  let expected = 1;
  let count = 0;
  for (const r of rows) {
    count++;
    const fail = (problem: CentralChainProblem, detail: string): CentralChainReport => ({ ok: false, entries: count, last_hash: prev, first_break: { entry_id: r.entry_id, problem, detail } });
    if (r.entry_id < expected) return fail('sequence', `entry ${r.entry_id} comes again after entry ${expected - 1}: an inserted row`);
    if (r.entry_id > expected) {
      return fail('sequence', expected === r.entry_id - 1 ? `entry ${expected} is missing before entry ${r.entry_id}: a deleted row` : `entries ${expected} to ${r.entry_id - 1} are missing: deleted rows`);
    }
    if (!r.hash || !r.prev_hash || !r.signature || !r.signer) return fail('unsealed', `entry ${r.entry_id} has no seal: a row written around central (inserted or rewritten)`);
    if (r.prev_hash !== prev) return fail('link', `entry ${r.entry_id} does not follow entry ${r.entry_id - 1}: its previous hash differs (a row before it was deleted, inserted or re-sealed)`);
    if (centralEntryHash(r, prev) !== r.hash) return fail('hash', `entry ${r.entry_id} (${r.type}) was edited: its contents do not match its hash`);
    const key = keys.get(r.signer);
    if (!key) return fail('signature', `entry ${r.entry_id} names signer ${r.signer.slice(0, 16)}…, not an online key the lottery root certified`);
    if (!verify(null, Buffer.from(r.hash, 'utf8'), key, Buffer.from(r.signature, 'base64'))) return fail('signature', `entry ${r.entry_id} is not signed by central's online key ${r.signer.slice(0, 16)}…: an inserted or rewritten row`);
    prev = r.hash;
    expected++;
  }
  return { ok: true, entries: count, last_hash: prev };
}

/** The online keys a root certified, by fingerprint (revoked ones too: what they signed before stays theirs). */
export function certifiedOnlineKeys(root: KeyObject, certificates: readonly Certificate[]): Map<string, KeyObject> {
  const out = new Map<string, KeyObject>();
  for (const cert of certificates) {
    if (cert.body.role !== 'online') continue;
    try {
      const key = checkCertificate(cert, root);
      out.set(keyFingerprint(key), key);
    } catch {
      // Not a certificate of this root: trusted for nothing.
    }
  }
  return out;
}

export function rootKeyOf(pem: string): KeyObject {
  return createPublicKey(pem);
}

const COLUMNS = 'entry_id, at, actor, type, payload, prev_hash, hash, signer, signature';

/** Rows in entry order, `limit` at a time after `after`. */
export async function centralJournalRows(q: Queryable, after = 0, limit = 10_000): Promise<StoredCentralEntry[]> {
  return q.query<StoredCentralEntry>(`SELECT ${COLUMNS} FROM central_journal WHERE entry_id > $1 ORDER BY entry_id LIMIT $2`, [after, limit]);
}
