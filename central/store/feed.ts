/** The feed: lottery-signed items in cursor order, and the reference data they announce. */
import { CENTRAL_URLS_KEY, CentralUrls, FeedBody, MAX_CENTRAL_URLS, type FeedItem, type SignedFeedEntry } from '../../common/protocol/index.js';
import { signLotteryDocument } from '../protocol/verify.js';
import type { Queryable } from './db.js';
import { CentralError, journalAtCentral, type Central } from './context.js';
import { currentEpoch } from './epoch.js';
import { feedAfter, insertFeedRows, lockFeedNextCursor } from './queries/feed.js';
import { configChanged } from './config-cache.js';
import { configRows, liftStopListed, upsertConfig, upsertGameStatus, upsertStopListed } from './queries/reference-data.js';

/** Appends a signed item for every terminal (or one) inside the caller's transaction; returns its cursor. */
export async function appendFeed(c: Central, tx: Queryable, item: FeedItem, terminalId: string | null = null): Promise<number> {
  return (await appendFeedItems(c, tx, [{ item, terminalId }]))[0] as number;
}

/** Whom a feed row is for: every terminal (nothing set), one terminal, or one retailer's terminals. */
export interface FeedScope {
  terminalId?: string | null;
  retailer?: string | null;
}

interface Pending {
  item: FeedItem;
  terminalId: string | null;
  retailer?: string | null;
}

/** Items to announce, in order, each with its cursor, in two statements under the feed's lock. */
async function appendFeedItems(c: Central, tx: Queryable, items: readonly Pending[]): Promise<number[]> {
  // One writer at a time: cursors are handed out in commit order, so a reader never skips one.
  const first = await lockFeedNextCursor(tx);
  const at = c.now();
  const bodies = items.map((p, i) => FeedBody.parse({ cursor: first + i, at, item: p.item }));
  await insertFeedRows(
    tx,
    at,
    c.lotteryKey.fingerprint,
    bodies.map((b, i) => ({
      cursor: b.cursor,
      terminal_id: items[i]!.terminalId,
      retailer: items[i]!.retailer ?? null,
      except_retailer: null,
      kind: items[i]!.item.kind,
      body: JSON.stringify(b),
      signature: signLotteryDocument('feed', b, c.lotteryKey.privateKey),
    })),
  );
  return bodies.map((b) => b.cursor);
}

/** Transactions whose announcements wait for their end (see deferAnnouncements). */
const waiting = new WeakMap<Queryable, Pending[]>();

/**
 * Announces an item inside the caller's transaction: at once, or, in a transaction that deferred its
 * announcements (a push), together with the others just before it commits.
 */
export async function announce(c: Central, tx: Queryable, item: FeedItem, terminalId: string | null = null): Promise<void> {
  await announceTo(c, tx, item, { terminalId });
}

/** Announces an item to a scope (see FeedScope), as `announce` does. */
export async function announceTo(c: Central, tx: Queryable, item: FeedItem, scope: FeedScope): Promise<void> {
  const p: Pending = { item, terminalId: scope.terminalId ?? null, retailer: scope.retailer ?? null };
  const later = waiting.get(tx);
  if (later) later.push(p);
  else await appendFeedItems(c, tx, [p]);
}

/**
 * Runs `work` in the transaction `tx` with its announcements kept until its end, then appends them all
 * at once: the feed's lock (one writer at a time) is then held from that last statement to the commit,
 * not for the whole of a push, so pushes announcing pack states or exceptions do not queue on each other.
 */
export async function deferAnnouncements<T>(c: Central, tx: Queryable, work: () => Promise<T>): Promise<T> {
  const pending: Pending[] = [];
  waiting.set(tx, pending);
  try {
    const result = await work();
    if (pending.length > 0) await appendFeedItems(c, tx, pending);
    return result;
  } finally {
    waiting.delete(tx);
  }
}

/**
 * Feed entries after `cursor` meant for `terminalId` (every terminal's, its own, its retailer's), at most
 * `limit`; the tickets its shop's packs had paid (`ticket_paid`) only when it reads them (`ticketFacts`).
 */
