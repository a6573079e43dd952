/**
 * A fleet of simulated terminals: each its own Ed25519 key, registered in bulk straight into central's
 * `terminals` table as already enrolled (one multi-row INSERT per 5,000 terminals instead of 35,000
 * HTTP enrolments: enrolment is not what the load measures, and its rows are the same as after
 * `POST /v1/enrol`: status 'active', public key, fingerprint, enrolled_at).
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { WireJournalEntry } from '../../common/protocol/index.js';
import type { Db } from '../../central/store/db.js';
import { keyFingerprint, publicKeyPem } from '../../node/outcome/keys.js';
import { sealEntry } from '../../main/kernel/chain.js';
import { GENESIS_HASH } from '../../node/journal/entry-hash.js';
import { randomBytes } from 'node:crypto';
import { LOAD_EMISSION, LOAD_GAME, nextPayable, type LoadTickets } from './tickets.js';

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

/**
 * The kinds of entries of a counter's day, with their share: sales ≫ payouts ≫ packs (a pack is
 * received then activated: two entries, two queued pack operations central applies).
 */
export const DAY_MIX: readonly { type: 'sale' | 'payout' | 'pack'; share: number }[] = [
  { type: 'sale', share: 0.7 },
  { type: 'payout', share: 0.27 },
  { type: 'pack', share: 0.03 },
];

function pickType(): 'sale' | 'payout' | 'pack' {
  let r = Math.random();
  for (const m of DAY_MIX) {
    if ((r -= m.share) < 0) return m.type;
  }
  return 'sale';
}

/**
 * Fresh identities for packs, never twice in a process, far beyond the published units: each pack
 * received and activated is applied for real at central (pack state, feed). Payouts pay the load's
 * payable winners (tickets.ts), each once: claimed online by the paying terminal just before its push,
 * then journaled at the prize with its money block, so central credits each against its own claim and
 * marks the ticket paid (#19). Once they are all paid, the mix's payouts become sales.
 */
const fresh = { pack: 5_000 };

/** A claim the terminal makes online before the push that carries its payout (as a counter does). */
export interface PayoutClaim {
  readonly barcode: string;
  readonly claim_key: string;
}

interface Drafted {
  type: string;
  payload: Record<string, unknown>;
  /** The outbox key, as the terminal sends it: `<terminal id>/<key>`. */
  key: string;
  /** A payout's claim, made online before the push. */
  claim?: PayoutClaim;
}

/** The entries of one kind of the day's mix, with their outbox keys (`room`: entries left in the batch). */
function draft(kind: 'sale' | 'payout' | 'pack', t: SimTerminal, seq: number, room: number, tickets: LoadTickets | undefined): Drafted[] {
  const paid = kind === 'payout' && tickets ? nextPayable(tickets) : null;
  if (paid) {
    const { unit, prize_cents: amount } = paid;
    const id = { game: LOAD_GAME, emission: LOAD_EMISSION, block: 1, unit };
    const claim = { barcode: paid.barcode, claim_key: randomBytes(12).toString('base64url') };
    return [
      {
        type: 'payout',
        key: `${t.id}/payout/${LOAD_GAME}/${LOAD_EMISSION}/1/${unit}`,
        payload: {
          ticket: `${LOAD_GAME}-${LOAD_EMISSION}-1-${unit}`, ...id, amount_cents: amount, cash_session_id: 1, claim_key: claim.claim_key,
          money: { kind: 'payout', lines: [{ game: LOAD_GAME, count: 1, amount_cents: amount }] },
        },
        claim,
      },
    ];
  }
  if (kind === 'pack' && room >= 2) {
    const pack = fresh.pack++;
    const id = { pack: `${LOAD_EMISSION}-1-${pack}`, game: LOAD_GAME, emission: LOAD_EMISSION, block: 1, pack_index: pack };
    return (['receive', 'activate'] as const).map((action) => ({ type: `pack.${action}`, key: `${t.id}/pack/${LOAD_GAME}/${LOAD_EMISSION}/1/${pack}/${action}`, payload: id }));
  }
  return [{ type: 'sale', key: `${t.id}/sale-${seq}`, payload: { sale_id: seq, lines: [{ game: LOAD_GAME, emission: 1, block: 1, unit: seq % 300, price_cents: 300 }], money: { kind: 'sale', lines: [{ game: LOAD_GAME, count: 1, amount_cents: 300 }] } } }];
}

/**
 * The next `n` entries of a terminal's journal (sealed and signed as the terminal does), with their
 * events, continuing from `from` (by default what central acknowledged last), and the claims of its
 * payouts, to make online before the push (payouts pay `tickets`' payable winners; none without).
 */
export function nextBatch(
  t: SimTerminal,
  n: number,
  from: { seq: number; hash: string } = { seq: t.seq, hash: t.lastHash },
  tickets?: LoadTickets,
): { batch: { entries: WireJournalEntry[]; events: LoadEvent[] }; claims: PayoutClaim[] } {
  const entries: WireJournalEntry[] = [];
  const events: LoadEvent[] = [];
  let prev = from.hash;
  const at = new Date().toISOString();
  const drafted: Drafted[] = [];
  while (drafted.length < n) drafted.push(...draft(pickType(), t, from.seq + drafted.length + 1, n - drafted.length, tickets));
  for (const [k, d] of drafted.entries()) {
    const seq = from.seq + k + 1;
    const e = sealEntry({ seq, at, terminal: t.id, type: d.type, operator: 'alice', payload: d.payload }, prev, t.privateKey) as WireJournalEntry;
    prev = e.hash;
    entries.push(e);
    events.push({ key: d.key, type: d.type, journal_seq: seq, payload: { terminal: t.id, journal_seq: seq, at, type: d.type, ...e.payload }, created_at: at });
  }
  return { batch: { entries, events }, claims: drafted.flatMap((d) => (d.claim ? [d.claim] : [])) };
}
