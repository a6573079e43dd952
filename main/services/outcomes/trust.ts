/** Enrolling the lottery's public keys: a terminal accepts outcome files signed by enrolled keys only. */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { keyFingerprint, publicKeyPem, readPublicKey } from '../../../db/outcome/keys.js';
import { addTrustedKey, listTrustedKeys, type TrustedKeyRow } from '../../../db/queries/trusted-keys.js';

/** A key file that cannot be enrolled (unreadable, not a public key, not Ed25519). */
export class TrustError extends Error {
  override readonly name = 'TrustError';
}

export interface EnrolResult {
  readonly key: TrustedKeyRow;
  /** False when the key was already enrolled (nothing changed). */
  readonly added: boolean;
}

/**
 * Enrols the Ed25519 public key in `file` (PEM, SPKI — the lottery's `lottery.pub`).
 * `now` gives the enrolment time (UTC ISO is stored).
 */
export function enrolKeyFile(db: Database, file: string, options: { label?: string; now?: () => Date } = {}): EnrolResult {
  let key: KeyObject;
  try {
    // A private key would yield its public half; refuse it so that it never lands at a counter.
    if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(readFileSync(file, 'latin1'))) {
      throw new TrustError(`${file} is a PRIVATE key: it must never leave the lottery; enrol its public key (lottery.pub)`);
    }
    key = readPublicKey(file);
  } catch (err) {
    if (err instanceof TrustError) throw err;
    throw new TrustError(err instanceof Error ? err.message : `${file}: ${String(err)}`);
  }
  if (key.type !== 'public') throw new TrustError(`${file} is not a public key: enrol the lottery's public key (lottery.pub), never a private key`);
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new TrustError(`${file} holds a ${key.asymmetricKeyType ?? 'unknown'} key; outcome files are signed with Ed25519`);
  }
  const row: TrustedKeyRow = {
    fingerprint: keyFingerprint(key),
    public_key_pem: publicKeyPem(key),
    label: options.label ?? null,
    added_at: (options.now?.() ?? new Date()).toISOString(),
  };
  const added = addTrustedKey(db, row);
  const stored = added ? row : (listTrustedKeys(db).find((k) => k.fingerprint === row.fingerprint) ?? row);
  return { key: stored, added };
}

/** The enrolled keys central has not revoked, as key objects, ready to verify signatures. */
export function trustedKeyObjects(db: Database): KeyObject[] {
  const revoked = new Set(db.prepare<[], { fingerprint: string }>('SELECT fingerprint FROM trusted_keys WHERE revoked_at IS NOT NULL').all().map((r) => r.fingerprint));
  return listTrustedKeys(db)
    .filter((k) => !revoked.has(k.fingerprint))
    .map((k) => createPublicKey(k.public_key_pem));
}
