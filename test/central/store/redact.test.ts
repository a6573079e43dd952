/** What the journal keeps of an admin act's arguments: no secret, a winner's ID by its last 4 characters, a shop's address in full. */
import { describe, expect, it } from 'vitest';
import { redact } from '../../../central/store/redact.js';

describe('redact (central journal)', () => {
  it('hides secrets at any depth', () => {
    expect(redact({ name: 'alice', password: 'p4ss', nested: [{ totp_secret: 'JBSW', code: 'ABCD' }] })).toEqual({ name: 'alice', password: '(secret)', nested: [{ totp_secret: '(secret)', code: '(secret)' }] });
  });

  it("keeps a winner's ID number by its last 4 characters and not their address", () => {
    expect(redact({ terminal: 'T1', winner: { name: 'Camille Martin', id_number: 'X4RT 12345 678', address: '3 rue des Lilas' } })).toEqual({
      terminal: 'T1',
      winner: { name: 'Camille Martin', id_number: '…5678', address: '(personal)' },
    });
  });

  it("keeps a shop's address, which is no one's personal data (retailer.add)", () => {
    const shop = { id: 'R000007', name: 'Tabac du Port', address: '1 quai Gustave Toudouze, 56100 Lorient' };
    expect(redact({ ...shop, reason: 'new shop' })).toEqual({ ...shop, reason: 'new shop' });
  });
});
