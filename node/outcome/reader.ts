/**
 * Opens an outcome file and checks it: structure at open, signature and hashes in `verify`, one
 * chunk at a time in `chunkIntact` (for the terminal, which re-checks the chunk of each unit it reads).
 */
import { createHash, verify as verifySignature, type KeyObject } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { keyFingerprint } from './keys.js';
import { OUTCOME_VERSION, PREAMBLE_SIZE, RECORD_SIZE, SIGNATURE_SIZE, decodePreamble } from './format.js';
import { parseManifest, type OutcomeManifest } from './manifest.js';

export type OutcomeRefusal = 'truncated' | 'malformed' | 'unsigned' | 'unknown-key' | 'bad-signature' | 'hash-mismatch';

/** Why an outcome file cannot be trusted. `reason` is stable; the message says where. */
export class OutcomeFileError extends Error {
  override readonly name = 'OutcomeFileError';
  constructor(
    readonly reason: OutcomeRefusal,
    message: string,
  ) {
    super(message);
  }
}

export interface OutcomeFile {
  readonly path: string;
  readonly manifest: OutcomeManifest;
  /** Checks the manifest's signature only (its signer among `trusted`, the signature valid); throws OutcomeFileError. */
  verifySignature(trusted: readonly KeyObject[]): void;
  /** Checks signature against the trusted keys, then every chunk hash and the records hash; throws OutcomeFileError. onProgress(doneUnits, totalUnits). */
  verify(trusted: readonly KeyObject[], onProgress?: (done: number, total: number) => void): void;
  /** The sealed record of unit index `unit` (first_unit ≤ unit < first_unit + unit_count). */
  recordAt(unit: number): Buffer;
  /** Re-hashes the chunk holding `unit` against the manifest: false when the stored file was altered. */
  chunkIntact(unit: number): boolean;
  /** Addition to the contract, for bulk readers (audit): `count` consecutive records from unit `first`. */
  records(first: number, count: number): Buffer;
  close(): void;
}

function readAt(fd: number, length: number, position: number): Buffer {
  const b = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, b, got, length - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return got === length ? b : b.subarray(0, got);
}

class OpenedOutcomeFile implements OutcomeFile {
  private fd: number | null;

  constructor(
    readonly path: string,
    fd: number,
    readonly manifest: OutcomeManifest,
    private readonly signedBytes: Buffer,
    private readonly signature: Buffer,
    private readonly recordsOffset: number,
  ) {
    this.fd = fd;
  }

  private handle(): number {
    if (this.fd === null) throw new Error(`${this.path}: outcome file is closed`);
    return this.fd;
  }

  verifySignature(trusted: readonly KeyObject[]): void {
    const m = this.manifest;
    const key = trusted.find((k) => keyFingerprint(k) === m.signer);
    if (!key) throw new OutcomeFileError('unknown-key', `${this.path}: signed by key ${m.signer.slice(0, 16)}…, which is not trusted`);
    if (!verifySignature(null, this.signedBytes, key, this.signature)) {
      throw new OutcomeFileError('bad-signature', `${this.path}: the manifest signature does not verify`);
    }
  }

  verify(trusted: readonly KeyObject[], onProgress?: (done: number, total: number) => void): void {
    const m = this.manifest;
    this.verifySignature(trusted);
    const all = createHash('sha256');
    for (let c = 0; c < m.chunk_sha256.length; c++) {
      const chunk = this.readChunk(c);
      all.update(chunk);
      if (createHash('sha256').update(chunk).digest('hex') !== m.chunk_sha256[c]) {
        const first = m.first_unit + c * m.chunk_units;
        const last = Math.min(first + m.chunk_units, m.first_unit + m.unit_count) - 1;
        throw new OutcomeFileError('hash-mismatch', `${this.path}: records of units ${first}–${last} (chunk ${c}) were altered`);
      }
      onProgress?.(Math.min((c + 1) * m.chunk_units, m.unit_count), m.unit_count);
    }
    if (all.digest('hex') !== m.records_sha256) throw new OutcomeFileError('hash-mismatch', `${this.path}: records hash does not match`);
  }

