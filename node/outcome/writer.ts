/**
 * Streams sealed records into an outcome file and signs it at the end.
 *
 * Records are written in one pass at their final offset: the manifest's length does not depend on
 * the hash values (fixed-width hex), so a placeholder manifest reserves the header, and `finish`
 * overwrites it with the real, signed one. The file is built as `<path>.partial` and renamed into
 * place only when complete, so a crash never leaves a file that looks whole.
 */
import { createHash, sign, type Hash, type KeyObject } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { keyFingerprint } from './keys.js';
import { DEFAULT_CHUNK_UNITS, OUTCOME_FORMAT, RECORD_SIZE, SIGNATURE_SIZE, encodeHeader } from './format.js';
import { chunkCount, manifestBytes, type OutcomeManifest } from './manifest.js';

/** What the caller knows before writing; the writer adds format, sizes, hashes and signer. */
export type ManifestDraft = Omit<OutcomeManifest, 'format' | 'record_size' | 'chunk_units' | 'chunk_sha256' | 'records_sha256' | 'signer'>;

const ZERO_HASH = '0'.repeat(64);

export class OutcomeWriter {
  private readonly fd: number;
  private readonly partial: string;
  private readonly chunkHashes: string[] = [];
  private readonly all: Hash = createHash('sha256');
  private chunk: Hash = createHash('sha256');
  private inChunk = 0;
  private written = 0;
  private position: number;
  private readonly headerLength: number;
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly draft: ManifestDraft,
    private readonly privateKey: KeyObject,
    private readonly chunkUnits: number,
  ) {
    if (existsSync(path)) throw new Error(`${path} already exists; refusing to overwrite an outcome file`);
    this.partial = `${path}.partial`;
    this.fd = openSync(this.partial, 'w', 0o644);
    const header = this.header(this.manifest(Array(chunkCount(draft.unit_count, chunkUnits)).fill(ZERO_HASH), ZERO_HASH), Buffer.alloc(SIGNATURE_SIZE));
    this.headerLength = header.length;
    writeSync(this.fd, header, 0, header.length, 0);
    this.position = header.length;
  }

  /** Starts `path` (which must not exist) for the records described by `draft`. */
  static create(path: string, draft: ManifestDraft, privateKey: KeyObject, chunkUnits = DEFAULT_CHUNK_UNITS): OutcomeWriter {
    return new OutcomeWriter(path, draft, privateKey, chunkUnits);
  }

  private manifest(chunks: string[], records: string): OutcomeManifest {
    const { pack_size, ...rest } = this.draft;
    return {
      format: OUTCOME_FORMAT,
      ...rest,
      ...(pack_size === undefined ? {} : { pack_size }),
      record_size: RECORD_SIZE,
      chunk_units: this.chunkUnits,
      chunk_sha256: chunks,
      records_sha256: records,
      signer: keyFingerprint(this.privateKey),
    };
  }

  private header(m: OutcomeManifest, signature: Buffer): Buffer {
    return encodeHeader(manifestBytes(m), signature);
  }

  /** Appends whole records (a multiple of RECORD_SIZE bytes), in unit order. */
  append(records: Uint8Array): void {
    if (this.closed) throw new Error('outcome writer is closed');
    if (records.length % RECORD_SIZE !== 0) throw new RangeError('append takes whole records');
    const n = records.length / RECORD_SIZE;
    if (this.written + n > this.draft.unit_count) throw new RangeError('more records than the manifest announces');
    const buf = Buffer.from(records.buffer, records.byteOffset, records.length);
    for (let off = 0; off < buf.length; ) {
      const take = Math.min(this.chunkUnits - this.inChunk, (buf.length - off) / RECORD_SIZE);
      const part = buf.subarray(off, off + take * RECORD_SIZE);
      this.chunk.update(part);
      this.inChunk += take;
      off += part.length;
      if (this.inChunk === this.chunkUnits) this.closeChunk();
    }
    this.all.update(buf);
    for (let off = 0; off < buf.length; ) off += writeSync(this.fd, buf, off, buf.length - off, this.position + off);
    this.position += buf.length;
    this.written += n;
  }

  private closeChunk(): void {
    this.chunkHashes.push(this.chunk.digest('hex'));
    this.chunk = createHash('sha256');
    this.inChunk = 0;
  }

  /** Signs and completes the file; returns its manifest. */
  finish(): OutcomeManifest {
    if (this.written !== this.draft.unit_count) {
      throw new Error(`outcome file incomplete: ${this.written} of ${this.draft.unit_count} records written`);
    }
    if (this.inChunk > 0) this.closeChunk();
    const manifest = this.manifest(this.chunkHashes, this.all.digest('hex'));
    const bytes = manifestBytes(manifest);
    const header = encodeHeader(bytes, sign(null, bytes, this.privateKey));
    if (header.length !== this.headerLength) throw new Error('outcome header changed size while writing');
    writeSync(this.fd, header, 0, header.length, 0);
    fsyncSync(this.fd);
    closeSync(this.fd);
    this.closed = true;
    renameSync(this.partial, this.path);
    return manifest;
  }

  /** Abandons the file (removes the partial file). */
  abort(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    rmSync(this.partial, { force: true });
  }
}
