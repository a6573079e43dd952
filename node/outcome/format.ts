/**
 * Byte layout of an outcome file (`<game>-<emission>-<block>.outcome`).
 *
 * ```
 * offset 0   8 bytes   magic "GCHOUT\r\n"
 * offset 8   u32 LE    format version (1)
 * offset 12  u32 LE    manifest length M (bytes of UTF-8 JSON)
 * offset 16  u32 LE    signature length S (64 for Ed25519; 0 = unsigned, always refused)
 * offset 20  M bytes   manifest JSON (see manifest.ts); the signature covers exactly these bytes
 * 20 + M     S bytes   Ed25519 signature of the manifest bytes
 * 20 + M + S           records: unit_count × record_size bytes, unit `first_unit` first
 * ```
 * The manifest carries the SHA-256 of every chunk of records and of the whole records section,
 * so the one signature authenticates every byte of the file.
 */

export const OUTCOME_MAGIC = Buffer.from('GCHOUT\r\n', 'latin1');
export const OUTCOME_VERSION = 1;
export const OUTCOME_FORMAT = 'guichet-outcome/1' as const;
export const PREAMBLE_SIZE = 20;
export const SIGNATURE_SIZE = 64;

/** Sealed plaintext: prize (u48 LE) · layout_version (u16 LE) · layout_seed (16 bytes). */
export const PLAINTEXT_SIZE = 24;
export const AUTH_TAG_SIZE = 16;
/** Every record has this size, winner or not: ciphertext then GCM tag. */
export const RECORD_SIZE = PLAINTEXT_SIZE + AUTH_TAG_SIZE;
/** Records per hashed chunk (160 KiB of records): what `chunkIntact` re-reads for one unit. */
export const DEFAULT_CHUNK_UNITS = 4096;

/** The fixed 20-byte preamble in front of the manifest. */
export function encodePreamble(manifestLength: number, signatureLength: number): Buffer {
  const b = Buffer.alloc(PREAMBLE_SIZE);
  OUTCOME_MAGIC.copy(b, 0);
  b.writeUInt32LE(OUTCOME_VERSION, 8);
  b.writeUInt32LE(manifestLength, 12);
  b.writeUInt32LE(signatureLength, 16);
  return b;
}

export interface Preamble {
  readonly version: number;
  readonly manifestLength: number;
  readonly signatureLength: number;
}

/** Reads the preamble; returns null when the magic is wrong. The caller checks the size first. */
export function decodePreamble(b: Buffer): Preamble | null {
  if (b.length < PREAMBLE_SIZE || !b.subarray(0, 8).equals(OUTCOME_MAGIC)) return null;
  return { version: b.readUInt32LE(8), manifestLength: b.readUInt32LE(12), signatureLength: b.readUInt32LE(16) };
}

/** A whole header (preamble, manifest, signature), for writers and for tests that craft files. */
export function encodeHeader(manifestBytes: Buffer, signature: Buffer): Buffer {
  return Buffer.concat([encodePreamble(manifestBytes.length, signature.length), manifestBytes, signature]);
}
