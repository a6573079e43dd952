/**
 * The idempotency records of the admin acts (#21, migration 019): a client-generated key per act,
 * stored with its answer in the act's own transaction. A replay (same key, same operator, same
 * operation and body) answers the stored result without running again; the same key with another
 * body, operation or operator is refused (409), nothing changed.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../common/canonical-json.js';
import { CentralError } from './context.js';
import type { Queryable } from './db.js';

/** What a key must look like: 8–128 characters of letters, digits, `-`, `_`, `.`, `:` (a UUID fits). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,128}$/;

export interface StoredAnswer {
  readonly status: 200 | 202;
  readonly result: unknown;
}

export const bodyHash = (op: string, args: unknown): string => createHash('sha256').update(canonicalJson({ op, args: args ?? {} })).digest('hex');

export function checkIdempotencyKey(key: string): void {
  if (!IDEMPOTENCY_KEY.test(key)) throw new CentralError('bad_idempotency_key', 'an idempotency key is 8 to 128 letters, digits or . _ : - (a UUID fits)', 400);
}

/** The stored answer for `key`, or undefined; refuses a key used for another act. */
export async function replayOf(q: Queryable, key: string, actor: string, op: string, hash: string): Promise<StoredAnswer | undefined> {
  const [row] = await q.query<{ actor: string; op: string; body_hash: string; status: number; result: unknown }>(
    'SELECT actor, op, body_hash, status, result FROM admin_requests WHERE key = $1',
    [key],
  );
  if (!row) return undefined;
  if (row.actor !== actor || row.op !== op || row.body_hash !== hash) {
    throw new CentralError('idempotency_key_reused', `idempotency key ${key} was used for another request (${row.op} by ${row.actor}): use a new key for a new act`, 409);
  }
  return { status: row.status === 202 ? 202 : 200, result: row.result };
}

/** Records `key`'s answer, in the act's transaction (a concurrent twin fails on the primary key and rolls back). */
export async function recordAnswer(q: Queryable, key: string, actor: string, op: string, hash: string, answer: StoredAnswer, at: string): Promise<void> {
  await q.execute('INSERT INTO admin_requests (key, actor, op, body_hash, status, result, at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    key,
    actor,
    op,
    hash,
    answer.status,
    JSON.stringify(answer.result ?? null),
    at,
  ]);
}
