/** Small zod pieces the protocol's schemas are built of. */
import { z } from 'zod';

/** A terminal id, as `guichet init --terminal` accepts it. */
export const TerminalId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, 'a terminal id: letters, digits, . _ -, at most 32');
/** UTC ISO time with optional milliseconds, e.g. 2026-11-30T22:00:00.000Z. */
export const IsoUtc = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/, 'a UTC ISO time');
/** Hex SHA-256. */
export const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'a hex SHA-256');
/** Standard base64 (with padding). */
export const Base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64');
/** An Ed25519 signature in standard base64 (64 bytes → 88 characters). */
export const SignatureB64 = z.string().regex(/^[A-Za-z0-9+/]{86}==$/, 'a base64 Ed25519 signature');
/** An Ed25519 public key as SPKI PEM (the form of `lottery.pub` and `terminal.pub`). */
export const PublicKeyPem = z
  .string()
  .max(400)
  .regex(/^-----BEGIN PUBLIC KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END PUBLIC KEY-----\r?\n?$/, 'an SPKI PEM public key');
/** A whole number ≥ 0 (seqs, cursors, sizes). */
export const Count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** A JSON object (payloads). */
export const JsonObject = z.record(z.string(), z.unknown());
/** Game code (games/index.ts), e.g. 'millionnaire'. */
export const GameCode = z.string().regex(/^[a-z0-9-]{1,40}$/, 'a game code');
/** A pack (the printed pack number). */
export const PackId = z.string().min(1).max(64);
