/** The journal as each side holds it, in one shape, to compare entry for entry. */
import type { Queryable } from '../../../../central/store/db.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';

export interface ComparableEntry {
  readonly seq: number;
  readonly at: string;
  readonly type: string;
  readonly operator: string | null;
  readonly payload: unknown;
  readonly prev_hash: string;
  readonly hash: string;
  readonly signature: string;
}

export function terminalJournal(t: LotteryTerminal): ComparableEntry[] {
  return (t.db.prepare('SELECT seq, at, type, operator, payload, prev_hash, hash, signature FROM journal ORDER BY seq').all() as (ComparableEntry & { payload: string })[]).map(
    (r) => ({ ...r, payload: JSON.parse(r.payload) as unknown }),
  );
}

export async function centralJournal(db: Queryable, terminal: string): Promise<ComparableEntry[]> {
  const rows = await db.query<ComparableEntry & { seq: number | string }>(
    'SELECT seq, at, type, operator, payload, prev_hash, hash, signature FROM journal_entries WHERE terminal_id = $1 ORDER BY seq',
    [terminal],
  );
  return rows.map((r) => ({ seq: Number(r.seq), at: r.at, type: r.type, operator: r.operator, payload: r.payload, prev_hash: r.prev_hash, hash: r.hash, signature: r.signature }));
}

/** Central's outbox events for a terminal: keys, in order. */
export async function centralEventKeys(db: Queryable, terminal: string): Promise<string[]> {
  const rows = await db.query<{ event_key: string }>('SELECT event_key FROM outbox_events WHERE terminal_id = $1 ORDER BY event_key', [terminal]);
  return rows.map((r) => r.event_key);
}

export function terminalEventKeys(t: LotteryTerminal): string[] {
  return (t.db.prepare('SELECT idempotency_key FROM outbox ORDER BY idempotency_key').all() as { idempotency_key: string }[]).map((r) => r.idempotency_key);
}
