/**
 * The database's own floors, in the same run: the same kind of rows (journal entries and their outbox
 * events) written straight into the same tables by COPY (pg-copy-streams), and by one INSERT per row
 * (autocommit), with no checks at all. Also `prefill`: COPY of many rows to grow the tables (a long
 * year of events in miniature) before measuring again.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { canonicalJson } from '../../common/canonical-json.js';
import type { WireJournalEntry } from '../../common/protocol/index.js';
import { makeFleet, nextBatch, type LoadEvent } from './fleet.js';

const esc = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');

/** `n` entries with their events, from `terminals` fresh terminals (ids with `prefix`). */
export function rowsOf(n: number, prefix: string, terminals = 100): { entries: WireJournalEntry[]; events: LoadEvent[] } {
  const fleet = makeFleet(terminals, prefix);
  const entries: WireJournalEntry[] = [];
  const events: LoadEvent[] = [];
  const per = Math.ceil(n / terminals);
  for (const t of fleet) {
    for (let done = 0; done < per && entries.length < n; done += 50) {
      const { batch: b } = nextBatch(t, Math.min(50, per - done, n - entries.length));
      t.seq += b.entries.length;
      t.lastHash = b.entries.at(-1)!.hash;
      entries.push(...b.entries);
      events.push(...b.events);
    }
  }
  return { entries, events };
}

/**
 * `n` rows shaped like real ones but not sealed (hash and signature are random hex): for growing the
 * tables quickly; central checks only the entries it receives, never the ones it holds. Their times
 * spread evenly over the `months` months before now (a year of events in miniature: each month's rows
 * land in that month's partition).
 */
export function fillerRows(n: number, prefix: string, terminals = 1000, months = 12): { entries: WireJournalEntry[]; events: LoadEvent[] } {
  const entries: WireJournalEntry[] = [];
  const events: LoadEvent[] = [];
  const end = Date.now();
  const span = months * 30 * 86_400_000;
  const per = Math.ceil(n / terminals);
  const hex = randomBytes(32).toString('hex');
  for (let i = 0; i < n; i++) {
    const terminal = `${prefix}${String(Math.floor(i / per) + 1).padStart(6, '0')}`;
    const seq = (i % per) + 1;
    const at = new Date(end - span + (span * seq) / (per + 1)).toISOString();
    const payload = { sale_id: seq, lines: [{ game: 'annee-chance-2013', emission: 1, block: 1, unit: seq % 300, price_cents: 300 }], money: { cash_in_cents: 300 } };
    entries.push({ seq, at, terminal, type: 'sale', operator: 'alice', payload, prev_hash: hex, hash: hex, signature: 'AAAA' } as WireJournalEntry);
    events.push({ key: `${terminal}/sale-${seq}`, type: 'sale', journal_seq: seq, payload, created_at: at });
  }
  return { entries, events };
}

export async function copyRows(url: string, rows: { entries: WireJournalEntry[]; events: LoadEvent[] }): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const now = new Date().toISOString();
  const t0 = performance.now();
  try {
    await pipeline(
      Readable.from(
        (function* () {
          for (const e of rows.entries) yield `${e.terminal}\t${e.seq}\t${e.at}\t${e.type}\t${e.operator ?? '\\N'}\t${esc(canonicalJson(e.payload))}\t${e.prev_hash}\t${e.hash}\t${e.signature}\t${now}\n`;
        })(),
      ),
      client.query(copyFrom('COPY journal_entries (terminal_id, seq, at, type, operator, payload, prev_hash, hash, signature, received_at) FROM STDIN')),
    );
    await pipeline(
      Readable.from(
        (function* () {
          for (const ev of rows.events) yield `${ev.key.split('/')[0]}\t${esc(ev.key)}\t${ev.type}\t${ev.journal_seq}\t${esc(canonicalJson(ev.payload))}\t${ev.created_at}\t${now}\n`;
        })(),
      ),
      client.query(copyFrom('COPY outbox_events (terminal_id, event_key, type, journal_seq, payload, created_at, received_at) FROM STDIN')),
    );
    return performance.now() - t0;
  } finally {
    await client.end();
  }
}

/**
 * Grows `ticket_claims` by `n` paid claims spread over the `months` months before now (a year of paid
 * winners in miniature), of tickets of emissions the load never presents (1,000 and up).
 */
export async function copyPaidClaims(url: string, n: number, months = 12, terminals = 1000): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const end = Date.now();
  const span = months * 30 * 86_400_000;
  const t0 = performance.now();
  try {
    await pipeline(
      Readable.from(
        (function* () {
          for (let i = 0; i < n; i++) {
            const at = new Date(end - span + (span * i) / n).toISOString();
            const terminal = `P${String((i % terminals) + 1).padStart(6, '0')}`;
            yield `annee-chance-2013/${1000 + Math.floor(i / 1_000_000)}/1/${i % 1_000_000}\tpaid\t${terminal}\t${at}\t${at}\t${i + 1}\t500\n`;
          }
        })(),
      ),
      client.query(copyFrom('COPY ticket_claims (ticket, state, terminal_id, claimed_at, paid_at, paid_seq, amount_cents) FROM STDIN')),
    );
    return performance.now() - t0;
  } finally {
    await client.end();
  }
}

/** One INSERT per row (entry, then its event), autocommit, one connection: the other floor. */
export async function singleRowInserts(url: string, rows: { entries: WireJournalEntry[]; events: LoadEvent[] }): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const now = new Date().toISOString();
  const t0 = performance.now();
  try {
    for (const [i, e] of rows.entries.entries()) {
      await client.query({
        name: 'floor-entry',
        text: 'INSERT INTO journal_entries (terminal_id, seq, at, type, operator, payload, prev_hash, hash, signature, received_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
        values: [e.terminal, e.seq, e.at, e.type, e.operator, JSON.stringify(e.payload), e.prev_hash, e.hash, e.signature, now],
      });
      const ev = rows.events[i] as LoadEvent;
      await client.query({
        name: 'floor-event',
        text: 'INSERT INTO outbox_events (terminal_id, event_key, type, journal_seq, payload, created_at, received_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        values: [e.terminal, ev.key, ev.type, ev.journal_seq, JSON.stringify(ev.payload), ev.created_at, now],
      });
    }
    return performance.now() - t0;
  } finally {
    await client.end();
  }
}

/** Rows and bytes of the journal and event tables (with their indexes; partitions summed), and the claims held. */
export async function tableSize(url: string): Promise<{ rows: number; mb: number; claims: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ rows: string; bytes: string; claims: string }>(
      `SELECT (SELECT count(*) FROM journal_entries) AS rows, (SELECT count(*) FROM ticket_claims) AS claims,
              (SELECT coalesce(sum(pg_total_relation_size(p.relid)), 0)
                 FROM (SELECT relid FROM pg_partition_tree('journal_entries') UNION ALL SELECT relid FROM pg_partition_tree('outbox_events')) AS p) AS bytes`,
    );
    return { rows: Number(r.rows[0]!.rows), mb: Number(r.rows[0]!.bytes) / 1e6, claims: Number(r.rows[0]!.claims) };
  } finally {
    await client.end();
  }
}
