/** SQL of `terminals` and `nonces` (the rules: store/terminals.ts, store/ingest.ts, store/statements.ts). */
import type { Queryable } from '../db.js';

export interface TerminalRow {
  terminal_id: string;
  retailer: string;
  status: 'pending' | 'active' | 'disabled';
  status_reason: string | null;
  public_key: string | null;
  key_fingerprint: string | null;
  enrol_expires_at: string | null;
  enrolled_at: string | null;
  created_at: string;
  last_contact_at: string | null;
  last_seq: number;
  last_hash: string;
}

const COLUMNS =
  'terminal_id, retailer, status, status_reason, public_key, key_fingerprint, enrol_expires_at, enrolled_at, created_at, last_contact_at, last_seq, last_hash';

/** A terminal's retailer ('' for no such terminal). */
export async function retailerOf(q: Queryable, terminalId: string): Promise<string> {
  return (await retailerOfTerminal(q, terminalId)) ?? '';
}

/** A terminal's retailer, undefined for no such terminal. */
export async function retailerOfTerminal(q: Queryable, terminalId: string): Promise<string | undefined> {
  return (await q.query<{ retailer: string }>('SELECT retailer FROM terminals WHERE terminal_id = $1', [terminalId]))[0]?.retailer;
}

/** The terminals of a retailer, by id. */
export async function terminalsOfRetailer(q: Queryable, retailer: string): Promise<string[]> {
  return (await q.query<{ terminal_id: string }>('SELECT terminal_id FROM terminals WHERE retailer = $1 ORDER BY terminal_id', [retailer])).map((r) => r.terminal_id);
}

/** Registers a pending terminal with its code's id and MAC key (never the code); 0 when that id exists. */
export async function insertPendingTerminal(tx: Queryable, id: string, retailer: { id: string; name: string }, codeId: string, macKeyHex: string, expiresAt: string, now: string): Promise<number> {
  return tx.execute(
    `INSERT INTO terminals (terminal_id, retailer, retailer_id, status, enrol_code_hash, enrol_mac_key, enrol_expires_at, created_at)
       VALUES ($1, $2, $7, 'pending', $3, $4, $5, $6) ON CONFLICT (terminal_id) DO NOTHING`,
    [id, retailer.name, codeId, macKeyHex, expiresAt, now, retailer.id],
  );
}

export async function allTerminals(q: Queryable): Promise<TerminalRow[]> {
  return q.query<TerminalRow>(`SELECT ${COLUMNS} FROM terminals ORDER BY terminal_id`);
}

export async function terminalById(q: Queryable, id: string): Promise<TerminalRow | undefined> {
  return (await q.query<TerminalRow>(`SELECT ${COLUMNS} FROM terminals WHERE terminal_id = $1`, [id]))[0];
}

/** A terminal's status and enrolment, its row locked. */
export async function lockTerminalStatus(tx: Queryable, id: string): Promise<{ status: string; enrolled_at: string | null } | undefined> {
  return (await tx.query<{ status: string; enrolled_at: string | null }>('SELECT status, enrolled_at FROM terminals WHERE terminal_id = $1 FOR UPDATE', [id]))[0];
}

export async function setTerminalStatus(tx: Queryable, id: string, status: string, reason: string): Promise<void> {
  await tx.execute('UPDATE terminals SET status = $2, status_reason = $3 WHERE terminal_id = $1', [id, status, reason]);
}

export interface EnrolmentRow extends TerminalRow {
  /** Hex MAC key derived from the one-time code (null for a code issued before enrolment was bound to it). */
  enrol_mac_key: string | null;
  /** The nonce and answer of the enrolment, once enrolled (a retry with the same key gets the answer again). */
  enrol_nonce: string | null;
  enrol_answer: unknown;
}

/** Stamps when central disabled a terminal (entries it journals after are not credited), cleared when enabled again. */
export async function setTerminalDisabledAt(tx: Queryable, id: string, at: string | null): Promise<void> {
  await tx.execute('UPDATE terminals SET disabled_at = $2 WHERE terminal_id = $1', [id, at]);
}

