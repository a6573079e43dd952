/**
 * The central load in miniature (bench/central-load.ts is the full one): 50 terminals, registered in
 * bulk as the bench does, each pushing several signed batches of a day's mix while the others do,
 * some batches sent twice at once (a retry racing the original), and online claims (`POST /v1/claim`)
 * of real tickets of a published emission in between, each winner claimed by five terminals at once;
 * the mix's payouts paid as a counter pays them (claimed online, then pushed at that prize with their
 * money block); on PGlite and on a real PostgreSQL. Nothing is lost or doubled: what central holds per
 * terminal is exactly what was sent, once, each winner is claimed for exactly one terminal, and each
 * payout is credited once, against its terminal's own claim (#19).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimAnswer, PushAnswer } from '../../common/protocol/index.js';
import { makeFleet, nextBatch, registerFleet, type SimTerminal } from '../../bench/load/fleet.js';
import { CLAIM_PATH } from '../../bench/load/prepare.js';
import { LOAD_EMISSION, publishLoadTickets, type LoadTickets } from '../../bench/load/tickets.js';
import { databaseFor, ENGINES, releaseDatabase } from './support/engines.js';
import { startCentral, type StartedCentral } from './support/start-central.js';
import { signedRequest } from './support/terminal-client.js';

const TERMINALS = 50;
const BATCHES = 4;
/** Winners claimed: terminal i claims winner (i + b) % WINNERS at its batch b, so 5 terminals race for each one in each round. */
const WINNERS = 10;

