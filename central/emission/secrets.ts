/**
 * Per-unit secrets derived from a block's 32-byte master secret, so that the print data stays
 * small (master secret + one byte per unit) and any unit can be rebuilt on its own.
 *
 * `HMAC-SHA256(master, "guichet/unit-secrets/1" ‖ unit (u32 BE) ‖ counter (u8))` gives 32 bytes:
 * bytes 8–23 are the layout seed; bytes 0–7, then 24–31, are candidate 64-bit numbers for the
 * hidden code, each kept only when below 18·10^18 (rejection sampling, so the code modulo 10^18
 * is uniform over all 18-digit strings); if both are rejected (p ≈ 0.06 %) the counter goes up.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { HIDDEN_CODE_DIGITS } from '../../games/ticket-id.js';

export const MASTER_SECRET_SIZE = 32;

const DOMAIN = Buffer.from('guichet/unit-secrets/1', 'latin1');
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

/** The hidden validation code and layout seed of unit `unit` of the block with `master`. */
export function unitSecrets(master: Uint8Array, unit: number): UnitSecrets {
  if (master.length !== MASTER_SECRET_SIZE) throw new RangeError(`a master secret has ${MASTER_SECRET_SIZE} bytes`);
  if (!Number.isInteger(unit) || unit < 0 || unit > 0xffffffff) throw new RangeError(`bad unit index ${unit}`);
  const first = block(master, unit, 0);
  const layoutSeed = new Uint8Array(first.subarray(8, 24));
  let b = first;
  for (let counter = 1; ; counter++) {
    for (const at of [0, 24]) {
      const v = b.readBigUInt64BE(at);
      if (v < LIMIT) return { hiddenCode: (v % TEN_18).toString().padStart(HIDDEN_CODE_DIGITS, '0'), layoutSeed };
    }
    b = block(master, unit, counter);
  }
}
