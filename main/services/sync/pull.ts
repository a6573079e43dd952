/**
 * Pull: the terminal's feed from its cursor. Every entry must be signed by an online key this terminal's
 * root certified (trustedOnlineKeys; the transport is not trusted on its own); a certificate or revocation
 * it carries must verify with the root itself, else it is refused and journaled, and the feed goes on; entries are applied in cursor order, each with the
 * cursor move in one transaction, so a cut pull resumes after the last entry applied. Outcome files are
 * downloaded with HTTP Range (resumed after a cut), checked against the feed's size and SHA-256, and
 * imported exactly as `guichet import` does. The terminal asks for the tickets central holds paid of its
 * shop's packs (`ticket_facts=1`; `ticket_paid`, kept by paid-tickets.ts).
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ENDPOINTS, FeedAnswer, type FeedBody, type FeedItem } from '../../../common/protocol/index.js';
import { deleteFeedDownload, feedDownload, insertFeedDownload, syncStateRow, updateSyncState } from '../../../db/queries/sync-state.js';
import { CENTRAL_STOP_PREFIX, deleteStop, exactStop, insertStop, setStopJournalSeq } from '../../../db/queries/stop-list.js';
import { upsertCentralPack } from '../../../db/queries/central-packs.js';
import { markOutboxRefused } from '../../../db/queries/outbox.js';
import { writeSetting, readSettings } from '../../../db/queries/terminal.js';
import { canonicalJson } from '../../../common/canonical-json.js';
import { record } from '../../kernel/record.js';
import { ImportRefusedError, importOutcomeFile } from '../outcomes/import.js';
import { acceptCertificate, acceptRevocation, KeyChainError } from '../outcomes/key-chain.js';
import { parsePackRef } from '../packs/pack-ref.js';
import { inTransaction } from '../../kernel/transaction.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { applyCentralCa } from './central-ca.js';
import { applyCentralConfig } from './central-config.js';
import type { CentralClient } from './client.js';
import { SyncError } from './errors.js';
import { assertLotterySigned } from './lottery-signature.js';
import { trustedOnlineKeyMap } from './lottery-keys.js';
import { CENTRAL_DISABLED_GAMES } from '../terminal/enabled.js';
import { keepPaidTicket } from './paid-tickets.js';

export interface PullReport {
  readonly applied: number;
  readonly cursor: number;
  /** Outcome files imported (or already there). */
  readonly files: number;
}

async function sha256Of(file: string): Promise<string> {
  const h = createHash('sha256');
  await pipeline(createReadStream(file), h);
  return h.digest('hex');
}

/** Downloads and imports one outcome file; returns what to journal. */
async function fetchOutcomeFile(t: LotteryTerminal, client: CentralClient, item: Extract<FeedItem, { kind: 'outcome_file' }>): Promise<Record<string, unknown>> {
  const dir = path.join(t.folder.outcomesDir, '.incoming');
  mkdirSync(dir, { recursive: true });
  const known = feedDownload(t.db, item.url);
  const part = known && known.sha256 === item.sha256 ? known.part_path : path.join(dir, `${item.name}.part`);
  if (!known || known.sha256 !== item.sha256) {
    rmSync(part, { force: true });
    insertFeedDownload(t.db, { url: item.url, part_path: part, expected_size: item.size, sha256: item.sha256, started_at: t.now() });
  }
  await client.download(item.url, part, item.size);
  if ((await sha256Of(part)) !== item.sha256) {
    rmSync(part, { force: true });
    throw new SyncError('bad-feed', `outcome file ${item.name}: its SHA-256 is not the one the lottery signed (download again)`);
  }
  try {
    const result = importOutcomeFile(t, part, { now: () => t.clock() });
    return { name: item.name, game: item.game, emission: item.emission, block: item.block, status: result.status };
  } catch (err) {
    if (!(err instanceof ImportRefusedError)) throw err;
    return { name: item.name, game: item.game, emission: item.emission, block: item.block, status: 'refused', reason: err.reason };
  } finally {
    rmSync(part, { force: true });
    deleteFeedDownload(t.db, item.url);
  }
}

