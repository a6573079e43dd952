/**
 * The lottery's key hierarchy in code (common/protocol/keys.ts holds the shapes): the root signs
 * certificates, revocations and announcements of central's TLS authorities; both sides check them
 * against the root they hold (central its store's, a terminal the one it was given at enrolment).
 */
import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import {
  lotterySigningString,
  type CaAnnouncement,
  type CaAnnouncementBody,
  type Certificate,
  type CertificateBody,
  type KeyRole,
  type Revocation,
  type RevocationBody,
  type RootKey,
} from '../../common/protocol/index.js';
import { keyFingerprint, publicKeyPem } from './keys.js';

/** Why a certificate, a revocation or a root is not accepted: a sentence naming the key. */
export class KeyChainError extends Error {
  override readonly name = 'KeyChainError';
}

const short = (fingerprint: string): string => `${fingerprint.slice(0, 16)}…`;

function parseKey(pem: string, what: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new KeyChainError(`${what}: not a public key`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new KeyChainError(`${what}: not an Ed25519 key`);
  return key;
}

function signedBy(kind: 'certificate' | 'revocation' | 'central-ca', body: unknown, signature: string, key: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(lotterySigningString(kind, body), 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** The root's public key, checked against the fingerprint given out of band. */
export function checkRoot(root: RootKey, expected: string): KeyObject {
  const key = parseKey(root.public_key, 'the lottery root');
  const actual = keyFingerprint(key);
  if (actual !== root.fingerprint) throw new KeyChainError(`the lottery root named ${short(root.fingerprint)} is key ${short(actual)}`);
  if (actual !== expected) {
    throw new KeyChainError(`the lottery root offered (${short(actual)}) is not the one on the enrolment letter (${short(expected)}): someone between this terminal and central?`);
  }
  return key;
}

/** A certificate's key once its root signature, root name and fingerprint check; throws KeyChainError. */
export function checkCertificate(cert: Certificate, root: KeyObject): KeyObject {
  const b = cert.body;
  const rootFp = keyFingerprint(root);
  if (b.root !== rootFp) throw new KeyChainError(`the certificate of key ${short(b.fingerprint)} names another root (${short(b.root)})`);
  if (!signedBy('certificate', b, cert.signature, root)) throw new KeyChainError(`the certificate of key ${short(b.fingerprint)} is not signed by the lottery root`);
  const key = parseKey(b.public_key, `certified key ${short(b.fingerprint)}`);
  if (keyFingerprint(key) !== b.fingerprint) throw new KeyChainError(`the certificate of key ${short(b.fingerprint)} carries another key`);
  return key;
}

/** A revocation once its root signature checks; throws KeyChainError. */
export function checkRevocation(rev: Revocation, root: KeyObject): RevocationBody {
  const rootFp = keyFingerprint(root);
  if (rev.body.root !== rootFp) throw new KeyChainError(`the revocation of key ${short(rev.body.fingerprint)} names another root`);
  if (!signedBy('revocation', rev.body, rev.signature, root)) throw new KeyChainError(`the revocation of key ${short(rev.body.fingerprint)} is not signed by the lottery root`);
  return rev.body;
}

/** A TLS announcement once its root signature checks; throws KeyChainError. */
export function checkCaAnnouncement(a: CaAnnouncement, root: KeyObject): CaAnnouncementBody {
  if (a.body.root !== keyFingerprint(root)) throw new KeyChainError(`the announcement of central's TLS authorities names another root (${short(a.body.root)})`);
  if (!signedBy('central-ca', a.body, a.signature, root)) throw new KeyChainError("the announcement of central's TLS authorities is not signed by the lottery root");
  return a.body;
}

/** The root certifies `key` for `role` (done where the root's private key is: `guichet central keys certify`). */
export function certify(rootPrivate: KeyObject, role: KeyRole, key: KeyObject, issuedAt: string): Certificate {
  const body: CertificateBody = {
    format: 'guichet-certificate/1',
    root: keyFingerprint(rootPrivate),
    role,
    fingerprint: keyFingerprint(key),
    public_key: publicKeyPem(key),
    issued_at: issuedAt,
  };
  return { body, signature: sign(null, Buffer.from(lotterySigningString('certificate', body), 'utf8'), rootPrivate).toString('base64') };
}

/** The root revokes the key `fingerprint` (`guichet central keys revoke`). */
export function revoke(rootPrivate: KeyObject, fingerprint: string, reason: string, revokedAt: string): Revocation {
  const body: RevocationBody = { format: 'guichet-revocation/1', root: keyFingerprint(rootPrivate), fingerprint, reason, revoked_at: revokedAt };
  return { body, signature: sign(null, Buffer.from(lotterySigningString('revocation', body), 'utf8'), rootPrivate).toString('base64') };
}

/** The root announces the authorities central's TLS certificate may chain to (`guichet central tls announce --root`). */
export function announceCas(rootPrivate: KeyObject, certificates: readonly string[], issuedAt: string): CaAnnouncement {
  const body: CaAnnouncementBody = { format: 'guichet-central-ca/1', root: keyFingerprint(rootPrivate), certificates: certificates.map((pem) => pem.trim()), issued_at: issuedAt };
  return { body, signature: sign(null, Buffer.from(lotterySigningString('central-ca', body), 'utf8'), rootPrivate).toString('base64') };
}