describe.each(ENGINES)('central under concurrent load on %s', (engine) => {
  let c: StartedCentral;
  let fleet: SimTerminal[];
  let tickets: LoadTickets;

  beforeAll(async () => {
    const databaseUrl = await databaseFor(engine);
    c = await startCentral({ terminals: [], ...(databaseUrl ? { databaseUrl } : {}) });
    fleet = makeFleet(TERMINALS, 'LT');
    await registerFleet(c.central.db, fleet);
    // Units 0–299 are presented; the winners of 300–1999 are the mix's payouts (once they are all paid, the mix's payouts become sales).
    tickets = await publishLoadTickets(c.central, c.lotteryKeyFile, LOAD_EMISSION, 2000, 300);
    expect(tickets.winners.length).toBeGreaterThanOrEqual(WINNERS);
    expect(tickets.payable.length).toBeGreaterThanOrEqual(200);
  }, 180_000);
  afterAll(async () => {
    await c?.close();
    await releaseDatabase(engine);
  }, 60_000);

  it('stores every entry and event of 50 terminals pushing at once exactly once, retries racing included; each winner claimed once', async () => {
    const sent = new Map<string, number>();
    /** Payouts sent (ticket → terminal) and packs received then activated (pack → terminal). */
    const payouts = new Map<string, string>();
    const packs = new Map<number, string>();
    const statuses: number[] = [];
    const claims: { terminal: string; barcode: string; verdict: ClaimAnswer['verdict']; ticket: string | null }[] = [];
    const claim = async (t: SimTerminal, barcode: string): Promise<number> => {
      const a = await signedRequest<ClaimAnswer>(c.url, t, 'POST', CLAIM_PATH, { barcode, claim_key: `k-${t.id}-${claims.length}-${barcode.slice(-6)}` });
      if (a.status === 200) claims.push({ terminal: t.id, barcode, verdict: a.json.verdict, ticket: a.json.ticket });
      return a.status;
    };
    await Promise.all(
      fleet.map(async (t, i) => {
        for (let b = 0; b < BATCHES; b++) {
          const { batch, claims: payoutClaims } = nextBatch(t, 1 + ((i + b) % 8), undefined, tickets);
          // Its payouts' winners claimed online first, as the counter does before it pays.
          const payoutClaimed = await Promise.all(payoutClaims.map((pc) => signedRequest<ClaimAnswer>(c.url, t, 'POST', CLAIM_PATH, pc)));
          expect(payoutClaimed.map((a) => [a.status, a.json.verdict])).toEqual(payoutClaims.map(() => [200, 'claimed']));
          for (const e of batch.entries) {
            const p = e.payload as { game: string; emission: number; block: number; unit: number; pack_index: number };
            if (e.type === 'payout') payouts.set(`${p.game}/${p.emission}/${p.block}/${p.unit}`, t.id);
            if (e.type === 'pack.activate') packs.set(p.pack_index, t.id);
          }
          // Every third terminal sends its batch twice at the same time: one stores, the other is a harmless repeat.
          const copies = i % 3 === 0 ? 2 : 1;
          // The terminal's claims travel at the same time as its push.
          const [answers, claimed] = await Promise.all([
            Promise.all(Array.from({ length: copies }, () => signedRequest<PushAnswer>(c.url, t, 'POST', '/v1/push', batch))),
            Promise.all([claim(t, tickets.winners[(i + b) % WINNERS]!), ...(b === 0 ? [claim(t, tickets.losers[i % tickets.losers.length]!)] : [])]),
          ]);
          for (const a of answers) statuses.push(a.status);
          statuses.push(...claimed);
          const last = answers[0]!.json as PushAnswer;
          t.seq = last.last_seq;
          t.lastHash = last.last_hash;
          sent.set(t.id, (sent.get(t.id) ?? 0) + batch.entries.length);
        }
      }),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    const held = await c.central.db.query<{ terminal_id: string; n: number; seqs: number; max: number; events: number }>(
      `SELECT j.terminal_id, count(*)::int AS n, count(DISTINCT j.seq)::int AS seqs, max(j.seq)::int AS max,
              (SELECT count(*)::int FROM outbox_events e WHERE e.terminal_id = j.terminal_id) AS events
         FROM journal_entries j WHERE j.terminal_id LIKE 'LT%' GROUP BY j.terminal_id ORDER BY j.terminal_id`,
    );
    expect(held).toHaveLength(TERMINALS);
    for (const h of held) {
      const n = sent.get(h.terminal_id);
      expect({ id: h.terminal_id, n: h.n, seqs: h.seqs, max: h.max, events: h.events }).toEqual({ id: h.terminal_id, n, seqs: n, max: n, events: n });
    }
    const lastSeqs = await c.central.db.query<{ terminal_id: string; last_seq: number }>(`SELECT terminal_id, last_seq FROM terminals WHERE terminal_id LIKE 'LT%'`);
    for (const r of lastSeqs) expect(r.last_seq).toBe(sent.get(r.terminal_id));
    const total = [...sent.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(fleet.reduce((a, t) => a + t.seq, 0));

    // Claims: every loser is 'not_winner'; each winner 'claimed' by exactly one terminal, 'held_elsewhere' for the 19 others
    // (#19: a held ticket is not paid, and is never answered 'already_paid').
    expect(claims.filter((x) => tickets.losers.includes(x.barcode)).map((x) => x.verdict)).toEqual(Array(TERMINALS).fill('not_winner'));
    const won = await c.central.db.query<{ ticket: string; terminal_id: string; state: string }>(`SELECT ticket, terminal_id, state FROM ticket_claims WHERE state = 'held' ORDER BY ticket`);
    expect(won).toHaveLength(WINNERS);
    for (const w of tickets.winners.slice(0, WINNERS)) {
      const mine = claims.filter((x) => x.barcode === w);
      expect(mine).toHaveLength((TERMINALS * BATCHES) / WINNERS);
      const winnersOf = mine.filter((x) => x.verdict === 'claimed');
      expect(winnersOf).toHaveLength(1);
      expect(mine.filter((x) => x.verdict !== 'claimed').map((x) => x.verdict)).toEqual(Array(mine.length - 1).fill('held_elsewhere'));
      expect(won.find((r) => r.ticket === winnersOf[0]!.ticket)).toEqual({ ticket: winnersOf[0]!.ticket, terminal_id: winnersOf[0]!.terminal, state: 'held' });
    }

    // Payouts and pack operations of the day's mix, retries included: each payout credited once, against its
    // terminal's own claim (#19: none uncredited, each ticket paid by the terminal that claimed it, no
    // exception), each pack received and activated once, by its terminal.
    expect(payouts.size).toBeGreaterThan(0);
    expect(packs.size).toBeGreaterThan(0);
    expect(await c.central.db.query(`SELECT ticket, reason FROM uncredited_entries WHERE type = 'payout'`)).toEqual([]);
    const paid = await c.central.db.query<{ ticket: string; terminal_id: string }>(`SELECT ticket, terminal_id FROM ticket_claims WHERE state = 'paid' ORDER BY ticket`);
    expect(new Map(paid.map((r) => [r.ticket, r.terminal_id]))).toEqual(payouts);
    expect(paid).toHaveLength(payouts.size);
    expect((await c.central.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payout_exceptions'))[0]?.n).toBe(0);
    const active = await c.central.db.query<{ pack: number; terminal_id: string; state: string; ops: number }>(
      `SELECT s.pack, s.terminal_id, s.state, (SELECT count(*)::int FROM pack_operations o WHERE o.game = s.game AND o.emission = s.emission AND o.block = s.block AND o.pack = s.pack) AS ops
         FROM pack_states s WHERE s.terminal_id LIKE 'LT%' ORDER BY s.pack`,
    );
    expect(new Map(active.map((r) => [Number(r.pack), r.terminal_id]))).toEqual(packs);
    for (const r of active) expect({ state: r.state, ops: r.ops }).toEqual({ state: 'active', ops: 2 });
  }, 120_000);
});
