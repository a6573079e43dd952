/**
 * Sealing of one unit's outcome: AES-256-GCM under a key that only the unit's hidden validation
 * code (printed under the coating / revealed on screen) unlocks.
 *
 * Key derivation: `key = SHA-256("guichet-outcome/1 record key" ‖ 0 ‖ file_salt ‖ game number ‖
 * emission ‖ block ‖ unit ‖ hidden code)`. The hidden code is the only secret input; SHA-256 over a
 * fixed-length, domain-separated input is used as a key-derivation function (no stretching: the
 * cost of a guess comes from the code's entropy, not from the KDF).
 *
 * Fixed nonce: every record is encrypted under its own key. The key depends on the file salt (16
 * fresh random bytes per file), the unit's identity and its code, so no key ever encrypts two
 * plaintexts; GCM's nonce-uniqueness requirement is a requirement per key, hence a constant nonce
 * (12 zero bytes) is safe and is not stored.
 *
 * Brute-force cost: the hidden code is 18 decimal digits drawn uniformly by the lottery
 * (10^18 ≈ 2^59.8 values). Someone holding an outcome file, its salt and a unit's identity must try
 * on average 2^58.8 codes, one SHA-256 and one GCM tag check each, to learn one unit's prize:
 * well above the 2^50 floor. Nothing outside the sealed bytes tells a winner from a loser: every
 * record has the same size, records are in unit order, and the prize order comes from the draw.
 */
import { createCipheriv, createDecipheriv, hash } from 'node:crypto';
import { GAME_NUMBERS, HIDDEN_CODE_DIGITS, type UnitId } from '../../games/ticket-id.js';
import { AUTH_TAG_SIZE, PLAINTEXT_SIZE, RECORD_SIZE } from './format.js';

export interface SealedOutcome {
  prize_cents: number;
  /** 16 bytes: `createRng(layout_seed)` rebuilds the unit's play data. */
  layout_seed: Uint8Array;
  layout_version: number;
}

const CIPHER = 'aes-256-gcm';
const NONCE = Buffer.alloc(12);
const DOMAIN = Buffer.from('guichet-outcome/1 record key\0', 'latin1');
const CODE_RE = new RegExp(`^\\d{${HIDDEN_CODE_DIGITS}}$`);
const MAX_PRIZE = 2 ** 48 - 1;
const PLAIN = Buffer.alloc(PLAINTEXT_SIZE);

// Scratch space for the key-derivation input: filled and hashed synchronously, never shared across calls.
const SALT_AT = DOMAIN.length;
const ID_AT = SALT_AT + 16;
const CODE_AT = ID_AT + 2 + 2 + 1 + 4;
const KDF_INPUT = Buffer.alloc(CODE_AT + HIDDEN_CODE_DIGITS);
DOMAIN.copy(KDF_INPUT, 0);

/** The 32-byte AES key of one unit's record. */
export function recordKey(id: UnitId, hiddenCode: string, fileSalt: Uint8Array): Buffer {
  if (hiddenCode.length !== HIDDEN_CODE_DIGITS || !CODE_RE.test(hiddenCode)) {
    throw new RangeError(`a hidden validation code has exactly ${HIDDEN_CODE_DIGITS} digits`);
  }
  if (fileSalt.length !== 16) throw new RangeError('the file salt has 16 bytes');
  KDF_INPUT.set(fileSalt, SALT_AT);
  KDF_INPUT.writeUInt16BE(GAME_NUMBERS[id.game], ID_AT);
  KDF_INPUT.writeUInt16BE(id.emission, ID_AT + 2);
  KDF_INPUT.writeUInt8(id.block, ID_AT + 4);
  KDF_INPUT.writeUInt32BE(id.unit, ID_AT + 5);
  KDF_INPUT.write(hiddenCode, CODE_AT, 'latin1');
  return hash('sha256', KDF_INPUT, 'buffer');
}

/** Seals a unit's outcome into exactly `RECORD_SIZE` bytes. */
export function sealRecord(id: UnitId, hiddenCode: string, fileSalt: Uint8Array, outcome: SealedOutcome): Buffer {
  const out = Buffer.allocUnsafe(RECORD_SIZE);
  sealRecordInto(out, 0, id, hiddenCode, fileSalt, outcome);
  return out;
}

/** As `sealRecord`, writing the record into `out` at `offset` (no allocation, for bulk sealing). */
export function sealRecordInto(out: Uint8Array, offset: number, id: UnitId, hiddenCode: string, fileSalt: Uint8Array, outcome: SealedOutcome): void {
  const { prize_cents, layout_seed, layout_version } = outcome;
  if (!Number.isSafeInteger(prize_cents) || prize_cents < 0 || prize_cents > MAX_PRIZE) throw new RangeError(`bad prize ${prize_cents}`);
  if (layout_seed.length !== 16) throw new RangeError('a layout seed has 16 bytes');
  if (!Number.isInteger(layout_version) || layout_version < 0 || layout_version > 0xffff) {
    throw new RangeError(`bad layout version ${layout_version}`);
  }
  if (offset + RECORD_SIZE > out.length) throw new RangeError('no room for the record');
  const plain = PLAIN;
  plain.writeUIntLE(prize_cents, 0, 6);
  plain.writeUInt16LE(layout_version, 6);
  plain.set(layout_seed, 8);
  const cipher = createCipheriv(CIPHER, recordKey(id, hiddenCode, fileSalt), NONCE, { authTagLength: AUTH_TAG_SIZE });
  const body = cipher.update(plain);
  cipher.final();
  out.set(body, offset);
  out.set(cipher.getAuthTag(), offset + PLAINTEXT_SIZE);
}

/**
 * Opens a sealed record with a unit's hidden code. Returns null when authentication fails: the code
 * is wrong, the record belongs to another unit or file, or a byte of it was altered.
 */
export function unsealRecord(record: Buffer, id: UnitId, hiddenCode: string, fileSalt: Uint8Array): SealedOutcome | null {
  if (record.length !== RECORD_SIZE) throw new RangeError(`a sealed record has ${RECORD_SIZE} bytes, not ${record.length}`);
  const decipher = createDecipheriv(CIPHER, recordKey(id, hiddenCode, fileSalt), NONCE, { authTagLength: AUTH_TAG_SIZE });
  decipher.setAuthTag(record.subarray(PLAINTEXT_SIZE));
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(record.subarray(0, PLAINTEXT_SIZE)), decipher.final()]);
  } catch {
    return null;
  }
  return {
    prize_cents: plain.readUIntLE(0, 6),
    layout_version: plain.readUInt16LE(6),
    layout_seed: new Uint8Array(plain.subarray(8, 24)),
  };
}
