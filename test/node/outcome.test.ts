import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitId } from '../../games/ticket-id.js';
import { PREAMBLE_SIZE, RECORD_SIZE, encodeHeader } from '../../node/outcome/format.js';
import { keyFingerprint, loadOrCreateSigningKey, publicKeyPem, readPublicKey } from '../../node/outcome/keys.js';
import { manifestBytes, type OutcomeManifest } from '../../node/outcome/manifest.js';
import { OutcomeFileError, openOutcomeFile } from '../../node/outcome/reader.js';
import { sealRecord, unsealRecord, type SealedOutcome } from '../../node/outcome/seal.js';
import { OutcomeWriter, type ManifestDraft } from '../../node/outcome/writer.js';

const dir = mkdtempSync(join(tmpdir(), 'guichet-outcome-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const salt = randomBytes(16);
const id = (unit: number): UnitId => ({ game: 'millionnaire', emission: 12, block: 3, unit });
const code = (unit: number): string => String(100_000_000_000_000_000n + BigInt(unit) * 7919n);
const outcome = (prize: number): SealedOutcome => ({ prize_cents: prize, layout_seed: randomBytes(16), layout_version: 1 });

describe('sealRecord / unsealRecord', () => {
  it('round-trips, with a fixed record size for any prize', () => {
    for (const prize of [0, 1000, 100_000_000, 2 ** 48 - 1]) {
      const o = outcome(prize);
      const rec = sealRecord(id(5), code(5), salt, o);
      expect(rec.length).toBe(RECORD_SIZE);
      const back = unsealRecord(rec, id(5), code(5), salt);
      expect(back).toEqual({ prize_cents: prize, layout_seed: new Uint8Array(o.layout_seed), layout_version: 1 });
    }
  });

  it('fails authentication with a wrong code, another unit, another salt, or one altered byte', () => {
    const rec = sealRecord(id(5), code(5), salt, outcome(2000));
    const wrongCode = code(5).slice(0, 17) + ((Number(code(5)[17]) + 1) % 10);
    expect(unsealRecord(rec, id(5), wrongCode, salt)).toBeNull();
    expect(unsealRecord(rec, id(6), code(5), salt)).toBeNull();
    expect(unsealRecord(rec, { ...id(5), block: 4 }, code(5), salt)).toBeNull();
    expect(unsealRecord(rec, id(5), code(5), randomBytes(16))).toBeNull();
    for (const at of [0, 10, RECORD_SIZE - 1]) {
      const bad = Buffer.from(rec);
      bad[at] = (bad[at] as number) ^ 0x01;
      expect(unsealRecord(bad, id(5), code(5), salt)).toBeNull();
    }
  });

  it('gives different bytes to equal prizes (nothing groups winners)', () => {
    const a = sealRecord(id(1), code(1), salt, { prize_cents: 1000, layout_seed: new Uint8Array(16), layout_version: 1 });
    const b = sealRecord(id(2), code(2), salt, { prize_cents: 1000, layout_seed: new Uint8Array(16), layout_version: 1 });
    expect(a.equals(b)).toBe(false);
  });

  it('refuses a code that is not 18 digits', () => {
    expect(() => sealRecord(id(1), '123', salt, outcome(0))).toThrow(/18 digits/);
  });
});

describe('signing keys', () => {
  it('creates a key with mode 0600, then loads the same one', () => {
    const file = join(dir, 'keys', 'lottery.key');
    const a = loadOrCreateSigningKey(file);
    expect(a.created).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const b = loadOrCreateSigningKey(file);
    expect(b.created).toBe(false);
    expect(keyFingerprint(b.publicKey)).toBe(keyFingerprint(a.publicKey));
    expect(keyFingerprint(a.privateKey)).toMatch(/^[0-9a-f]{64}$/);
    const pub = join(dir, 'keys', 'lottery.pub');
    writeFileSync(pub, publicKeyPem(a.publicKey));
    expect(keyFingerprint(readPublicKey(pub))).toBe(keyFingerprint(a.publicKey));
  });

  it('refuses a key that is not Ed25519', () => {
    const file = join(dir, 'rsa.pem');
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    expect(() => loadOrCreateSigningKey(file)).toThrow(/not an Ed25519 key/);
  });
});

describe('outcome files', () => {
  const units = 10_000;
  const chunk = 1000;
  const signer = generateKeyPairSync('ed25519');
  const stranger = generateKeyPairSync('ed25519');
  const draft: ManifestDraft = {
    game: 'millionnaire',
    emission: 12,
    block: 3,
    block_size: 6_000_000,
    first_unit: 0,
    unit_count: units,
    layout_version: 1,
    claim_deadline: '2030-01-01T00:00:00.000Z',
    counts: [{ amount_cents: 100_000_000, count: 4 }],
    file_salt: salt.toString('hex'),
    created_at: '2029-01-01T00:00:00.000Z',
  };
  let good: Buffer;
  let manifest: OutcomeManifest;
  const goodPath = join(dir, 'good.outcome');

  beforeAll(() => {
    const w = OutcomeWriter.create(goodPath, draft, signer.privateKey, chunk);
    for (let first = 0; first < units; first += 3000) {
      const recs: Buffer[] = [];
      for (let u = first; u < Math.min(first + 3000, units); u++) recs.push(sealRecord(id(u), code(u), salt, outcome(u % 5 === 0 ? 1000 : 0)));
      w.append(Buffer.concat(recs));
    }
    manifest = w.finish();
    good = readFileSync(goodPath);
  });

  const variant = (name: string, bytes: Buffer): string => {
    const p = join(dir, name);
    writeFileSync(p, bytes);
    return p;
  };
  const refusal = (fn: () => unknown): string => {
    try {
      fn();
    } catch (err) {
      if (err instanceof OutcomeFileError) return err.reason;
      throw err;
    }
    return 'accepted';
  };

  it('opens, verifies and unseals a good file; all records have the same size', () => {
    const f = openOutcomeFile(goodPath);
    expect(f.manifest).toEqual(manifest);
    expect(f.manifest.chunk_sha256).toHaveLength(10);
    expect(good.length).toBe(PREAMBLE_SIZE + manifestBytes(manifest).length + 64 + units * RECORD_SIZE);
    const seen: number[] = [];
    f.verify([stranger.publicKey, signer.publicKey], (done) => seen.push(done));
    expect(seen.at(-1)).toBe(units);
    expect(unsealRecord(f.recordAt(9999), id(9999), code(9999), salt)?.prize_cents).toBe(0);
    expect(unsealRecord(f.recordAt(10), id(10), code(10), salt)?.prize_cents).toBe(1000);
    expect(f.records(10, 2).subarray(0, RECORD_SIZE).equals(f.recordAt(10))).toBe(true);
    expect(f.chunkIntact(4321)).toBe(true);
    expect(() => f.recordAt(units)).toThrow(/not in this file/);
    f.close();
  });

  it('refuses a truncated file, at open', () => {
    const p = variant('trunc.outcome', good);
    truncateSync(p, good.length - 1);
    expect(refusal(() => openOutcomeFile(p))).toBe('truncated');
    expect(refusal(() => openOutcomeFile(variant('trunc2.outcome', good.subarray(0, 30))))).toBe('truncated');
    expect(refusal(() => openOutcomeFile(variant('trunc3.outcome', good.subarray(0, 10))))).toBe('truncated');
  });

  it('refuses garbage and trailing bytes as malformed', () => {
    expect(refusal(() => openOutcomeFile(variant('junk.outcome', randomBytes(5000))))).toBe('malformed');
    expect(refusal(() => openOutcomeFile(variant('long.outcome', Buffer.concat([good, Buffer.alloc(1)]))))).toBe('malformed');
  });

  it('refuses an unsigned file', () => {
    const mb = manifestBytes(manifest);
    const records = good.subarray(PREAMBLE_SIZE + mb.length + 64);
    const p = variant('unsigned.outcome', Buffer.concat([encodeHeader(mb, Buffer.alloc(0)), records]));
    expect(refusal(() => openOutcomeFile(p))).toBe('unsigned');
  });

  it('refuses a file signed by an unknown key, and a bad signature', () => {
    const f = openOutcomeFile(goodPath);
    expect(refusal(() => f.verify([stranger.publicKey]))).toBe('unknown-key');
    f.close();
    // A changed manifest (a later claim deadline) keeps its old signature: bad signature.
    const mb = manifestBytes({ ...manifest, claim_deadline: '2031-01-01T00:00:00.000Z' });
    const records = good.subarray(PREAMBLE_SIZE + manifestBytes(manifest).length + 64);
    const sig = good.subarray(PREAMBLE_SIZE + manifestBytes(manifest).length, PREAMBLE_SIZE + manifestBytes(manifest).length + 64);
    const g = openOutcomeFile(variant('badsig.outcome', Buffer.concat([encodeHeader(mb, sig), records])));
    expect(refusal(() => g.verify([signer.publicKey]))).toBe('bad-signature');
    g.close();
    // Re-signed by a stranger who claims to be the signer: still a bad signature.
    const h = openOutcomeFile(variant('forged.outcome', Buffer.concat([encodeHeader(mb, sign(null, mb, stranger.privateKey)), records])));
    expect(refusal(() => h.verify([signer.publicKey]))).toBe('bad-signature');
    h.close();
  });

  it('detects one flipped record byte: verify names the chunk, chunkIntact finds it, the record no longer opens', () => {
    const bytes = Buffer.from(good);
    const unit = 4321;
    const at = good.length - units * RECORD_SIZE + unit * RECORD_SIZE + 7;
    bytes[at] = (bytes[at] as number) ^ 0x80;
    const f = openOutcomeFile(variant('flip.outcome', bytes));
    let message = '';
    try {
      f.verify([signer.publicKey]);
    } catch (err) {
      expect((err as OutcomeFileError).reason).toBe('hash-mismatch');
      message = (err as Error).message;
    }
    expect(message).toMatch(/units 4000–4999/);
    expect(f.chunkIntact(unit)).toBe(false);
    expect(f.chunkIntact(3999)).toBe(true);
    expect(f.chunkIntact(5000)).toBe(true);
    expect(unsealRecord(f.recordAt(unit), id(unit), code(unit), salt)).toBeNull();
    f.close();
  });

  it('the writer refuses to overwrite a file and to finish short', () => {
    expect(() => OutcomeWriter.create(goodPath, draft, signer.privateKey)).toThrow(/already exists/);
    const w = OutcomeWriter.create(join(dir, 'short.outcome'), draft, signer.privateKey);
    w.append(sealRecord(id(0), code(0), salt, outcome(0)));
    expect(() => w.finish()).toThrow(/incomplete/);
    w.abort();
  });
});
