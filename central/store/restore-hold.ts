/**
 * The restore window (#21). A restore brings back a database that does not know what terminals paid
 * online after its backup: until a terminal has pushed its journal again, another terminal's online
 * claim of a ticket it paid would be granted, and the ticket paid twice. So after a restore central
 * answers every online claim `central_restoring` (the counter does not pay: not offline either, central
 * answered) until every active terminal has re-synced — a push after which central holds the
 * terminal's whole journal (its `head_seq`) — or until the lottery releases the claims (`restore.release`,
 * dual control: a terminal that never comes back would hold them for ever).
 *
 * A process reads "released" once it is true (it stays so until the next restore, which needs a
 * restart); while claims are held it asks the database at each claim, so a release made through any
 * process applies to all.
 */
import type { RestoreStatusView } from '../../common/console/restore.js';
import { CentralError, journalAtCentral, type Central } from './context.js';
import type { Queryable } from './db.js';
import { currentEpoch } from './epoch.js';

export interface RestoreHold {
  readonly epoch: string;
  readonly started_at: string;
}

/** The restore that holds online claims right now, or null (none, or released). */
export async function claimsHold(c: Central, q: Queryable = c.db): Promise<RestoreHold | null> {
  if (c.memo.epoch.claimsReleased) return null;
  const e = await currentEpoch(c, q);
  const row = (await q.query<{ claims_released_at: string | null }>('SELECT claims_released_at FROM central_epochs WHERE epoch = $1', [e.epoch]))[0];
  if (!row || row.claims_released_at !== null) {
    c.memo.epoch.claimsReleased = true;
    return null;
  }
  return { epoch: e.epoch, started_at: e.started_at };
}

/** Active terminals that have not re-synced in `epoch` (all of them with `limit` null). */
async function waitingTerminals(q: Queryable, epoch: string, limit: number | null): Promise<{ terminal_id: string; retailer: string; last_contact_at: string | null }[]> {
  return q.query(
    `SELECT t.terminal_id, t.retailer, t.last_contact_at FROM terminals t
      WHERE t.status = 'active' AND NOT EXISTS (SELECT 1 FROM epoch_resyncs r WHERE r.epoch = $1 AND r.terminal_id = t.terminal_id)
      ORDER BY t.terminal_id ${limit === null ? '' : `LIMIT ${Math.max(0, Math.floor(limit))}`}`,
    [epoch],
  );
}

async function release(c: Central, tx: Queryable, epoch: string, at: string, by: string, payload: Record<string, unknown>): Promise<boolean> {
  const n = await tx.execute('UPDATE central_epochs SET claims_released_at = $2, claims_released_by = $3 WHERE epoch = $1 AND claims_released_at IS NULL', [epoch, at, by]);
  if (n === 0) return false;
  await journalAtCentral(c, tx, at, by, 'restore.claims_released', { epoch, ...payload });
  return true;
}

/**
 * Inside a push's transaction, once it is stored: when central now holds the terminal's whole journal
 * (`lastSeq` ≥ the `head_seq` it declared) during a hold, the terminal has re-synced; the last one to do
 * so releases the claims.
 */
export async function noteResync(c: Central, tx: Queryable, terminalId: string, headSeq: number | undefined, lastSeq: number, at: string): Promise<void> {
  if (headSeq === undefined || lastSeq < headSeq) return;
  const hold = await claimsHold(c, tx);
  if (!hold) return;
  // One push at a time past this point: two last terminals re-syncing at once would each see the other
  // still waiting (neither's row committed) and leave the claims held.
  await tx.query('SELECT 1 FROM central_epochs WHERE epoch = $1 FOR UPDATE', [hold.epoch]);
  await tx.execute('INSERT INTO epoch_resyncs (epoch, terminal_id, at, last_seq) VALUES ($1, $2, $3, $4) ON CONFLICT (epoch, terminal_id) DO NOTHING', [hold.epoch, terminalId, at, lastSeq]);
  if ((await waitingTerminals(tx, hold.epoch, 1)).length > 0) return;
  await release(c, tx, hold.epoch, at, 'central', { why: 'every active terminal re-synced', last: terminalId });
}

/** What `restore.status` answers (the console reads it with this schema). */
export type RestoreStatus = RestoreStatusView;

/** Where the current epoch stands: held or not, and which terminals the hold waits for. */
export async function restoreStatus(c: Central): Promise<RestoreStatus> {
  const e = await currentEpoch(c);
  const row = (await c.db.query<{ claims_released_at: string | null; claims_released_by: string | null }>('SELECT claims_released_at, claims_released_by FROM central_epochs WHERE epoch = $1', [e.epoch]))[0];
  const resynced = (await c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM epoch_resyncs WHERE epoch = $1', [e.epoch]))[0]?.n ?? 0;
  const waiting = (
    await c.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM terminals t WHERE t.status = 'active' AND NOT EXISTS (SELECT 1 FROM epoch_resyncs r WHERE r.epoch = $1 AND r.terminal_id = t.terminal_id)`,
      [e.epoch],
    )
  )[0]?.n ?? 0;
  return {
    epoch: e.epoch,
    reason: e.reason,
    started_at: e.started_at,
    held: row?.claims_released_at === null,
    released_at: row?.claims_released_at ?? null,
    released_by: row?.claims_released_by ?? null,
    resynced,
    waiting,
    waiting_terminals: await waitingTerminals(c.db, e.epoch, 100),
  };
}

/** `restore.release`: the lottery lets online claims through before every terminal re-synced (dual control). */
export async function releaseClaims(c: Central, actor: string, reason: string, proposer: string | null): Promise<{ epoch: string; released_at: string; waiting: number }> {
  return c.db.transaction(async (tx) => {
    const hold = await claimsHold(c, tx);
    if (!hold) throw new CentralError('not_held', 'online claims are not held: no restore is waiting for terminals to re-sync', 409);
    const waiting = (await waitingTerminals(tx, hold.epoch, null)).map((t) => t.terminal_id);
    const at = c.now();
    await release(c, tx, hold.epoch, at, actor, { why: reason, proposer, waiting_terminals: waiting.length, waiting: waiting.slice(0, 100) });
    return { epoch: hold.epoch, released_at: at, waiting: waiting.length };
  });
}
