/**
 * The lottery's public keys: a terminal accepts outcome files signed by enrolled keys only. Trusting and
 * revoking a key are a manager's acts, journaled; a revoked key's blocks stop validating ('key-revoked').
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { keyFingerprint, publicKeyPem, readPublicKey } from '../../../node/outcome/keys.js';
import { addTrustedKey, listRevokedKeys, listTrustedKeys, revokeTrustedKey, type RevokedKeyRow, type TrustedKeyRow } from '../../../db/queries/trusted-keys.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { ServiceError } from '../../kernel/errors.js';
import { record } from '../../kernel/record.js';
import { inTransaction } from '../../kernel/transaction.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { certifiedKeys, hasTrustRoot } from './key-chain.js';

/** A key file that cannot be enrolled (unreadable, not a public key, not Ed25519), or a key that cannot be revoked. */
export class TrustError extends ServiceError {
  override name = 'TrustError';
  constructor(message: string) {
    super('trust-refused', message);
  }
}

export interface EnrolResult {
  readonly key: TrustedKeyRow;
  /** False when the key was already enrolled (nothing changed). */
  readonly added: boolean;
}

/**
 * Enrols the Ed25519 public key in `file` (PEM, SPKI — the lottery's `lottery.pub`), without operator
 * nor journal: the terminal's own set-up (demo, enrolment). Operators use `trustKey`.
 * `now` gives the enrolment time (UTC ISO is stored).
 */
export function enrolKeyFile(db: Database, file: string, options: { label?: string | undefined; now?: () => Date } = {}): EnrolResult {
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
  const fingerprint = keyFingerprint(key);
  if (listRevokedKeys(db).some((r) => r.fingerprint === fingerprint)) {
    throw new TrustError(`key ${fingerprint} was revoked on this terminal: a revoked key is never trusted again`);
  }
  const row: TrustedKeyRow = {
    fingerprint,
    public_key_pem: publicKeyPem(key),
    label: options.label ?? null,
    added_at: (options.now?.() ?? new Date()).toISOString(),
  };
  const added = addTrustedKey(db, row);
  const stored = added ? row : (listTrustedKeys(db).find((k) => k.fingerprint === row.fingerprint) ?? row);
  return { key: stored, added };
}

/** `guichet trust add`: a manager enrols a lottery key; journaled as 'key.trust' when it was new. */
export function trustKey(t: LotteryTerminal, session: OperatorSession, file: string, options: { label?: string | undefined } = {}): EnrolResult {
  return inTransaction(t, () => {
    authorize(t, session, 'keys.manage');
    if (hasTrustRoot(t.db)) {
      throw new TrustError("this terminal takes its lottery keys from the lottery's root (it is enrolled with central): a key is trusted only through the root's certificate, which central sends");
    }
    const result = enrolKeyFile(t.db, file, { label: options.label, now: t.clock });
    if (result.added) {
      record(t, { type: 'key.trust', operator: session, payload: { fingerprint: result.key.fingerprint, label: result.key.label, public_key_pem: result.key.public_key_pem } });
    }
    return result;
  });
}

export interface RevokeResult {
  readonly key: TrustedKeyRow;
  readonly revocation: RevokedKeyRow;
  /** False when the key was already revoked (nothing changed). */
  readonly revoked: boolean;
}

/**
 * `guichet trust revoke`: a manager revokes an enrolled key (its full fingerprint, or a prefix of at least
 * 8 hex digits naming one key), with a reason; journaled as 'key.revoke'. Its blocks stop validating.
 */
export function revokeKey(t: LotteryTerminal, session: OperatorSession, fingerprint: string, reason: string): RevokeResult {
  const wanted = fingerprint.trim().toLowerCase();
  const why = reason.trim();
  if (!/^[0-9a-f]{8,64}$/.test(wanted)) throw new TrustError(`'${fingerprint}' is not a key fingerprint: give at least its first 8 hex digits (see guichet trust list)`);
  if (why.length === 0 || why.length > 200) throw new TrustError('give the reason for the revocation (1 to 200 characters)');
  return inTransaction(t, () => {
    authorize(t, session, 'keys.manage');
    const matches = listTrustedKeys(t.db).filter((k) => k.fingerprint.startsWith(wanted));
    if (matches.length === 0) throw new TrustError(`no trusted key ${wanted} on this terminal (see guichet trust list)`);
    if (matches.length > 1) throw new TrustError(`${wanted} names ${matches.length} keys: give more of the fingerprint`);
    const key = matches[0] as TrustedKeyRow;
    const row: RevokedKeyRow = { fingerprint: key.fingerprint, revoked_at: t.now(), reason: why };
    const revoked = revokeTrustedKey(t.db, row);
    if (revoked) record(t, { type: 'key.revoke', operator: session, payload: { fingerprint: key.fingerprint, reason: why } });
    const revocation = revoked ? row : (listRevokedKeys(t.db).find((r) => r.fingerprint === key.fingerprint) ?? row);
    return { key, revocation, revoked };
  });
}

/**
 * The keys that may sign outcome files here, as key objects ready to verify signatures: on a terminal
 * enrolled with central, the emission keys its root certified and did not revoke (never a key added any
 * other way); on a terminal set up by `guichet init`, the keys a manager trusted and did not revoke.
 */
export function trustedKeyObjects(db: Database): KeyObject[] {
  if (hasTrustRoot(db)) return certifiedKeys(db, 'emission').map((k) => k.key);
  const revoked = new Set(listRevokedKeys(db).map((r) => r.fingerprint));
  return listTrustedKeys(db)
    .filter((k) => !revoked.has(k.fingerprint))
    .map((k) => createPublicKey(k.public_key_pem));
}