const DISABLED_GAMES = CENTRAL_DISABLED_GAMES;

/** Applies one verified entry inside a transaction (the cursor moves with it). */
function apply(t: LotteryTerminal, body: FeedBody, extra: Record<string, unknown> | null): void {
  const item = body.item;
  const at = t.now();
  const journal = (payload: Record<string, unknown>): void => {
    record(t, { type: 'central.feed', operator: null, payload: { cursor: body.cursor, kind: item.kind, ...payload } });
  };
  switch (item.kind) {
    case 'outcome_file':
      journal(extra ?? {});
      break;
    case 'stop_list': {
      let pack;
      try {
        pack = parsePackRef(item.pack);
      } catch {
        journal({ pack: item.pack, action: item.action, status: 'refused', reason: 'unknown pack reference' });
        break;
      }
      const row = { game: pack.game, emission: pack.emission, block: pack.block, pack: pack.pack, unit: null };
      const held = exactStop(t.db, row);
      if (item.action === 'add' && !held) {
        const id = insertStop(t.db, { ...row, reason: `${CENTRAL_STOP_PREFIX}${item.reason}`, added_at: at, added_by: null });
        const r = record(t, {
          type: 'stoplist.add',
          operator: null,
          payload: { stop_id: id, scope: 'pack', what: item.pack, game: row.game, emission: row.emission, block: row.block, pack_index: row.pack, reason: `${CENTRAL_STOP_PREFIX}${item.reason}`, cursor: body.cursor },
        });
        setStopJournalSeq(t.db, id, r.seq);
      } else if (item.action === 'remove' && held) {
        deleteStop(t.db, held.id);
        journal({ pack: item.pack, action: 'remove', reason: item.reason });
      } else journal({ pack: item.pack, action: item.action, status: 'unchanged' });
      break;
    }
    case 'config':
      applyCentralConfig(t, { [item.key]: item.value });
      break;
    case 'key_certificate':
    case 'key_revocation': {
      // Checked against this terminal's root, whoever signed the feed entry: a key the root did not
      // certify, or revoked, is refused (journaled) and the feed goes on.
      const fingerprint = item.kind === 'key_certificate' ? item.certificate.body.fingerprint : item.revocation.body.fingerprint;
      try {
        const changed = item.kind === 'key_certificate' ? acceptCertificate(t.db, item.certificate, at) : acceptRevocation(t.db, item.revocation, at);
        journal({
          fingerprint,
          ...(item.kind === 'key_certificate' ? { role: item.certificate.body.role } : { reason: item.revocation.body.reason }),
          status: changed ? 'applied' : 'unchanged',
        });
      } catch (err) {
        if (!(err instanceof KeyChainError)) throw err;
        journal({ fingerprint, status: 'refused', reason: err.message });
      }
      break;
    }
    case 'central_ca':
      journal(applyCentralCa(t, item));
      break;
    case 'terminal_status':
      if (item.terminal === t.id) {
        updateSyncState(t.db, item.enabled ? { disabled_reason: null, disabled_at: null } : { disabled_reason: item.reason || 'disabled by the lottery', disabled_at: at });
        journal({ enabled: item.enabled, reason: item.reason });
      }
      break;
    case 'payout_exception':
      // Central found this terminal's payout of a ticket another terminal paid first.
      record(t, { type: 'payout.exception', operator: null, payload: { cursor: body.cursor, ticket: item.ticket, first: item.first, second: item.second } });
      break;
    case 'pack_state': {
      // Central's word on a pack of this terminal's retailer, whichever of its terminals holds it: its
      // tickets validate here when active. Another retailer's packs are never told (#19): their tickets
      // are validated by central online (the claim), refused offline.
      const { kind: _, number, terminal, ...rest } = item;
      upsertCentralPack(t.db, { ...rest, terminal, updated_at: body.at });
      // Journaled for this terminal's own packs (it hears its shop's; its journal keeps its own).
      if (terminal === t.id) journal({ pack: number, state: item.state, ...(item.settle_reason ? { settle_reason: item.settle_reason } : {}) });
      break;
    }
    case 'pack_refused': {
      // A pack operation queued here while central was away, refused when it arrived: recorded on its
      // outbox event (never sent again) and journaled for the packs screen, with central's word on the pack.
      const { held } = item;
      if (held) {
        const { number: _n, terminal, ...rest } = held;
        upsertCentralPack(t.db, { ...rest, terminal, updated_at: body.at });
      }
      markOutboxRefused(t.db, item.op_key, at, `refused by central: ${item.reason}: ${item.message}`);
      record(t, {
        type: 'pack.refused',
        operator: null,
        payload: {
          cursor: body.cursor,
          op_key: item.op_key,
          action: item.action,
          pack: item.number,
          game: item.game,
          emission: item.emission,
          block: item.block,
          pack_index: item.pack,
          reason: item.reason,
          message: item.message,
          ...(held ? { central_state: held.state, central_terminal: held.terminal } : {}),
        },
      });
      break;
    }
    case 'ticket_paid':
      // Not journaled (one a ticket the shop's packs had paid): kept with the cursor (paid-tickets.ts).
      keepPaidTicket(t, item);
      break;
    case 'game_status': {
      const stored = readSettings(t.db)[DISABLED_GAMES];
      const games = new Set(Array.isArray(stored) ? stored.filter((g): g is string => typeof g === 'string') : []);
      if (item.enabled) games.delete(item.game);
      else games.add(item.game);
      writeSetting(t.db, DISABLED_GAMES, canonicalJson([...games].sort()), at);
      journal({ game: item.game, enabled: item.enabled, reason: item.reason });
      break;
    }
  }
  updateSyncState(t.db, { feed_cursor: body.cursor, last_pull_at: at, last_contact_at: at });
}

