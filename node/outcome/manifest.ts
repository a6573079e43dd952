/** The signed manifest at the head of an outcome file: what the file holds and the hashes of its records. */
import { z } from 'zod';
import { GAME_NUMBERS } from '../../games/ticket-id.js';
import type { GameCode } from '../../games/types.js';
import { OUTCOME_FORMAT } from './format.js';

export interface OutcomeManifest {
  format: 'guichet-outcome/1';
  game: GameCode;
  emission: number;
  block: number;
  /** Units in the whole block (game.block_size). */
  block_size: number;
  /** Index of the first record (0 unless a partial range). */
  first_unit: number;
  /** Records in this file (== block_size, or --units N). */
  unit_count: number;
  layout_version: number;
  /** Bytes per sealed record, the same for every record. */
  record_size: number;
  /** Paper games. */
  pack_size?: number;
  /** UTC ISO; after it tickets are 'expired'. */
  claim_deadline: string;
  /** Winners per tier over the WHOLE block (public: the prize table). */
  counts: { amount_cents: number; count: number }[];
  /** Hex, 16 random bytes; part of every record's key derivation. */
  file_salt: string;
  /** Records per hashed chunk. */
  chunk_units: number;
  /** Hex SHA-256 of each chunk of records, in order. */
  chunk_sha256: string[];
  /** Hex SHA-256 of the whole records section. */
  records_sha256: string;
  /** keyFingerprint of the signing key. */
  signer: string;
  /** UTC ISO. */
  created_at: string;
}

const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`));
const count = z.number().int().nonnegative();
const isoUtc = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);

const schema = z
  .object({
    format: z.literal(OUTCOME_FORMAT),
    game: z.enum(Object.keys(GAME_NUMBERS) as [GameCode, ...GameCode[]]),
    emission: z.number().int().min(1).max(999),
    block: z.number().int().min(1).max(99),
    block_size: z.number().int().min(1).max(9_999_999),
    first_unit: count,
    unit_count: count,
    layout_version: z.number().int().min(0).max(0xffff),
    record_size: z.number().int().positive(),
    pack_size: z.number().int().positive().optional(),
    claim_deadline: isoUtc,
    counts: z.array(z.object({ amount_cents: z.number().int().positive(), count: z.number().int().positive() }).strict()),
    file_salt: hex(16),
    chunk_units: z.number().int().positive(),
    chunk_sha256: z.array(hex(32)),
    records_sha256: hex(32),
    signer: hex(32),
    created_at: isoUtc,
  })
  .strict();

/** Number of hashed chunks for `unitCount` records. */
export function chunkCount(unitCount: number, chunkUnits: number): number {
  return Math.ceil(unitCount / chunkUnits);
}

/** Validates parsed JSON as a manifest; returns a description of the first problem, or the manifest. */
export function parseManifest(json: unknown): OutcomeManifest | string {
  const r = schema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    return `manifest ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'is invalid'}`;
  }
  const m = r.data as OutcomeManifest;
  if (m.first_unit + m.unit_count > m.block_size) return 'manifest: records go past the end of the block';
  if (m.chunk_sha256.length !== chunkCount(m.unit_count, m.chunk_units)) return 'manifest: wrong number of chunk hashes';
  return m;
}

/** The exact bytes that are signed and stored: JSON with the fields in the interface's order. */
export function manifestBytes(m: OutcomeManifest): Buffer {
  const ordered: OutcomeManifest = {
    format: m.format,
    game: m.game,
    emission: m.emission,
    block: m.block,
    block_size: m.block_size,
    first_unit: m.first_unit,
    unit_count: m.unit_count,
    layout_version: m.layout_version,
    record_size: m.record_size,
    ...(m.pack_size === undefined ? {} : { pack_size: m.pack_size }),
    claim_deadline: m.claim_deadline,
    counts: m.counts.map((c) => ({ amount_cents: c.amount_cents, count: c.count })),
    file_salt: m.file_salt,
    chunk_units: m.chunk_units,
    chunk_sha256: m.chunk_sha256,
    records_sha256: m.records_sha256,
    signer: m.signer,
    created_at: m.created_at,
  };
  return Buffer.from(JSON.stringify(ordered), 'utf8');
}
