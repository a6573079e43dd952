/** SQL of `lottery_keys`, the lottery keys central trusts (the rules: store/terminals.ts, store/publish.ts). */
import type { Queryable } from '../db.js';

/** The lottery keys central trusts, oldest first. */
export async function trustedLotteryKeys(q: Queryable): Promise<{ fingerprint: string; public_key: string }[]> {
  return q.query<{ fingerprint: string; public_key: string }>('SELECT fingerprint, public_key FROM lottery_keys WHERE revoked_at IS NULL ORDER BY added_at, fingerprint');
}

/** The public keys of the lottery keys central trusts. */
export async function trustedPublicKeys(q: Queryable): Promise<{ public_key: string }[]> {
  return q.query<{ public_key: string }>('SELECT public_key FROM lottery_keys WHERE revoked_at IS NULL');
}

export async function insertLotteryKey(q: Queryable, fingerprint: string, publicKeyPem: string, now: string): Promise<void> {
  await q.execute('INSERT INTO lottery_keys (fingerprint, public_key, added_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [fingerprint, publicKeyPem, now]);
}
