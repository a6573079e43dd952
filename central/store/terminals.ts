/** Terminals at central: registration with a one-time code, enrolment, status, request authentication. */
import { createHash, randomBytes } from 'node:crypto';
import type { EnrolAnswer, EnrolRequest } from '../../common/protocol/index.js';
import { TerminalId } from '../../common/protocol/index.js';
import { keyFingerprint } from '../../db/outcome/keys.js';
import { parseEd25519PublicKey, signLotteryDocument, verifyEnrolProof } from '../protocol/verify.js';
import { CentralError, journalAtCentral, type Central } from './context.js';
import { appendFeed, currentConfig } from './feed.js';
import {
  allTerminals,
  deleteExpiredNonces,
  insertNonce,
  insertNonceAndTouch,
  insertPendingTerminal,
  lockTerminalByCode,
  lockTerminalStatus,
  recordEnrolment,
  setTerminalDisabledAt,
  setTerminalStatus,
  terminalById,
  touchTerminalAt,
  type TerminalRow,
} from './queries/terminals.js';
import { insertLotteryKey, trustedLotteryKeys } from './queries/lottery-keys.js';

/** How long a one-time enrolment code stays valid. */
export const ENROL_CODE_TTL_MS = 24 * 60 * 60 * 1000;

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/** A fresh code of 4 groups of 4 characters (about 78 bits), easy to read out and type. */
function newCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** Codes are compared without case, spaces or dashes. */
function codeHash(code: string): string {
  const normal = code.toUpperCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`guichet-enrol-code\n${normal}`).digest('hex');
}

export type { TerminalRow } from './queries/terminals.js';

/** Registers a terminal; returns its one-time enrolment code (only its hash is kept). */
export async function addTerminal(c: Central, actor: string, id: string, retailer: string): Promise<{ code: string; expires_at: string }> {
  if (!TerminalId.safeParse(id).success) throw new CentralError('bad_terminal_id', `bad terminal id '${id}': letters, digits, . _ -, at most 32`);
  if (!retailer.trim()) throw new CentralError('bad_retailer', 'the retailer name may not be empty');
  const code = newCode();
  const now = c.now();
  const expires_at = new Date(Date.parse(now) + ENROL_CODE_TTL_MS).toISOString();
  await c.db.transaction(async (tx) => {
    const n = await insertPendingTerminal(tx, id, retailer, codeHash(code), expires_at, now);
    if (n === 0) throw new CentralError('terminal_exists', `terminal ${id} already exists (terminal ids are never reused)`, 409);
    await journalAtCentral(tx, now, actor, 'terminal.add', { terminal: id, retailer, code_expires_at: expires_at });
  });
  return { code, expires_at };
}

export async function listTerminals(c: Central): Promise<TerminalRow[]> {
  return allTerminals(c.db);
}

export async function getTerminal(c: Central, id: string): Promise<TerminalRow | undefined> {
  return terminalById(c.db, id);
}

/** Disables or re-enables a terminal; announced on its feed so it stops (or resumes) selling and paying. */
export async function setTerminalEnabled(c: Central, actor: string, id: string, enabled: boolean, reason: string): Promise<void> {
  await c.db.transaction(async (tx) => {
    const row = await lockTerminalStatus(tx, id);
    if (!row) throw new CentralError('unknown_terminal', `no terminal ${id}`, 404);
    const status = enabled ? (row.enrolled_at ? 'active' : 'pending') : 'disabled';
    const now = c.now();
    await setTerminalStatus(tx, id, status, reason);
    await setTerminalDisabledAt(tx, id, enabled ? null : now);
    await journalAtCentral(tx, now, actor, enabled ? 'terminal.enable' : 'terminal.disable', { terminal: id, reason });
    await appendFeed(c, tx, { kind: 'terminal_status', terminal: id, enabled, reason }, id);
  });
}

/** Enrols a terminal: checks the one-time code and the key-possession proof, records the key, answers signed. */
export async function enrolTerminal(c: Central, req: EnrolRequest): Promise<EnrolAnswer> {
  const key = parseEd25519PublicKey(req.public_key);
  if (!key) throw new CentralError('bad_key', 'public_key is not an Ed25519 public key (SPKI PEM)');
  if (!verifyEnrolProof(req.code, req.public_key, req.proof, key)) {
    throw new CentralError('bad_proof', 'proof is not a signature of the code by the key being enrolled', 400);
  }
  return c.db.transaction(async (tx) => {
    const t = await lockTerminalByCode(tx, codeHash(req.code));
    const now = c.now();
    if (!t) throw new CentralError('bad_code', 'this enrolment code is not known', 403);
    if (t.enrolled_at) throw new CentralError('code_used', `this enrolment code was already used (terminal ${t.terminal_id} enrolled at ${t.enrolled_at})`, 403);
    if (t.status === 'disabled') throw new CentralError('terminal_disabled', `terminal ${t.terminal_id} is disabled`, 403);
    if (!t.enrol_expires_at || t.enrol_expires_at < now) throw new CentralError('code_expired', `this enrolment code expired at ${t.enrol_expires_at ?? '?'}`, 403);
    const fingerprint = keyFingerprint(key);
    await recordEnrolment(tx, t.terminal_id, req.public_key, fingerprint, now);
    await journalAtCentral(tx, now, 'terminal', 'terminal.enrol', { terminal: t.terminal_id, key_fingerprint: fingerprint });
    const keys = await trustedLotteryKeys(tx);
    const enrolment = {
      terminal_id: t.terminal_id,
      retailer: t.retailer,
      terminal_key: fingerprint,
      lottery_keys: keys.map((k) => ({ fingerprint: k.fingerprint, public_key: k.public_key })),
      config: await currentConfig(tx),
      feed_cursor: 0,
      at: now,
    };
    return { enrolment, signer: c.lotteryKey.fingerprint, signature: signLotteryDocument('enrolment', enrolment, c.lotteryKey.privateKey) };
  });
}

/** Remembers a request nonce; false when that terminal already used it (a replay). Forgets expired ones. */
export async function useNonce(c: Central, terminalId: string, nonce: string, expiresAt: string): Promise<boolean> {
  const n = await insertNonce(c.db, terminalId, nonce, expiresAt);
  if (n === 1 && Math.random() < 0.01) await deleteExpiredNonces(c.db, c.now());
  return n === 1;
}

/**
 * useNonce and touchTerminal in one statement (one round trip per request instead of two): true when
 * the nonce is new, and then the terminal's last contact is now.
 */
export async function acceptNonce(c: Central, terminalId: string, nonce: string, expiresAt: string): Promise<boolean> {
  // The last contact is stamped unless a push of this terminal holds its row: that push stamps it when
  // it commits, and a claim must not wait behind the push's whole transaction for a timestamp.
  const fresh = await insertNonceAndTouch(c.db, terminalId, nonce, expiresAt, c.now());
  if (fresh && Math.random() < 0.01) await deleteExpiredNonces(c.db, c.now());
  return fresh;
}

export async function touchTerminal(c: Central, terminalId: string): Promise<void> {
  await touchTerminalAt(c.db, terminalId, c.now());
}

/** Adds a lottery public key to the trusted set (init does it for the service's own key). */
export async function addLotteryKey(c: Central, fingerprint: string, publicKeyPem: string): Promise<void> {
  await insertLotteryKey(c.db, fingerprint, publicKeyPem, c.now());
}
