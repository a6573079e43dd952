/**
 * The terminal and central compute alike what they once each computed on their own: the journal entry
 * hash, the enrolment code's keys and MAC, and the request digest (node/). What the terminal makes,
 * central's checks accept; what is altered, both refuse; and the values are those of before the move.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { enrolRequestMacString, type WireJournalEntry } from '../../common/protocol/index.js';
import { entryProblem, entryProblemCodes, verifyEnrolProof, verifyRequestSignature } from '../../central/protocol/verify.js';
import { sealEntry, verifyChain, type JournalEntry } from '../../main/kernel/chain.js';
import { signedHeaders } from '../../main/services/sync/sign.js';
import { entryHash, GENESIS_HASH, linkHash } from '../../node/journal/entry-hash.js';
import { publicKeyPem } from '../../node/outcome/keys.js';
import { contentDigest } from '../../node/protocol/content-digest.js';
import { enrolCodeKeys, enrolMac, enrolMacMatches, enrolNonce, enrolRequest } from '../../node/protocol/enrol-code.js';

const terminalKey = generateKeyPairSync('ed25519');
const AT = '2026-12-07T19:00:00.000Z';

function terminalJournal(n: number): JournalEntry[] {
  const out: JournalEntry[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const e = sealEntry({ seq, at: AT, terminal: 'T-001', type: 'sale', operator: seq % 2 ? 'alice' : null, payload: { total_cents: seq * 300 } }, prev, terminalKey.privateKey);
    out.push(e);
    prev = e.hash;
  }
  return out;
}

const wire = (e: JournalEntry): WireJournalEntry => e as WireJournalEntry;

describe('the journal entry hash', () => {
  it('central accepts every entry of a chain the terminal sealed, and the terminal verifies it too', () => {
    const entries = terminalJournal(5);
    expect(verifyChain(entries, terminalKey.publicKey).ok).toBe(true);
    for (const e of entries) expect(entryProblem(wire(e), terminalKey.publicKey)).toBeNull();
    expect([...entryProblemCodes(entries.map(wire), publicKeyPem(terminalKey.publicKey))]).toEqual([0, 0, 0, 0, 0]);
  });

  it('an entry edited after sealing is refused at both ends', () => {
    const entries = terminalJournal(3);
    const edited = { ...entries[1]!, payload: { total_cents: 1 } };
    expect(entryProblem(wire(edited), terminalKey.publicKey)).toBe('entry_hash');
    expect(verifyChain([entries[0]!, edited, entries[2]!], terminalKey.publicKey).first_break?.problem).toBe('hash');
  });

  it('gives the values it gave before the move (terminal entries and central journal rows)', () => {
    const fields = { seq: 1, at: AT, terminal: 'T-001', type: 'sale', operator: 'alice', payload: { total_cents: 300, lines: [{ game: 'HAPPY', n: 2 }] } };
    expect(entryHash(fields, GENESIS_HASH)).toBe('133d500e2c46c8ee42dad16a8120390099d4944eba2bd0690a31a9f738944a96');
    // central/store/journal-chain.ts centralEntryHash's body for a row (its payload as the database gives it back).
    expect(linkHash(GENESIS_HASH, { seq: 1, at: AT, actor: 'operator:alice', type: 'terminal.add', payload: { terminal: 'T-001' } })).toBe('8303707331eb956a75955a6b638f5cb85a1302af0d734592ca9fa237fe2fe5e5');
  });
});

describe('the enrolment code', () => {
  it('derives the keys it derived before the move, whatever the code is written like', () => {
    const keys = enrolCodeKeys('abcd-efgh-jkmn-pqrs');
    expect(keys.codeId).toBe('8811b0c4b484f7f6c5340f8b9c3fc7f49ef6497a59085e5f6143f85f40137f56');
    expect(keys.macKey.toString('hex')).toBe('58b20f974d3d0fed417d48afb47382169fe460aede90f6a2a450aa65e830a2e0');
    expect(enrolMac(keys.macKey, 'guichet')).toBe('25a6637d24d76dcbeab29d42a1f95adaaa84a27cc537f801dc361769a35ab804');
    expect(enrolCodeKeys('ABCD EFGH JKMN PQRS').codeId).toBe(keys.codeId);
  });

  it("central's checks accept the terminal's request, and refuse it for another code", () => {
    const pem = publicKeyPem(terminalKey.publicKey);
    const nonce = enrolNonce();
    const { request } = enrolRequest('ABCD-EFGH-JKMN-PQRS', pem, terminalKey.privateKey, nonce);
    const central = enrolCodeKeys('abcdefghjkmnpqrs');
    expect(request.code_id).toBe(central.codeId);
    expect(enrolMacMatches(central.macKey, enrolRequestMacString(request.code_id, pem, nonce), request.mac)).toBe(true);
    expect(verifyEnrolProof(request.code_id, pem, nonce, request.proof, terminalKey.publicKey)).toBe(true);
    const other = enrolCodeKeys('ABCD-EFGH-JKMN-PQRT');
    expect(enrolMacMatches(other.macKey, enrolRequestMacString(request.code_id, pem, nonce), request.mac)).toBe(false);
  });
});

describe('the request digest', () => {
  it('is the digest central computes of the body the terminal signed, and central verifies the signature', () => {
    const body = Buffer.from('{"entries":[],"events":[]}');
    const h = signedHeaders({ terminalId: 'T-001', privateKey: terminalKey.privateKey, now: () => new Date(AT) }, 'POST', '/v1/push', body);
    expect(h['content-digest']).toBe(contentDigest(body));
    const parts = { method: 'POST', path: '/v1/push', digest: contentDigest(body), timestamp: h['x-guichet-timestamp']!, nonce: h['x-guichet-nonce']!, terminal: 'T-001' };
    expect(verifyRequestSignature(parts, h['x-guichet-signature']!, terminalKey.publicKey)).toBe(true);
    expect(verifyRequestSignature({ ...parts, digest: contentDigest('{"entries":[1]}') }, h['x-guichet-signature']!, terminalKey.publicKey)).toBe(false);
    expect(contentDigest('hello')).toBe('sha-256=:LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ=:');
  });
});
