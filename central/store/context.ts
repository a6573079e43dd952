/** What central's operations work with: the database, the data folder, the lottery key and a clock. */
import type { KeyObject } from 'node:crypto';
import type { Db, Queryable } from './db.js';

export interface Central {
  readonly db: Db;
  /** The data folder (files/, print/, the PGlite folder, central.json). */
  readonly dataDir: string;
  readonly lotteryKey: { readonly privateKey: KeyObject; readonly publicKey: KeyObject; readonly fingerprint: string; readonly publicKeyPem: string };
  /** UTC ISO now (tests may fix it). */
  now(): string;
}

/** Appends to central's own journal (who did what at central), inside the caller's transaction. */
export async function journalAtCentral(tx: Queryable, at: string, actor: string, type: string, payload: Record<string, unknown>): Promise<number> {
  await tx.execute('LOCK TABLE central_journal IN EXCLUSIVE MODE');
  const rows = await tx.query<{ next: number }>('SELECT coalesce(max(entry_id), 0) + 1 AS next FROM central_journal');
  const id = rows[0]?.next ?? 1;
  await tx.execute('INSERT INTO central_journal (entry_id, at, actor, type, payload) VALUES ($1, $2, $3, $4, $5)', [id, at, actor, type, JSON.stringify(payload)]);
  return id;
}

/** A refusal meant for the person or program asking: a sentence, a code and an HTTP status. */
export class CentralError extends Error {
  override readonly name = 'CentralError';
  constructor(
    readonly reason: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}