  private readChunk(c: number): Buffer {
    const m = this.manifest;
    const units = Math.min(m.chunk_units, m.unit_count - c * m.chunk_units);
    return readAt(this.handle(), units * RECORD_SIZE, this.recordsOffset + c * m.chunk_units * RECORD_SIZE);
  }

  private index(unit: number): number {
    const m = this.manifest;
    if (!Number.isInteger(unit) || unit < m.first_unit || unit >= m.first_unit + m.unit_count) {
      throw new RangeError(`${this.path}: unit ${unit} is not in this file (units ${m.first_unit}–${m.first_unit + m.unit_count - 1})`);
    }
    return unit - m.first_unit;
  }

  recordAt(unit: number): Buffer {
    return readAt(this.handle(), RECORD_SIZE, this.recordsOffset + this.index(unit) * RECORD_SIZE);
  }

  records(first: number, count: number): Buffer {
    if (count === 0) return Buffer.alloc(0);
    const at = this.index(first);
    this.index(first + count - 1);
    return readAt(this.handle(), count * RECORD_SIZE, this.recordsOffset + at * RECORD_SIZE);
  }

  chunkIntact(unit: number): boolean {
    const c = Math.floor(this.index(unit) / this.manifest.chunk_units);
    return createHash('sha256').update(this.readChunk(c)).digest('hex') === this.manifest.chunk_sha256[c];
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/** Opens and parses the header; throws OutcomeFileError('truncated'|'malformed'|'unsigned') on a broken one. */
export function openOutcomeFile(path: string): OutcomeFile {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const fail = (reason: OutcomeRefusal, why: string): never => {
      throw new OutcomeFileError(reason, `${path}: ${why}`);
    };
    if (size < PREAMBLE_SIZE) fail('truncated', `only ${size} bytes, shorter than the header`);
    const pre = decodePreamble(readAt(fd, PREAMBLE_SIZE, 0));
    if (!pre) return fail('malformed', 'not an outcome file (bad magic)');
    if (pre.version !== OUTCOME_VERSION) fail('malformed', `unsupported outcome format version ${pre.version}`);
    if (pre.manifestLength === 0 || pre.manifestLength > 64 * 1024 * 1024) fail('malformed', 'bad manifest length');
    if (size < PREAMBLE_SIZE + pre.manifestLength + pre.signatureLength) fail('truncated', 'the file ends inside its header');
    const bytes = readAt(fd, pre.manifestLength, PREAMBLE_SIZE);
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      fail('malformed', 'the manifest is not JSON');
    }
    const manifest = parseManifest(json);
    if (typeof manifest === 'string') return fail('malformed', manifest);
    if (manifest.record_size !== RECORD_SIZE) fail('malformed', `record size ${manifest.record_size}, expected ${RECORD_SIZE}`);
    if (pre.signatureLength === 0) fail('unsigned', 'the file carries no signature');
    if (pre.signatureLength !== SIGNATURE_SIZE) fail('malformed', `signature of ${pre.signatureLength} bytes, expected ${SIGNATURE_SIZE}`);
    const signature = readAt(fd, SIGNATURE_SIZE, PREAMBLE_SIZE + pre.manifestLength);
    const recordsOffset = PREAMBLE_SIZE + pre.manifestLength + SIGNATURE_SIZE;
    const expected = recordsOffset + manifest.unit_count * RECORD_SIZE;
    if (size < expected) fail('truncated', `${size} bytes, the manifest announces ${expected}`);
    if (size > expected) fail('malformed', `${size - expected} unexpected bytes after the last record`);
    return new OpenedOutcomeFile(path, fd, manifest, bytes, signature, recordsOffset);
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}
