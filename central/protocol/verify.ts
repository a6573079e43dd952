/**
 * Central's crypto for the protocol: checks a terminal's signed request and journal entries, signs what
 * central sends (common/protocol holds the pure rules; node/protocol and node/journal what both ends
 * compute alike: the content digest, the enrolment code's keys and MAC, the entry hash).
 */
import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import {
  enrolProofString,
  lotterySigningString,
  requestSigningString,
  type LotteryDocumentKind,
  type SignedRequestParts,
  type WireJournalEntry,
} from '../../common/protocol/index.js';
import { entryHash } from '../../node/journal/entry-hash.js';

/** Parses an SPKI PEM Ed25519 public key, or returns null. */
export function parseEd25519PublicKey(pem: string): KeyObject | null {
  // Parsing a PEM costs more than verifying a signature: every request and push of a terminal uses the
  // same key, so parsed keys are kept (a fleet of 35,000 terminals fits; past that, start again).
  const cached = parsedKeys.get(pem);
  if (cached !== undefined) return cached;
  let key: KeyObject | null;
  try {
    const k = createPublicKey(pem);
    key = k.asymmetricKeyType === 'ed25519' ? k : null;
  } catch {
    key = null;
  }
  if (parsedKeys.size >= MAX_PARSED_KEYS) parsedKeys.clear();
  parsedKeys.set(pem, key);
  return key;
}

const MAX_PARSED_KEYS = 100_000;
const parsedKeys = new Map<string, KeyObject | null>();

function verifyB64(message: string, key: KeyObject, signatureB64: string): boolean {
  try {
    return verify(null, Buffer.from(message, 'utf8'), key, Buffer.from(signatureB64, 'base64'));
  } catch {
    return false;
  }
}

/** True when `signature` signs the request's signing string with `key`. */
export function verifyRequestSignature(parts: SignedRequestParts, signatureB64: string, key: KeyObject): boolean {
  return verifyB64(requestSigningString(parts), key, signatureB64);
}

/** True when `proof` shows the holder of `publicKeyPem`'s private key asked to enrol with the code `codeId`, with `nonce`. */
export function verifyEnrolProof(codeId: string, publicKeyPem: string, nonce: string, proof: string, key: KeyObject): boolean {
  return verifyB64(enrolProofString(codeId, publicKeyPem, nonce), key, proof);
}

/** What is wrong with one entry on its own (hash or signature), or null. The chain link is checked by the caller. */
export function entryProblem(e: WireJournalEntry, key: KeyObject): 'entry_hash' | 'entry_signature' | null {
  let hash: string;
  try {
    hash = entryHash(e, e.prev_hash);
  } catch {
    return 'entry_hash';
  }
  if (hash !== e.hash) return 'entry_hash';
  return verifyB64(e.hash, key, e.signature) ? null : 'entry_signature';
}

/** Problem codes of `entryProblemCodes`: 0 none, 1 `entry_hash`, 2 `entry_signature`. */
export const ENTRY_PROBLEMS = [null, 'entry_hash', 'entry_signature'] as const;

/** `entryProblem` of each entry, as codes (ENTRY_PROBLEMS), checked with the key in `pem` (what verify-pool's workers run). */
export function entryProblemCodes(entries: readonly WireJournalEntry[], pem: string): Uint8Array {
  const key = parseEd25519PublicKey(pem);
  const out = new Uint8Array(entries.length);
  entries.forEach((e, i) => {
    const p = key ? entryProblem(e, key) : 'entry_signature';
    out[i] = p === null ? 0 : p === 'entry_hash' ? 1 : 2;
  });
  return out;
}

/** Signs a lottery document (enrolment answer, feed entry) with the lottery's private key. */
export function signLotteryDocument(kind: LotteryDocumentKind, body: unknown, privateKey: KeyObject): string {
  return sign(null, Buffer.from(lotterySigningString(kind, body), 'utf8'), privateKey).toString('base64');
}
