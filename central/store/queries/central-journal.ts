/** SQL of `central_journal`, central's own journal (the rule: store/context.ts journalAtCentral; the chain: store/journal-chain.ts). */
import type { KeyObject } from 'node:crypto';
import type { Queryable } from '../db.js';
import { GENESIS_HASH } from '../../../node/journal/entry-hash.js';
import { sealCentralEntry, type SealedCentralEntry } from '../journal-chain.js';

export interface JournalSigner {
  readonly privateKey: KeyObject;
  readonly fingerprint: string;
}

/** Appends one sealed entry under the table's lock (ids in commit order), inside the caller's transaction; answers its id. */
export async function insertCentralJournalEntry(tx: Queryable, key: JournalSigner, at: string, actor: string, type: string, payload: Record<string, unknown>): Promise<number> {
  await tx.execute('LOCK TABLE central_journal IN EXCLUSIVE MODE');
  const last = (await tx.query<{ entry_id: number; hash: string | null }>('SELECT entry_id, hash FROM central_journal ORDER BY entry_id DESC LIMIT 1'))[0];
  if (last && !last.hash) throw new Error(`central's journal is not sealed up to entry ${last.entry_id}: open the store again (it seals the entries written before the chain)`);
  const sealed = sealCentralEntry({ entry_id: (last?.entry_id ?? 0) + 1, at, actor, type, payload }, last?.hash ?? GENESIS_HASH, key);
  await insertSealed(tx, sealed);
  return sealed.entry_id;
}

async function insertSealed(tx: Queryable, s: SealedCentralEntry): Promise<void> {
  await tx.execute('INSERT INTO central_journal (entry_id, at, actor, type, payload, prev_hash, hash, signer, signature) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
    s.entry_id,
    s.at,
    s.actor,
    s.type,
    JSON.stringify(s.payload),
    s.prev_hash,
    s.hash,
    s.signer,
    s.signature,
  ]);
}

/**
 * Seals the entries written before the chain existed (schema version 17), once: only while no entry has
 * a seal yet, so a row slipped in later is never sealed by central (verify reports it).
 */
export async function sealLegacyCentralJournal(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, key: JournalSigner): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute('LOCK TABLE central_journal IN EXCLUSIVE MODE');
    const sealedOnes = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM central_journal WHERE hash IS NOT NULL');
    if ((sealedOnes[0]?.n ?? 0) > 0) return 0;
    const rows = await tx.query<{ entry_id: number; at: string; actor: string; type: string; payload: unknown }>('SELECT entry_id, at, actor, type, payload FROM central_journal ORDER BY entry_id');
    let prev = GENESIS_HASH;
    let n = 0;
    for (const r of rows) {
      // Renumbered from 1 in order: a legacy table had no gaps, and the chain needs none.
      const s = sealCentralEntry({ ...r, entry_id: ++n }, prev, key);
      await tx.execute('UPDATE central_journal SET entry_id = $2, prev_hash = $3, hash = $4, signer = $5, signature = $6 WHERE entry_id = $1', [r.entry_id, s.entry_id, s.prev_hash, s.hash, s.signer, s.signature]);
      prev = s.hash;
    }
    return n;
  });
}