/** What the push's money checks need of the terminal: its retailer, and when central disabled it (null: enabled). */
export async function terminalMoneyFacts(q: Queryable, id: string): Promise<{ retailer: string; disabled_at: string | null } | undefined> {
  return (
    await q.query<{ retailer: string; disabled_at: string | null }>(
      `SELECT retailer, CASE WHEN status = 'disabled' THEN coalesce(disabled_at, '') END AS disabled_at FROM terminals WHERE terminal_id = $1`,
      [id],
    )
  )[0];
}

/** The terminal a one-time code (by its id) was issued to, its row locked. */
export async function lockTerminalByCode(tx: Queryable, codeId: string): Promise<EnrolmentRow | undefined> {
  return (await tx.query<EnrolmentRow>(`SELECT ${COLUMNS}, enrol_mac_key, enrol_nonce, enrol_answer FROM terminals WHERE enrol_code_hash = $1 FOR UPDATE`, [codeId]))[0];
}

export async function recordEnrolment(tx: Queryable, id: string, publicKey: string, fingerprint: string, now: string, nonce: string, answer: unknown): Promise<void> {
  await tx.execute(
    `UPDATE terminals SET status = 'active', public_key = $2, key_fingerprint = $3, enrolled_at = $4, last_contact_at = $4, enrol_nonce = $5, enrol_answer = $6
       WHERE terminal_id = $1`,
    [id, publicKey, fingerprint, now, nonce, JSON.stringify(answer)],
  );
}

/** Remembers a nonce; 1 when new, 0 when the terminal used it before. */
export async function insertNonce(q: Queryable, terminalId: string, nonce: string, expiresAt: string): Promise<number> {
  return q.execute('INSERT INTO nonces (terminal_id, nonce, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [terminalId, nonce, expiresAt]);
}

export async function deleteExpiredNonces(q: Queryable, now: string): Promise<void> {
  await q.execute('DELETE FROM nonces WHERE expires_at < $1', [now]);
}

/**
 * Remembers a nonce and, when it is new, stamps the terminal's last contact, in one statement; the
 * stamp is skipped when a push of this terminal holds its row (`SKIP LOCKED`). True when the nonce is new.
 */
export async function insertNonceAndTouch(q: Queryable, terminalId: string, nonce: string, expiresAt: string, now: string): Promise<boolean> {
  const rows = await q.query<{ fresh: boolean }>(
    `WITH n AS (INSERT INTO nonces (terminal_id, nonce, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1),
          l AS (SELECT terminal_id FROM terminals WHERE terminal_id = $1 AND EXISTS (SELECT 1 FROM n) FOR UPDATE SKIP LOCKED),
          t AS (UPDATE terminals SET last_contact_at = $4 FROM l WHERE terminals.terminal_id = l.terminal_id RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM n) AS fresh`,
    [terminalId, nonce, expiresAt, now],
  );
  return rows[0]?.fresh === true;
}

export async function touchTerminalAt(q: Queryable, terminalId: string, now: string): Promise<void> {
  await q.execute('UPDATE terminals SET last_contact_at = $2 WHERE terminal_id = $1', [terminalId, now]);
}

/** A terminal's key and chain head, its row locked for the push. */
export async function lockTerminalChain(
  tx: Queryable,
  terminalId: string,
): Promise<{ public_key: string | null; enrolled_at: string | null; last_seq: number; last_hash: string } | undefined> {
  return (
    await tx.query<{ public_key: string | null; enrolled_at: string | null; last_seq: number; last_hash: string }>(
      'SELECT public_key, enrolled_at, last_seq, last_hash FROM terminals WHERE terminal_id = $1 FOR UPDATE',
      [terminalId],
    )
  )[0];
}

/** A terminal's chain head. */
export async function terminalChain(q: Queryable, terminalId: string): Promise<{ last_seq: number; last_hash: string } | undefined> {
  return (await q.query<{ last_seq: number; last_hash: string }>('SELECT last_seq, last_hash FROM terminals WHERE terminal_id = $1', [terminalId]))[0];
}
