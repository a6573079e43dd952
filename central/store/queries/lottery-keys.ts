/** SQL of `lottery_keys`: the lottery's root, the keys it certified, their revocations (the rules: store/keys.ts). */
import type { Certificate, KeyRole, Revocation } from '../../../common/protocol/index.js';
import type { Queryable } from '../db.js';

export interface LotteryKeyRow {
  fingerprint: string;
  public_key: string;
  role: 'root' | KeyRole | null;
  certificate: Certificate | null;
  revocation: Revocation | null;
  added_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

const COLUMNS = 'fingerprint, public_key, role, certificate, revocation, added_at, revoked_at, revoked_reason';

/** The lottery's root key, if the store has one. */
export async function rootKeyRow(q: Queryable): Promise<{ fingerprint: string; public_key: string } | undefined> {
  return (await q.query<{ fingerprint: string; public_key: string }>(`SELECT fingerprint, public_key FROM lottery_keys WHERE role = 'root'`))[0];
}

export async function insertRootKey(q: Queryable, fingerprint: string, publicKeyPem: string, now: string): Promise<void> {
  await q.execute(`INSERT INTO lottery_keys (fingerprint, public_key, added_at, role) VALUES ($1, $2, $3, 'root')`, [fingerprint, publicKeyPem, now]);
}

/** Every key, root first, then by age. */
export async function allLotteryKeys(q: Queryable): Promise<LotteryKeyRow[]> {
  return q.query<LotteryKeyRow>(`SELECT ${COLUMNS} FROM lottery_keys ORDER BY role = 'root' DESC, added_at, fingerprint`);
}

export async function lotteryKeyRow(q: Queryable, fingerprint: string): Promise<LotteryKeyRow | undefined> {
  return (await q.query<LotteryKeyRow>(`SELECT ${COLUMNS} FROM lottery_keys WHERE fingerprint = $1`, [fingerprint]))[0];
}

/** The certified keys not revoked (with their certificates), oldest first; of one role when given. */
export async function certifiedKeys(q: Queryable, role?: KeyRole): Promise<LotteryKeyRow[]> {
  return q.query<LotteryKeyRow>(
    `SELECT ${COLUMNS} FROM lottery_keys WHERE role IN ('online', 'emission') AND certificate IS NOT NULL AND revoked_at IS NULL
       AND ($1::text IS NULL OR role = $1) ORDER BY added_at, fingerprint`,
    [role ?? null],
  );
}

/** The root's revocations, oldest first. */
export async function revocations(q: Queryable): Promise<Revocation[]> {
  return (await q.query<{ revocation: Revocation }>('SELECT revocation FROM lottery_keys WHERE revocation IS NOT NULL ORDER BY revoked_at, fingerprint')).map((r) => r.revocation);
}

/** Records a certified key; 0 when that fingerprint is already there. */
export async function insertCertifiedKey(q: Queryable, cert: Certificate, now: string): Promise<number> {
  return q.execute(
    'INSERT INTO lottery_keys (fingerprint, public_key, added_at, role, certificate) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (fingerprint) DO NOTHING',
    [cert.body.fingerprint, cert.body.public_key, now, cert.body.role, JSON.stringify(cert)],
  );
}

/** Marks a key revoked with the root's revocation; 0 when it already was. */
export async function markRevoked(q: Queryable, rev: Revocation, now: string): Promise<number> {
  return q.execute('UPDATE lottery_keys SET revoked_at = $2, revoked_reason = $3, revocation = $4 WHERE fingerprint = $1 AND revoked_at IS NULL', [
    rev.body.fingerprint,
    now,
    rev.body.reason,
    JSON.stringify(rev),
  ]);
}
