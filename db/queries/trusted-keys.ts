/** The lottery public keys this terminal trusts (outcome files signed by any other key are refused). */
import type { Database } from 'better-sqlite3';

export interface TrustedKeyRow {
  /** Hex SHA-256 of the raw Ed25519 public key (as `keyFingerprint` computes it). */
  readonly fingerprint: string;
  readonly public_key_pem: string;
  readonly label: string | null;
  /** UTC ISO time of enrolment. */
  readonly added_at: string;
}

/** Enrols a key; returns false (and changes nothing) when that fingerprint is already enrolled. */
export function addTrustedKey(db: Database, row: TrustedKeyRow): boolean {
  const info = db
    .prepare(
      `INSERT INTO trusted_keys (fingerprint, public_key_pem, label, added_at)
       VALUES (@fingerprint, @public_key_pem, @label, @added_at)
       ON CONFLICT (fingerprint) DO NOTHING`,
    )
    .run(row);
  return info.changes === 1;
}

/** Every enrolled key, oldest first. */
export function listTrustedKeys(db: Database): TrustedKeyRow[] {
  return db.prepare<[], TrustedKeyRow>('SELECT fingerprint, public_key_pem, label, added_at FROM trusted_keys ORDER BY added_at, fingerprint').all();
}

/** One key by fingerprint, or undefined. */
export function trustedKey(db: Database, fingerprint: string): TrustedKeyRow | undefined {
  return db
    .prepare<[string], TrustedKeyRow>('SELECT fingerprint, public_key_pem, label, added_at FROM trusted_keys WHERE fingerprint = ?')
    .get(fingerprint);
}

export interface RevokedKeyRow {
  readonly fingerprint: string;
  /** UTC ISO time of revocation. */
  readonly revoked_at: string;
  readonly reason: string;
}

/** Revokes an enrolled key; returns false (and changes nothing) when it already was. */
export function revokeTrustedKey(db: Database, row: RevokedKeyRow): boolean {
  const info = db
    .prepare('INSERT INTO revoked_keys (fingerprint, revoked_at, reason) VALUES (@fingerprint, @revoked_at, @reason) ON CONFLICT (fingerprint) DO NOTHING')
    .run(row);
  return info.changes === 1;
}

/** Every revoked key, oldest revocation first. */
export function listRevokedKeys(db: Database): RevokedKeyRow[] {
  return db.prepare<[], RevokedKeyRow>('SELECT fingerprint, revoked_at, reason FROM revoked_keys ORDER BY revoked_at, fingerprint').all();
}

/** A lookup of a key's revocation (undefined when not revoked), prepared once for many calls. */
export function revocationLookup(db: Database): (fingerprint: string) => RevokedKeyRow | undefined {
  const stmt = db.prepare<[string], RevokedKeyRow>('SELECT fingerprint, revoked_at, reason FROM revoked_keys WHERE fingerprint = ?');
  return (fingerprint) => stmt.get(fingerprint);
}

/** True when the key was ever enrolled here (revoked or not). */
export function isKnownKey(db: Database, fingerprint: string): boolean {
  return db.prepare('SELECT 1 FROM trusted_keys WHERE fingerprint = ?').get(fingerprint) !== undefined;
}
