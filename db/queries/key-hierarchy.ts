/** The lottery root this terminal trusts, the root's certificates and revocations (the rules: main/services/outcomes/key-chain.ts). */
import type { Database } from 'better-sqlite3';

export interface TrustRootRow {
  readonly fingerprint: string;
  readonly public_key_pem: string;
  readonly set_at: string;
}

/** The root, or undefined on a terminal that has none (`guichet init`). */
export function trustRootRow(db: Database): TrustRootRow | undefined {
  return db.prepare<[], TrustRootRow>('SELECT fingerprint, public_key_pem, set_at FROM trust_root WHERE id = 1').get();
}

/** Sets the root once (enrolment); a second root is refused by the primary key. */
export function insertTrustRoot(db: Database, row: TrustRootRow): void {
  db.prepare('INSERT INTO trust_root (id, fingerprint, public_key_pem, set_at) VALUES (1, @fingerprint, @public_key_pem, @set_at)').run(row);
}

export interface CertificateRow {
  readonly fingerprint: string;
  readonly role: 'online' | 'emission';
  readonly certificate_json: string;
  readonly added_at: string;
}

/** Keeps a certificate; false when that key already has one. */
export function insertCertificate(db: Database, row: CertificateRow): boolean {
  return (
    db
      .prepare('INSERT INTO key_certificates (fingerprint, role, certificate_json, added_at) VALUES (@fingerprint, @role, @certificate_json, @added_at) ON CONFLICT (fingerprint) DO NOTHING')
      .run(row).changes === 1
  );
}

/** The certificates kept, oldest first. */
export function listCertificates(db: Database): CertificateRow[] {
  return db.prepare<[], CertificateRow>('SELECT fingerprint, role, certificate_json, added_at FROM key_certificates ORDER BY added_at, fingerprint').all();
}

export function certificateOf(db: Database, fingerprint: string): CertificateRow | undefined {
  return db.prepare<[string], CertificateRow>('SELECT fingerprint, role, certificate_json, added_at FROM key_certificates WHERE fingerprint = ?').get(fingerprint);
}

/** Keeps a root revocation; false when that key's revocation is already kept. */
export function insertRevocation(db: Database, row: { fingerprint: string; revocation_json: string; added_at: string }): boolean {
  return db.prepare('INSERT INTO key_revocations (fingerprint, revocation_json, added_at) VALUES (@fingerprint, @revocation_json, @added_at) ON CONFLICT (fingerprint) DO NOTHING').run(row).changes === 1;
}

/** Fingerprints the root revoked. */
export function rootRevokedFingerprints(db: Database): Set<string> {
  return new Set(db.prepare<[], { fingerprint: string }>('SELECT fingerprint FROM key_revocations').all().map((r) => r.fingerprint));
}
