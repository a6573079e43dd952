/**
 * The lottery keys a terminal trusts through its root (issue #20). The root came with enrolment (its
 * fingerprint on the enrolment letter); a key is trusted for a role only through the root's certificate,
 * checked before it is kept and again each time the keys are read, and never once the root revoked it.
 * Blocks signed by a key revoked later stop validating (`key-revoked`, see docs/architecture/threat-model.md).
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { Certificate, type KeyRole, type Revocation, type RootKey } from '../../../common/protocol/index.js';
import { checkCertificate, checkRevocation, KeyChainError } from '../../../node/outcome/certificates.js';
import { certificateOf, insertCertificate, insertRevocation, insertTrustRoot, listCertificates, rootRevokedFingerprints, trustRootRow } from '../../../db/queries/key-hierarchy.js';
import { addTrustedKey, isKnownKey, listRevokedKeys, revokeTrustedKey } from '../../../db/queries/trusted-keys.js';

export { KeyChainError } from '../../../node/outcome/certificates.js';

export interface CertifiedKey {
  readonly fingerprint: string;
  readonly role: KeyRole;
  readonly publicKeyPem: string;
  readonly key: KeyObject;
}

/** The terminal's root key, or null on a terminal set up without one (`guichet init`). */
export function trustRootKey(db: Database): KeyObject | null {
  const row = trustRootRow(db);
  return row ? createPublicKey(row.public_key_pem) : null;
}

/** True when this terminal takes its lottery keys from a root (it was enrolled with central). */
export function hasTrustRoot(db: Database): boolean {
  return trustRootRow(db) !== undefined;
}

/** Sets the root (enrolment, inside its transaction); `root` was checked against the letter's fingerprint. */
export function setTrustRoot(db: Database, root: RootKey, at: string): void {
  insertTrustRoot(db, { fingerprint: root.fingerprint, public_key_pem: root.public_key, set_at: at });
}

function revokedSet(db: Database): Set<string> {
  const out = rootRevokedFingerprints(db);
  for (const r of listRevokedKeys(db)) out.add(r.fingerprint);
  return out;
}

/** The keys certified by the root for `role` (each certificate checked again) and not revoked. */
export function certifiedKeys(db: Database, role: KeyRole): CertifiedKey[] {
  const root = trustRootKey(db);
  if (!root) return [];
  const revoked = revokedSet(db);
  const out: CertifiedKey[] = [];
  for (const row of listCertificates(db)) {
    if (row.role !== role || revoked.has(row.fingerprint)) continue;
    try {
      const cert = Certificate.parse(JSON.parse(row.certificate_json));
      const key = checkCertificate(cert, root);
      if (cert.body.role !== role || cert.body.fingerprint !== row.fingerprint) continue;
      out.push({ fingerprint: row.fingerprint, role, publicKeyPem: cert.body.public_key, key });
    } catch {
      // A row that is not (or no longer) a certificate of this root: trusted for nothing.
    }
  }
  return out;
}

/**
 * Keeps a certificate the feed or the enrolment brought, once it verifies with the root and names no
 * revoked key; throws KeyChainError (nothing kept) otherwise. False when it was already kept.
 */
export function acceptCertificate(db: Database, cert: Certificate, at: string): boolean {
  const root = trustRootKey(db);
  if (!root) throw new KeyChainError('this terminal has no lottery root: it takes no certificate');
  checkCertificate(cert, root);
  const fp = cert.body.fingerprint;
  if (revokedSet(db).has(fp)) throw new KeyChainError(`key ${fp.slice(0, 16)}… was revoked: a revoked key is never trusted again`);
  const held = certificateOf(db, fp);
  if (held) {
    if (held.role !== cert.body.role) throw new KeyChainError(`key ${fp.slice(0, 16)}… is already certified as ${held.role}: one key, one role`);
    return false;
  }
  addTrustedKey(db, { fingerprint: fp, public_key_pem: cert.body.public_key, label: `certified ${cert.body.role}`, added_at: at });
  return insertCertificate(db, { fingerprint: fp, role: cert.body.role, certificate_json: JSON.stringify(cert), added_at: at });
}

/** Keeps a revocation once it verifies with the root (the key, if known here, is revoked); throws KeyChainError otherwise. */
export function acceptRevocation(db: Database, rev: Revocation, at: string): boolean {
  const root = trustRootKey(db);
  if (!root) throw new KeyChainError('this terminal has no lottery root: it takes no revocation');
  const body = checkRevocation(rev, root);
  const added = insertRevocation(db, { fingerprint: body.fingerprint, revocation_json: JSON.stringify(rev), added_at: at });
  if (isKnownKey(db, body.fingerprint)) revokeTrustedKey(db, { fingerprint: body.fingerprint, revoked_at: at, reason: `revoked by the lottery root: ${body.reason}` });
  return added;
}