export async function readFeed(c: Central, terminalId: string, cursor: number, limit: number, ticketFacts = false): Promise<{ entries: SignedFeedEntry[]; next_cursor: number; more: boolean; epoch: string; epoch_floor: number }> {
  const epoch = await currentEpoch(c);
  const rows = await feedAfter(c.db, terminalId, cursor, limit + 1, ticketFacts);
  const more = rows.length > limit;
  // An entry signed by an earlier online key (before a rotation) is signed again by the one in use, so a
  // terminal enrolled later, or one that lost trust in the old key, still reads the whole feed.
  const k = c.lotteryKey;
  const entries = rows
    .slice(0, limit)
    .map((r) => (r.signer === k.fingerprint ? { body: r.body, signer: r.signer, signature: r.signature } : { body: r.body, signer: k.fingerprint, signature: signLotteryDocument('feed', r.body, k.privateKey) }));
  return { entries, next_cursor: entries.at(-1)?.body.cursor ?? cursor, more, epoch: epoch.epoch, epoch_floor: epoch.feed_floor };
}

/** Current configuration as one object. */
export async function currentConfig(q: Queryable): Promise<Record<string, unknown>> {
  const rows = await configRows(q);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Sets a configuration value, journaled at central and announced on the feed; this process's cached configuration is renewed. */
export async function setConfig(c: Central, actor: string, key: string, value: unknown, proposer: string | null = null): Promise<number> {
  if (!/^[a-z][a-z0-9_.]{0,63}$/.test(key)) throw new Error(`bad configuration key '${key}': lower-case letters, digits, _ and .`);
  if (key === CENTRAL_URLS_KEY) {
    const urls = CentralUrls.safeParse(value);
    if (!urls.success) throw new CentralError('bad_request', `${CENTRAL_URLS_KEY} takes a list of 1 to ${MAX_CENTRAL_URLS} central addresses, e.g. ["https://central-a:8470","https://central-b:8470"]: ${urls.error.issues[0]?.message ?? ''}`);
  }
  try {
    return await c.db.transaction(async (tx) => {
      const at = c.now();
      await upsertConfig(tx, key, value, at);
      // Under dual control the actor is the approver; the proposer is journaled beside them.
      await journalAtCentral(c, tx, at, actor, 'config.set', { key, value, ...(proposer !== null && proposer !== actor ? { proposed_by: proposer } : {}) });
      return appendFeed(c, tx, { kind: 'config', key, value });
    });
  } finally {
    // Committed (or not): this process's cached configuration is read again (config-cache.ts).
    configChanged(c.db);
  }
}

/** Puts a pack on the stop list (or lifts it), journaled and announced. */
export async function stopListChange(c: Central, actor: string, pack: string, action: 'add' | 'remove', reason: string): Promise<number> {
  if (!pack || pack.length > 64) throw new Error('a pack number, 1 to 64 characters');
  return c.db.transaction(async (tx) => {
    const at = c.now();
    if (action === 'add') {
      await upsertStopListed(tx, pack, reason, at);
    } else {
      const n = await liftStopListed(tx, pack, at);
      if (n === 0) throw new Error(`pack ${pack} is not on the stop list`);
    }
    await journalAtCentral(c, tx, at, actor, `stoplist.${action}`, { pack, reason });
    return appendFeed(c, tx, { kind: 'stop_list', pack, action, reason });
  });
}

/** Enables or disables a game for every terminal, journaled and announced. */
export async function setGameStatus(c: Central, actor: string, game: string, enabled: boolean, reason: string): Promise<number> {
  return c.db.transaction(async (tx) => {
    const at = c.now();
    await upsertGameStatus(tx, game, enabled, reason, at);
    await journalAtCentral(c, tx, at, actor, enabled ? 'game.enable' : 'game.disable', { game, reason });
    return appendFeed(c, tx, { kind: 'game_status', game, enabled, reason });
  });
}
