/**
 * The lottery's key hierarchy (issue #20): an offline **root** key certifies the **emission** keys (offline,
 * they sign outcome files) and central's **online** key (it signs enrolment answers and the feed), and
 * revokes them. A terminal is given the root's fingerprint out of band, with its one-time code, and trusts
 * a key only through a certificate that verifies with that root and no revocation of it.
 *
 * Certificates and revocations are root-signed statements, `lotterySigningString('certificate' | 'revocation', body)`;
 * they travel in the enrolment answer and on the feed (`key_certificate`, `key_revocation`). So does the
 * announcement of the TLS authorities central may chain to (`central-ca`, feed item `central_ca`, #39).
 */
import { z } from 'zod';
import { IsoUtc, PublicKeyPem, Sha256Hex, SignatureB64 } from './primitives.js';

/** What a certified key may sign: `online` the enrolment answers and the feed, `emission` outcome files. */
export const KEY_ROLES = ['online', 'emission'] as const;
export const KeyRole = z.enum(KEY_ROLES);
export type KeyRole = z.infer<typeof KeyRole>;

/** The root's public key, as the enrolment answer carries it (its fingerprint must be the one given out of band). */
export const RootKey = z.object({ fingerprint: Sha256Hex, public_key: PublicKeyPem }).strict();
export type RootKey = z.infer<typeof RootKey>;

/** The signed part of a certificate: the root says `fingerprint` (its public key) may sign for `role`. */
export const CertificateBody = z
  .object({
    format: z.literal('guichet-certificate/1'),
    /** Fingerprint of the root that signs. */
    root: Sha256Hex,
    role: KeyRole,
    fingerprint: Sha256Hex,
    public_key: PublicKeyPem,
    issued_at: IsoUtc,
  })
  .strict();
export type CertificateBody = z.infer<typeof CertificateBody>;

export const Certificate = z
  .object({
    body: CertificateBody,
    /** base64 Ed25519 of lotterySigningString('certificate', body) by the root. */
    signature: SignatureB64,
  })
  .strict();
export type Certificate = z.infer<typeof Certificate>;

/** The signed part of a revocation: the root withdraws a key it certified, for good. */
export const RevocationBody = z
  .object({
    format: z.literal('guichet-revocation/1'),
    root: Sha256Hex,
    fingerprint: Sha256Hex,
    reason: z.string().min(1).max(200),
    revoked_at: IsoUtc,
  })
  .strict();
export type RevocationBody = z.infer<typeof RevocationBody>;

export const Revocation = z
  .object({
    body: RevocationBody,
    /** base64 Ed25519 of lotterySigningString('revocation', body) by the root. */
    signature: SignatureB64,
  })
  .strict();
export type Revocation = z.infer<typeof Revocation>;

/** A certificate authority's certificate (PEM), as the terminals pin it. */
export const CentralCaPem = z.string().min(1).max(16_384).regex(/^-----BEGIN CERTIFICATE-----/);

/**
 * The signed part of a TLS announcement (#39): the root says central's TLS certificate may chain to these
 * authorities from `issued_at` on. Signed offline where the root is (`guichet central tls announce --root`);
 * a terminal replaces its pin only with one its root signed, newer than the one it applied last.
 */
export const CaAnnouncementBody = z
  .object({
    format: z.literal('guichet-central-ca/1'),
    root: Sha256Hex,
    certificates: z.array(CentralCaPem).min(1).max(4),
    issued_at: IsoUtc,
  })
  .strict();
export type CaAnnouncementBody = z.infer<typeof CaAnnouncementBody>;

export const CaAnnouncement = z
  .object({
    body: CaAnnouncementBody,
    /** base64 Ed25519 of lotterySigningString('central-ca', body) by the root. */
    signature: SignatureB64,
  })
  .strict();
export type CaAnnouncement = z.infer<typeof CaAnnouncement>;

/** A root fingerprint as a person types it (spaces, colons, upper case): 64 hex digits, or null. */
export function normaliseFingerprint(text: string): string | null {
  const hex = text.toLowerCase().replace(/[\s:-]/g, '');
  return /^[0-9a-f]{64}$/.test(hex) ? hex : null;
}

/** The fingerprint grouped by 4 for the enrolment letter and the screens (typed back, the grouping is ignored). */
export function groupedFingerprint(fingerprint: string): string {
  return fingerprint.match(/.{1,4}/g)?.join(' ') ?? fingerprint;
}
