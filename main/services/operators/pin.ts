/** PIN hashing with scrypt (node:crypto). Stored as `scrypt$N$r$p$salt$hash`, all base64 but the numbers. */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 1 << 15;
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 128 * N * R * 2;

function derive(pin: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin.normalize('NFKC'), salt, KEYLEN, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** PINs are 4 to 8 digits: what a numeric keypad can enter. */
export function checkPinShape(pin: string): void {
  if (!/^\d{4,8}$/.test(pin)) throw new RangeError('a PIN has 4 to 8 digits');
}

export async function hashPin(pin: string): Promise<string> {
  checkPinShape(pin);
  const salt = randomBytes(16);
  const key = await derive(pin, salt, { N, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Constant-time comparison; false for a malformed stored hash rather than an exception. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const salt = Buffer.from(parts[4] as string, 'base64');
  const expected = Buffer.from(parts[5] as string, 'base64');
  if (!Number.isInteger(n) || !Number.isInteger(r) || !Number.isInteger(p) || expected.length !== KEYLEN) return false;
  const key = await derive(pin, salt, { N: n, r, p, maxmem: 128 * n * r * 2 });
  return timingSafeEqual(key, expected);
}
