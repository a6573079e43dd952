/**
 * Per-unit secrets derived from a block's 32-byte master secret, so that the print data stays
 * small (master secret + one byte per unit) and any unit can be rebuilt on its own.
 *
 * Unit `u` takes the 32 bytes of AES-256-CTR keystream under the master secret at counter block
 * `2u` (AES as a pseudo-random function: one cipher call covers a whole batch of consecutive units):
 * bytes 8–23 are the layout seed; bytes 0–7, then 24–31, are candidate 64-bit numbers for the hidden
 * code, each kept only when below 18·10^18 (rejection sampling, so the code modulo 10^18 is uniform
 * over all 18-digit strings). When both are rejected (p ≈ 0.06 %), further candidates come from
 * `HMAC-SHA256(master, "guichet/unit-secrets/2" ‖ unit (u32 BE) ‖ counter (u8))`, counter 1, 2, …
 */
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { HIDDEN_CODE_DIGITS } from '../../games/ticket-id.js';

export const MASTER_SECRET_SIZE = 32;

const DOMAIN = Buffer.from('guichet/unit-secrets/2', 'latin1');
const BYTES_PER_UNIT = 32;
const TEN_18 = 10n ** BigInt(HIDDEN_CODE_DIGITS);
const LIMIT = (2n ** 64n / TEN_18) * TEN_18;

export interface UnitSecrets {
  /** 18 decimal digits: the secret part of the validation barcode. */
  readonly hiddenCode: string;
  /** 16 bytes for `createRng`, rebuilding the unit's play data. */
  readonly layoutSeed: Uint8Array;
}

/** A fresh master secret for one block, from the OS's cryptographic generator. */
export function newMasterSecret(): Buffer {
  return randomBytes(MASTER_SECRET_SIZE);
}

const MSG = Buffer.alloc(DOMAIN.length + 5);
DOMAIN.copy(MSG, 0);

function block(master: Uint8Array, unit: number, counter: number): Buffer {
  MSG.writeUInt32BE(unit, DOMAIN.length);
  MSG.writeUInt8(counter, DOMAIN.length + 4);
  return createHmac('sha256', master).update(MSG).digest();
}

function checkMaster(master: Uint8Array): void {
  if (master.length !== MASTER_SECRET_SIZE) throw new RangeError(`a master secret has ${MASTER_SECRET_SIZE} bytes`);
}

function checkUnit(unit: number): void {
  if (!Number.isInteger(unit) || unit < 0 || unit > 0x7fffffff) throw new RangeError(`bad unit index ${unit}`);
}

/** Keystream of units first … first+count−1, 32 bytes each. */
function keystream(master: Uint8Array, first: number, count: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeUInt32BE(Math.floor((first * 2) / 0x1_0000_0000), 8);
  iv.writeUInt32BE((first * 2) >>> 0, 12);
  return createCipheriv('aes-256-ctr', master, iv).update(Buffer.alloc(count * BYTES_PER_UNIT));
}

function secretsAt(master: Uint8Array, unit: number, stream: Buffer, at: number): UnitSecrets {
  const layoutSeed = new Uint8Array(stream.subarray(at + 8, at + 24));
  let b = stream.subarray(at, at + BYTES_PER_UNIT);
  for (let counter = 1; ; counter++) {
    for (const off of [0, 24]) {
      const v = b.readBigUInt64BE(off);
      if (v < LIMIT) return { hiddenCode: (v % TEN_18).toString().padStart(HIDDEN_CODE_DIGITS, '0'), layoutSeed };
    }
    b = block(master, unit, counter);
  }
}

/** The secrets of `count` consecutive units from `first`, in one cipher call (for sealing and auditing whole batches). */
export function unitSecretsBatch(master: Uint8Array, first: number, count: number): UnitSecrets[] {
  checkMaster(master);
  checkUnit(first);
  if (count > 0) checkUnit(first + count - 1);
  const stream = keystream(master, first, count);
  return Array.from({ length: count }, (_, i) => secretsAt(master, first + i, stream, i * BYTES_PER_UNIT));
}

/** The hidden validation code and layout seed of unit `unit` of the block with `master`. */
export function unitSecrets(master: Uint8Array, unit: number): UnitSecrets {
  checkMaster(master);
  checkUnit(unit);
  return secretsAt(master, unit, keystream(master, unit, 1), 0);
}
