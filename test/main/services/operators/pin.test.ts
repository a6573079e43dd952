import { describe, expect, it } from 'vitest';
import { hashPin, verifyPin } from '../../../../main/services/operators/pin.js';

describe('PIN hashing', () => {
  it('verifies the right PIN and refuses a wrong one', async () => {
    const stored = await hashPin('4821');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(stored).not.toContain('4821');
    expect(await verifyPin('4821', stored)).toBe(true);
    expect(await verifyPin('4822', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPin('1234')).not.toBe(await hashPin('1234'));
  });

  it('refuses PINs that are not 4 to 8 digits, and malformed stored hashes', async () => {
    await expect(hashPin('12')).rejects.toThrow(/4 to 8 digits/);
    await expect(hashPin('12ab')).rejects.toThrow(/4 to 8 digits/);
    expect(await verifyPin('1234', 'plain$1234')).toBe(false);
  });
});
