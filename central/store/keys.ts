/**
 * The lottery's keys at central (issue #20): the root's public key, the keys it certified (emission keys
 * that sign outcome files, central's online key that signs answers and the feed) and its revocations.
 * Central holds no root private key: certificates and revocations are signed where the root is
 * (`guichet central keys certify|revoke --root FILE`) and central checks them against its root before
 * storing and announcing them on the feed, where every terminal checks them again.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import type { Certificate, KeyRole, Revocation, RootKey } from '../../common/protocol/index.js';
import { checkCertificate, checkRevocation, KeyChainError } from '../../node/outcome/certificates.js';
import { CentralError, journalAtCentral, type Central } from './context.js';
import { appendFeed } from './feed.js';
import type { Queryable } from './db.js';
import { allLotteryKeys, certifiedKeys, insertCertifiedKey, insertRootKey, lotteryKeyRow, markRevoked, revocations, rootKeyRow, type LotteryKeyRow } from './queries/lottery-keys.js';

/** The store's root (public key and fingerprint); throws when the store has none. */
export async function lotteryRoot(q: Queryable): Promise<{ key: KeyObject; root: RootKey }> {
  const row = await rootKeyRow(q);
  if (!row) throw new CentralError('no_root', 'this central store has no lottery root: it was made before the key hierarchy (guichet central init makes one)', 500);
  return { key: createPublicKey(row.public_key), root: { fingerprint: row.fingerprint, public_key: row.public_key } };
}

/** Records the root at `central init` (its public key only). */
export async function setLotteryRoot(c: Pick<Central, 'lotteryKey'>, tx: Queryable, actor: string, root: RootKey, now: string): Promise<void> {
  await insertRootKey(tx, root.fingerprint, root.public_key, now);
  await journalAtCentral(c, tx, now, actor, 'key.root', { fingerprint: root.fingerprint });
}

/** The certificates in force (their root signature checked again), of one role when given. */
export async function certificatesInForce(q: Queryable, role?: KeyRole): Promise<{ cert: Certificate; key: KeyObject }[]> {
  const { key: root } = await lotteryRoot(q);
  const out: { cert: Certificate; key: KeyObject }[] = [];
  for (const row of await certifiedKeys(q, role)) {
    if (!row.certificate) continue;
    try {
      out.push({ cert: row.certificate, key: checkCertificate(row.certificate, root) });
    } catch {
      // A row altered in the database: not a certificate of this root, so trusted for nothing.
    }
  }
  return out;
}

/** What an enrolment answer carries of the hierarchy: the root, the certificates in force, every revocation. */
export async function enrolmentKeys(q: Queryable): Promise<{ root: RootKey; certificates: Certificate[]; revocations: Revocation[] }> {
  const { root } = await lotteryRoot(q);
  return { root, certificates: (await certificatesInForce(q)).map((c) => c.cert), revocations: await revocations(q) };
}

/** Records and announces a certificate (inside `tx`); the same certificate again changes nothing. */
export async function storeCertificate(c: Central, tx: Queryable, actor: string, cert: Certificate): Promise<{ fingerprint: string; role: KeyRole; cursor: number | null; already: boolean }> {
  const { key: root } = await lotteryRoot(tx);
  try {
    checkCertificate(cert, root);
  } catch (err) {
    if (err instanceof KeyChainError) throw new CentralError('bad_certificate', err.message, 400);
    throw err;
  }
  const fp = cert.body.fingerprint;
  const held = await lotteryKeyRow(tx, fp);
  if (held?.revoked_at) throw new CentralError('key_revoked', `key ${fp.slice(0, 16)}… was revoked on ${held.revoked_at}: a revoked key is never certified again`, 409);
  if (held) {
    if (held.role === cert.body.role && held.certificate) return { fingerprint: fp, role: cert.body.role, cursor: null, already: true };
    throw new CentralError('key_exists', `key ${fp.slice(0, 16)}… is already held as ${held.role ?? 'a key of no role'}: one key, one role`, 409);
  }
  const now = c.now();
  await insertCertifiedKey(tx, cert, now);
  await journalAtCentral(c, tx, now, actor, 'key.certify', { fingerprint: fp, role: cert.body.role });
  const cursor = await appendFeed(c, tx, { kind: 'key_certificate', certificate: cert });
  return { fingerprint: fp, role: cert.body.role, cursor, already: false };
}

/** `guichet central keys certify`: a certificate the root signed, stored and sent to every terminal. */
export async function addCertificate(c: Central, actor: string, cert: Certificate): Promise<{ fingerprint: string; role: KeyRole; cursor: number | null; already: boolean }> {
  return c.db.transaction((tx) => storeCertificate(c, tx, actor, cert));
}

/** `guichet central keys revoke`: a revocation the root signed, recorded and sent to every terminal. */
export async function revokeLotteryKey(c: Central, actor: string, rev: Revocation): Promise<{ fingerprint: string; cursor: number | null; already: boolean }> {
  return c.db.transaction(async (tx) => {
    const { key: root, root: rootKey } = await lotteryRoot(tx);
    try {
      checkRevocation(rev, root);
    } catch (err) {
      if (err instanceof KeyChainError) throw new CentralError('bad_revocation', err.message, 400);
      throw err;
    }
    const fp = rev.body.fingerprint;
    if (fp === rootKey.fingerprint) throw new CentralError('root_key', 'the root cannot revoke itself: a new root means enrolling the terminals again', 400);
    if (fp === c.lotteryKey.fingerprint) {
      throw new CentralError('online_key_in_use', `key ${fp.slice(0, 16)}… is the online key this central signs with: certify another online key and serve with it first`, 409);
    }
    const held = await lotteryKeyRow(tx, fp);
    if (!held) throw new CentralError('unknown_key', `no lottery key ${fp.slice(0, 16)}… at this central (see guichet central keys list)`, 404);
    const now = c.now();
    if ((await markRevoked(tx, rev, now)) === 0) return { fingerprint: fp, cursor: null, already: true };
    await journalAtCentral(c, tx, now, actor, 'key.revoke', { fingerprint: fp, reason: rev.body.reason });
    const cursor = await appendFeed(c, tx, { kind: 'key_revocation', revocation: rev });
    return { fingerprint: fp, cursor, already: false };
  });
}

export interface LotteryKeyView {
  fingerprint: string;
  role: LotteryKeyRow['role'];
  added_at: string;
  issued_at: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
  /** True for the online key this central signs with. */
  in_use: boolean;
}

/** `guichet central keys list`. */
export async function listLotteryKeys(c: Central): Promise<LotteryKeyView[]> {
  return (await allLotteryKeys(c.db)).map((r) => ({
    fingerprint: r.fingerprint,
    role: r.role,
    added_at: r.added_at,
    issued_at: r.certificate?.body.issued_at ?? null,
    revoked_at: r.revoked_at,
    revoked_reason: r.revoked_reason,
    in_use: r.fingerprint === c.lotteryKey.fingerprint,
  }));
}
