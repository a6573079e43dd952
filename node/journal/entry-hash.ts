/**
 * The hash of a journal entry, computed one way wherever it is: the terminal seals its entries with it
 * (main/kernel/chain.ts), central checks the entries a terminal pushes (central/protocol/verify.ts) and
 * seals its own journal's rows (central/store/journal-chain.ts). An entry's hash is the SHA-256 of the
 * previous entry's hash, a line feed, and the canonical JSON of the entry's fields.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../common/canonical-json.js';

/** Hash that the first entry points back to. */
export const GENESIS_HASH = '0'.repeat(64);

/** What a terminal's journal entry hashes (common/protocol/README.md, "Push"). */
export interface JournalFields {
  readonly seq: number;
  readonly at: string;
  readonly terminal: string;
  readonly type: string;
  readonly operator: string | null;
  readonly payload: unknown;
}

/** The hex SHA-256 of `prevHash`, a line feed and the canonical JSON of `body`: one link of a chain. */
export function linkHash(prevHash: string, body: unknown): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalJson(body)).digest('hex');
}

/** The hash of a terminal's journal entry that follows the entry hashed `prevHash`. */
export function entryHash(fields: JournalFields, prevHash: string): string {
  const { seq, at, terminal, type, operator, payload } = fields;
  return linkHash(prevHash, { seq, at, terminal, type, operator, payload });
}