/** Pulls and applies the feed until central says there is no more. */
export async function pullFeed(t: LotteryTerminal, client: CentralClient, options: { limit?: number } = {}): Promise<PullReport> {
  const state = syncStateRow(t.db);
  if (!state) throw new SyncError('not-enrolled', 'this terminal is not enrolled with a central: run guichet enroll');
  let cursor = state.feed_cursor;
  let epoch = state.feed_epoch;
  let applied = 0;
  let files = 0;
  for (;;) {
    const answer = await client.call('GET', `${ENDPOINTS.feed}?cursor=${cursor}&limit=${options.limit ?? 100}&ticket_facts=1`, undefined, FeedAnswer);
    if (answer.epoch !== undefined && answer.epoch !== epoch) {
      // A new epoch: central was restored (#21). Its cursors above the floor may name other items than
      // those applied here: read again from there (re-applying an item is harmless), not skip them.
      const from = epoch === null ? cursor : Math.min(cursor, answer.epoch_floor ?? 0);
      const seen = answer.epoch;
      inTransaction(t, () => updateSyncState(t.db, { feed_cursor: from, feed_epoch: seen }));
      epoch = seen;
      if (from !== cursor) {
        cursor = from;
        continue;
      }
    }
    let online = trustedOnlineKeyMap(t);
    for (const entry of answer.entries) {
      if (entry.body.cursor <= cursor) continue; // already applied (a repeated answer)
      assertLotterySigned('feed', entry.body, entry.signer, entry.signature, online);
      const extra = entry.body.item.kind === 'outcome_file' ? await fetchOutcomeFile(t, client, entry.body.item) : null;
      if (extra) files++;
      inTransaction(t, () => apply(t, entry.body, extra));
      // A certificate or revocation applied changes which online keys sign the entries after it.
      if (entry.body.item.kind === 'key_certificate' || entry.body.item.kind === 'key_revocation') online = trustedOnlineKeyMap(t);
      cursor = entry.body.cursor;
      applied++;
    }
    const at = t.now();
    updateSyncState(t.db, { last_pull_at: at, last_contact_at: at });
    if (!answer.more || answer.entries.length === 0) break;
  }
  return { applied, cursor, files };
}
