/**
 * Print data of one block (`<game>-<emission>-<block>.print`): the lottery's secret, from which
 * every unit's hidden code, layout seed and prize can be rebuilt, for the printer (paper) or the
 * game server (digital), for `units export` and for the audit. Written mode 0600.
 *
 * ```
 * 8 bytes  magic "GCHPRT\r\n"
 * u32 LE   header length H
 * H bytes  header JSON (PrintHeader)
 * N bytes  tier index of each unit of the block, unit 0 first (N = block_size)
 * ```
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { z } from 'zod';
import { GAME_NUMBERS } from '../../games/ticket-id.js';
import type { GameCode } from '../../games/types.js';
import { MASTER_SECRET_SIZE } from './secrets.js';

/** 2: per-unit secrets from AES-256-CTR under the master secret (see secrets.ts). */
export const PRINT_FORMAT = 'guichet-print/2' as const;
const MAGIC = Buffer.from('GCHPRT\r\n', 'latin1');

export interface PrintHeader {
  format: typeof PRINT_FORMAT;
  game: GameCode;
  emission: number;
  block: number;
  block_size: number;
  layout_version: number;
  pack_size?: number;
  /** The guarantee applied at the draw, when one was asked for. */
  pack_min_winners?: number;
  /** Amount of each tier index; index 0 is 0 (no prize). */
  tier_amounts: number[];
  /** Hex, 32 bytes. Whoever holds it knows every unit's prize and code. */
  master_secret: string;
  /** Hex SHA-256 of the tier bytes. */
  tiers_sha256: string;
  created_at: string;
}

export interface PrintData {
  readonly header: PrintHeader;
  readonly master: Buffer;
  readonly tiers: Uint8Array;
}

const schema = z
  .object({
    format: z.literal(PRINT_FORMAT),
    game: z.enum(Object.keys(GAME_NUMBERS) as [GameCode, ...GameCode[]]),
    emission: z.number().int().min(1).max(999),
    block: z.number().int().min(1).max(99),
    block_size: z.number().int().positive(),
    layout_version: z.number().int().nonnegative(),
    pack_size: z.number().int().positive().optional(),
    pack_min_winners: z.number().int().nonnegative().optional(),
    tier_amounts: z.array(z.number().int().nonnegative()).min(1).max(256),
    master_secret: z.string().regex(new RegExp(`^[0-9a-f]{${MASTER_SECRET_SIZE * 2}}$`)),
    tiers_sha256: z.string().regex(/^[0-9a-f]{64}$/),
    created_at: z.string(),
  })
  .strict();

export function tiersHash(tiers: Uint8Array): string {
  return createHash('sha256').update(tiers).digest('hex');
}

/** Writes a print file (refusing to overwrite one), mode 0600. */
export function writePrintFile(path: string, header: PrintHeader, tiers: Uint8Array): void {
  if (tiers.length !== header.block_size) throw new RangeError('print data: one tier byte per unit of the block');
  if (existsSync(path)) throw new Error(`${path} already exists; refusing to overwrite print data`);
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32LE(json.length);
  const fd = openSync(path, 'wx', 0o600);
  try {
    for (const part of [MAGIC, len, json, tiers]) {
      for (let off = 0; off < part.length; ) off += writeSync(fd, part, off, part.length - off);
    }
  } finally {
    closeSync(fd);
  }
}

/** Reads and checks a print file (structure and tier hash); throws an Error naming the problem. */
export function readPrintFile(path: string): PrintData {
  const bytes = readFileSync(path);
  if (bytes.length < 12 || !bytes.subarray(0, 8).equals(MAGIC)) throw new Error(`${path}: not a print data file`);
  const hl = bytes.readUInt32LE(8);
  if (12 + hl > bytes.length) throw new Error(`${path}: truncated header`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.subarray(12, 12 + hl).toString('utf8'));
  } catch {
    throw new Error(`${path}: header is not JSON`);
  }
  const r = schema.safeParse(parsed);
  if (!r.success) throw new Error(`${path}: bad header (${r.error.issues[0]?.path.join('.')}: ${r.error.issues[0]?.message})`);
  const header = r.data as PrintHeader;
  const tiers = new Uint8Array(bytes.buffer, bytes.byteOffset + 12 + hl, bytes.length - 12 - hl);
  if (tiers.length !== header.block_size) {
    throw new Error(`${path}: ${tiers.length} tier bytes for a block of ${header.block_size} units`);
  }
  if (tiersHash(tiers) !== header.tiers_sha256) throw new Error(`${path}: tier data does not match its hash`);
  return { header, master: Buffer.from(header.master_secret, 'hex'), tiers };
}
