/** Terminals at central: registration with a one-time code, enrolment, status, request authentication. */
import { randomBytes } from 'node:crypto';
import type { EnrolAnswer, EnrolRequest } from '../../common/protocol/index.js';
import { enrolRequestMacString, lotterySigningString, TerminalId } from '../../common/protocol/index.js';
import { keyFingerprint } from '../../node/outcome/keys.js';
import { enrolCodeKeys, enrolMac, enrolMacMatches } from '../../node/protocol/enrol-code.js';
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
import { enrolmentKeys, lotteryRoot } from './keys.js';
import type { EnrolmentRow } from './queries/terminals.js';
import type { Queryable } from './db.js';
import { retailerForTerminal } from './retailers.js';

/** How long a one-time enrolment code stays valid. */
export const ENROL_CODE_TTL_MS = 24 * 60 * 60 * 1000;

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/** A fresh code of 4 groups of 4 characters (about 78 bits), easy to read out and type. */
function newCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

export type { TerminalRow } from './queries/terminals.js';

/**
 * Registers a terminal; returns its one-time enrolment code (central keeps the code's id and MAC key, never
 * the code) and the lottery root's fingerprint, which the enrolment letter carries with it.
 */
export async function addTerminal(c: Central, actor: string, id: string, retailer: string): Promise<{ code: string; expires_at: string; root: string; retailer_id: string; retailer: string }> {
  if (!TerminalId.safeParse(id).success) throw new CentralError('bad_terminal_id', `bad terminal id '${id}': letters, digits, . _ -, at most 32`);
  if (!retailer.trim()) throw new CentralError('bad_retailer', 'the retailer name may not be empty');
  const code = newCode();
  const { codeId, macKey } = enrolCodeKeys(code);
  const now = c.now();
  const expires_at = new Date(Date.parse(now) + ENROL_CODE_TTL_MS).toISOString();
  const { root } = await lotteryRoot(c.db);
  // The retailer is a record (by id, or by its name in any case; a new name makes one).
  const r = await c.db.transaction(async (tx) => {
    if (await terminalById(tx, id)) throw new CentralError('terminal_exists', `terminal ${id} already exists (terminal ids are never reused)`, 409);
    const rec = await retailerForTerminal(c, tx, actor, retailer);
    const n = await insertPendingTerminal(tx, id, rec, codeId, macKey.toString('hex'), expires_at, now);
    if (n === 0) throw new CentralError('terminal_exists', `terminal ${id} already exists (terminal ids are never reused)`, 409);
    await journalAtCentral(c, tx, now, actor, 'terminal.add', { terminal: id, retailer: rec.name, retailer_id: rec.id, code_expires_at: expires_at });
    return rec;
  });
  return { code, expires_at, root: root.fingerprint, retailer_id: r.id, retailer: r.name };
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
    if (!row) throw new CentralError('unknown_terminal', `no terminal ${id}`, 404, { terminal: id });
    const status = enabled ? (row.enrolled_at ? 'active' : 'pending') : 'disabled';
    const now = c.now();
    await setTerminalStatus(tx, id, status, reason);
    await setTerminalDisabledAt(tx, id, enabled ? null : now);
    await journalAtCentral(c, tx, now, actor, enabled ? 'terminal.enable' : 'terminal.disable', { terminal: id, reason });
    await appendFeed(c, tx, { kind: 'terminal_status', terminal: id, enabled, reason }, id);
  });
}

/** The enrolment answer for `t` and the key `fingerprint`, signed by central's online key and MAC'd with the code's key. */
async function enrolAnswer(c: Central, tx: Queryable, t: EnrolmentRow, macKey: Buffer, fingerprint: string, nonce: string, at: string): Promise<EnrolAnswer> {
  const enrolment = {
    terminal_id: t.terminal_id,
    retailer: t.retailer,
    terminal_key: fingerprint,
    nonce,
    ...(await enrolmentKeys(tx)),
    config: await currentConfig(tx),
    feed_cursor: 0,
    at,
  };
  return {
    enrolment,
    signer: c.lotteryKey.fingerprint,
    signature: signLotteryDocument('enrolment', enrolment, c.lotteryKey.privateKey),
    mac: enrolMac(macKey, lotterySigningString('enrolment', enrolment)),
  };
}

/**
 * Enrols a terminal: the code (by its id and MAC), the key-possession proof, then the key recorded and
 * the answer signed and bound to the code, the key and the request's nonce. The same key asking again
 * with the same code (its answer was lost) gets the same answer; another key is refused `code_used`.
 */
export async function enrolTerminal(c: Central, req: EnrolRequest): Promise<EnrolAnswer> {
  const key = parseEd25519PublicKey(req.public_key);
  if (!key) throw new CentralError('bad_key', 'public_key is not an Ed25519 public key (SPKI PEM)');
  if (!verifyEnrolProof(req.code_id, req.public_key, req.nonce, req.proof, key)) {
    throw new CentralError('bad_proof', 'proof is not a signature of the code, key and nonce by the key being enrolled', 400);
  }
  const fingerprint = keyFingerprint(key);
  return c.db.transaction(async (tx) => {
    const t = await lockTerminalByCode(tx, req.code_id);
    const now = c.now();
    if (!t) throw new CentralError('bad_code', 'this enrolment code is not known', 403);
    if (!t.enrol_mac_key) throw new CentralError('bad_code', `the code of terminal ${t.terminal_id} was issued before enrolment was bound to its code: issue a new one`, 403);
    const macKey = Buffer.from(t.enrol_mac_key, 'hex');
    if (!enrolMacMatches(macKey, enrolRequestMacString(req.code_id, req.public_key, req.nonce), req.mac)) {
      throw new CentralError('bad_mac', 'the request is not authenticated by this enrolment code (altered on the way?)', 403);
    }
    if (t.enrolled_at) {
      if (t.key_fingerprint !== fingerprint) throw new CentralError('code_used', `this enrolment code was already used (terminal ${t.terminal_id} enrolled at ${t.enrolled_at})`, 403);
      // The same terminal again (its answer lost on the way): the same answer, or one for its new nonce.
      if (t.enrol_nonce === req.nonce && t.enrol_answer) return t.enrol_answer as EnrolAnswer;
      return enrolAnswer(c, tx, t, macKey, fingerprint, req.nonce, t.enrolled_at);
    }
    if (t.status === 'disabled') throw new CentralError('terminal_disabled', `terminal ${t.terminal_id} is disabled`, 403);
    if (!t.enrol_expires_at || t.enrol_expires_at < now) throw new CentralError('code_expired', `this enrolment code expired at ${t.enrol_expires_at ?? '?'}`, 403);
    const answer = await enrolAnswer(c, tx, t, macKey, fingerprint, req.nonce, now);
    await recordEnrolment(tx, t.terminal_id, req.public_key, fingerprint, now, req.nonce, answer);
    await journalAtCentral(c, tx, now, 'terminal', 'terminal.enrol', { terminal: t.terminal_id, key_fingerprint: fingerprint });
    return answer;
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
