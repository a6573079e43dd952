/**
 * A fleet of simulated terminals: each its own Ed25519 key, registered in bulk straight into central's
 * `terminals` table as already enrolled (one multi-row INSERT per 5,000 terminals instead of 35,000
 * HTTP enrolments: enrolment is not what the load measures, and its rows are the same as after
 * `POST /v1/enrol`: status 'active', public key, fingerprint, enrolled_at).
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { WireJournalEntry } from '../../common/protocol/index.js';
import type { Db } from '../../central/store/db.js';
import { keyFingerprint, publicKeyPem } from '../../db/outcome/keys.js';
import { GENESIS_HASH, sealEntry } from '../../main/services/journal/chain.js';

export interface SimTerminal {
  readonly id: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  readonly publicKeyPem: string;
  /** The last sequence number and hash central acknowledged (the chain continues from there). */
  seq: number;
  lastHash: string;
  /** A push in flight: a terminal sends one batch at a time, as the sync loop does. */
  busy: boolean;
  /** Entries sent and acknowledged by central. */
  acked: number;
}

export function makeFleet(n: number, prefix = 'L'): SimTerminal[] {
  return Array.from({ length: n }, (_, i) => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    return { id: `${prefix}${String(i + 1).padStart(6, '0')}`, privateKey, publicKey, publicKeyPem: publicKeyPem(publicKey), seq: 0, lastHash: GENESIS_HASH, busy: false, acked: 0 };
  });
}

/** Registers the fleet as enrolled terminals (5,000 rows per statement). */
export async function registerFleet(db: Db, fleet: readonly SimTerminal[], at = new Date().toISOString()): Promise<void> {
  for (let i = 0; i < fleet.length; i += 5000) {
    const part = fleet.slice(i, i + 5000);
    await db.execute(
      `INSERT INTO terminals (terminal_id, retailer, status, public_key, key_fingerprint, enrolled_at, created_at, last_contact_at)
       SELECT u.id, 'Load ' || u.id, 'active', u.pk, u.fp, $4, $4, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS u(id, pk, fp)`,
      [part.map((t) => t.id), part.map((t) => t.publicKeyPem), part.map((t) => keyFingerprint(t.publicKey)), at],
    );
  }
}

export interface LoadEvent {
  key: string;
  type: string;
  journal_seq: number;
  payload: Record<string, unknown>;
  created_at: string;
}

/** The kinds of entries of a counter's day, with their share (sales ≫ payouts ≫ pack activations). */
export const DAY_MIX: readonly { type: string; share: number }[] = [
  { type: 'sale', share: 0.7 },
  { type: 'ticket.pay', share: 0.27 },
  { type: 'pack.activate', share: 0.03 },
];

function pickType(): string {
  let r = Math.random();
  for (const m of DAY_MIX) {
    if ((r -= m.share) < 0) return m.type;
  }
  return 'sale';
}

function payloadOf(type: string, seq: number): Record<string, unknown> {
  if (type === 'sale') return { sale_id: seq, lines: [{ game: 'annee-chance-2013', emission: 1, block: 1, unit: seq % 300, price_cents: 300 }], money: { cash_in_cents: 300 } };
  if (type === 'ticket.pay') return { ticket: `AC-1-1-${seq % 300}-${seq}`, amount_cents: 500, money: { cash_out_cents: 500 } };
  return { pack: `AC-1-1-${seq}`, tickets: 300 };
}

/**
 * The next `n` entries of a terminal's journal (sealed and signed as the terminal does), with their
 * events, continuing from `from` (by default what central acknowledged last).
 */
export function nextBatch(t: SimTerminal, n: number, from: { seq: number; hash: string } = { seq: t.seq, hash: t.lastHash }): { entries: WireJournalEntry[]; events: LoadEvent[] } {
  const entries: WireJournalEntry[] = [];
  const events: LoadEvent[] = [];
  let prev = from.hash;
  const at = new Date().toISOString();
  for (let k = 1; k <= n; k++) {
    const seq = from.seq + k;
    const type = pickType();
    const e = sealEntry({ seq, at, terminal: t.id, type, operator: 'alice', payload: payloadOf(type, seq) }, prev, t.privateKey) as WireJournalEntry;
    prev = e.hash;
    entries.push(e);
    events.push({ key: `${t.id}/${type}-${seq}`, type, journal_seq: seq, payload: { terminal: t.id, journal_seq: seq, at, type, ...e.payload }, created_at: at });
  }
  return { entries, events };
}
