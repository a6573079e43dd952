/**
 * The console's view schemas (common/console/*.ts) against central's real answers on PGlite: every read
 * the console makes, run as an operator would (runAdminOpFor), parses with its schema, none of its rows
 * empty of what the page shows; a wrong answer is refused by the schema (the console's error, not a page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AuditView } from '../../../common/console/audit.js';
import { ConfigView } from '../../../common/console/config.js';
import { EmissionsView } from '../../../common/console/emissions.js';
import { ExceptionsView } from '../../../common/console/exceptions.js';
import { FleetView, fleetTerminals } from '../../../common/console/fleet.js';
import { GamesView } from '../../../common/console/games.js';
import { PacksView } from '../../../common/console/packs.js';
import { ProposalsView } from '../../../common/console/proposals.js';
import { RetailersView } from '../../../common/console/retailers.js';
import { SalesView } from '../../../common/console/sales.js';
import { StopListView } from '../../../common/console/stop-list.js';
import { TerminalView } from '../../../common/console/terminal.js';
import { RetailerStatement } from '../../../common/protocol/statement.js';
import { runAdminOpFor, type AdminOp } from '../../../central/admin/ops.js';
import type { Central } from '../../../central/store/context.js';
import { setConfig, stopListChange } from '../../../central/store/feed.js';
import { testCentral } from '../support/engines.js';
import { seedFleet } from '../support/fleet-seed.js';

const NOW = '2026-12-02T12:00:00.000Z';
const ADMIN = { actor: 'alice', roles: ['administrator'] as const };

let t: Awaited<ReturnType<typeof testCentral>>;
let c: Central;

/** The op's answer as the console receives it: through JSON, as the HTTP answer carries it. */
async function answer(op: AdminOp, args: Record<string, unknown> = {}): Promise<unknown> {
  return JSON.parse(JSON.stringify((await runAdminOpFor(c, op, args, ADMIN)).result)) as unknown;
}

/** Parses, or fails with zod's own words (which field, why). */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(r.error.message);
  return r.data;
}

beforeAll(async () => {
  t = await testCentral('pglite', 'console-views', { now: () => NOW });
  c = t.central;
  await seedFleet(c.db, 30, NOW);
  await c.db.execute(
    `INSERT INTO journal_entries (terminal_id, seq, at, type, operator, payload, prev_hash, hash, signature, received_at)
     VALUES ('T-000001', 1, '2026-12-02T11:58:00.000Z', 'sale', NULL, $2, $1, $1, 'sig', '2026-12-02T11:59:30.000Z')`,
    ['0'.repeat(64), JSON.stringify({ money: { kind: 'sale', lines: [{ game: 'annee-chance-2013', count: 1, amount_cents: 300 }] } })],
  );
  await c.db.execute(`UPDATE terminals SET last_seq = 1 WHERE terminal_id = 'T-000001'`);
  await c.db.execute(`INSERT INTO quarantined_entries (terminal_id, seq, at, type, prev_hash, hash, entry, reason, received_at) VALUES ('T-000000', 2, $1, 'sale', $2, $2, '\\x00', 'nul', $1)`, [NOW, '0'.repeat(64)]);
  await c.db.execute(
    `INSERT INTO outbox_events (terminal_id, event_key, type, journal_seq, payload, created_at, received_at) VALUES ('T-000000', 'T-000000/1', 'pack.activate', 1, '{"pack":"213-001-01-00002"}', $1, $1)`,
    [NOW],
  );
  await c.db.execute(
    `INSERT INTO publications (name, game, emission, block, size, sha256, manifest, print_name, published_at) VALUES ('annee-chance-2013-1-1.block', 'annee-chance-2013', 1, 1, 123456, $1, '{}', NULL, $2)`,
    ['a'.repeat(64), NOW],
  );
  await c.db.execute(`INSERT INTO pack_shipments (game, emission, block, pack, retailer, shipped_at) VALUES ('annee-chance-2013', 1, 1, 3, 'Retailer 00000', $1)`, [NOW]);
  await stopListChange(c, 'test', '213-001-01-00003', 'add', 'stolen');
  await stopListChange(c, 'test', '213-001-01-00004', 'add', 'damaged');
  await stopListChange(c, 'test', '213-001-01-00004', 'remove', 'found');
  await setConfig(c, 'test', 'console_online_seconds', 600);
  // A limit under dual control: proposed, waiting for a second operator.
  await runAdminOpFor(c, 'config.set', { key: 'payout_limit_cents', value: 20_000 }, { ...ADMIN, reason: 'raised for the summer' });
  await c.db.execute(`INSERT INTO games (game, enabled, reason, updated_at) VALUES ('millionnaire', false, 'recalled', $1)`, [NOW]);
});
afterAll(async () => t?.close());

describe('the console\'s views parse central\'s answers', () => {
  it('console.fleet: columns of one length, rows again by fleetTerminals', async () => {
    const view = parsed(FleetView, await answer('console.fleet'));
    expect(view.online_seconds).toBe(600);
    const rows = fleetTerminals(view);
    expect(rows).toHaveLength(30);
    expect(rows[0]).toEqual({
      terminal_id: 'T-000000', retailer: 'Retailer 00000', status: 'active', online: true, last_contact_at: '2026-12-02T11:59:00.000Z', last_seq: 0,
      sync_lag_seconds: null, software_version: null, integrity_alerts: 1, refused_pushes: 1, quarantined: 1,
    });
    expect(rows[1]).toMatchObject({ terminal_id: 'T-000001', online: false, last_seq: 1, sync_lag_seconds: 90, integrity_alerts: 0 });
    expect(rows[9]).toMatchObject({ terminal_id: 'T-000009', status: 'disabled' });
  });

  it('console.terminal, console.packs, console.stoplist, console.games, console.emissions, console.retailers', async () => {
    const terminal = parsed(TerminalView, await answer('console.terminal', { id: 'T-000000' }));
    expect([terminal.events.length, terminal.integrity_alerts.length, terminal.refused_pushes.length, terminal.quarantine.length]).toEqual([1, 1, 1, 1]);
    const packs = parsed(PacksView, await answer('console.packs'));
    expect(packs.in_transit).toEqual([{ number: '213-001-01-00003', game: 'annee-chance-2013', emission: 1, block: 1, pack: 3, state: 'shipped', shipped_to: 'Retailer 00000', shipped_at: NOW }]);
    expect(packs.by_state.shipped).toBe(1);
    expect(parsed(StopListView, await answer('console.stoplist')).map((s) => s.pack)).toEqual(['213-001-01-00003', '213-001-01-00004']);
    expect(parsed(GamesView, await answer('console.games')).find((g) => g.game === 'millionnaire')).toMatchObject({ enabled: false, reason: 'recalled' });
    expect(parsed(EmissionsView, await answer('console.emissions'))).toEqual([{ name: 'annee-chance-2013-1-1.block', game: 'annee-chance-2013', emission: 1, block: 1, size: 123456, sha256: 'a'.repeat(64), published_at: NOW }]);
    expect(parsed(RetailersView, await answer('console.retailers'))[0]?.terminals).toHaveLength(7);
  });

  it('console.config, console.audit, console.sales, proposal.list, statement', async () => {
    const config = parsed(ConfigView, await answer('console.config'));
    expect(config.history.map((h) => h.payload.key)).toEqual(['console_online_seconds']);
    const audit = parsed(AuditView, await answer('console.audit', { limit: 2 }));
    expect(audit.entries).toHaveLength(2);
    expect(audit.next_before).toBe(audit.entries[1]!.entry_id);
    expect(parsed(SalesView, await answer('console.sales', { days: 7 })).days).toEqual([{ day: '2026-12-02', game: 'annee-chance-2013', kind: 'sale', cents: 300 }]);
    const proposals = parsed(ProposalsView, await answer('proposal.list', { status: 'proposed' }));
    expect(proposals.map((p) => [p.op, p.args, p.proposer])).toEqual([['config.set', { key: 'payout_limit_cents', value: 20_000 }, 'alice']]);
    const statement = parsed(RetailerStatement, await answer('statement', { retailer: 'Retailer 00000', week: '2026-W49' }));
    expect(statement.retailer).toBe('Retailer 00000');
    // No ticket paid twice here (test/e2e/console.spec.ts draws one): the answer is still of its view.
    expect(parsed(ExceptionsView, await answer('exceptions'))).toEqual([]);
    expect(ExceptionsView.safeParse([{ id: null, ticket: 't', at: NOW, first: {}, second: {}, state: 'refunded', settled_at: null, charged_at: null, settle_reason: null }]).success).toBe(false);
  });

  it('a wrong answer is refused, naming the field', () => {
    const good = { now: NOW, online_seconds: 300, terminals: { terminal_id: ['T-1'], retailer: ['R'], status: ['active'], online: [true], last_contact_at: [null], last_seq: [0], sync_lag_seconds: [null], software_version: [null], integrity_alerts: [0], refused_pushes: [0], quarantined: [0] } };
    expect(FleetView.safeParse(good).success).toBe(true);
    // A column names its first wrong value, by its index.
    const wrong = FleetView.safeParse({ ...good, terminals: { ...good.terminals, status: ['stolen'] } });
    expect(wrong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['terminals.status.0', 'expected one of pending, active, disabled, got "stolen"']]);
    expect(() => parsed(FleetView, { ...good, terminals: { ...good.terminals, last_seq: [-1] } })).toThrow(/last_seq/);
    expect(() => parsed(FleetView, { ...good, terminals: { ...good.terminals, online: [] } })).toThrow(/differ in length/);
    // A column that is no array at all is named, not a TypeError of the parse.
    for (const bad of [null, 7, 'x']) {
      const r = FleetView.safeParse({ ...good, terminals: { ...good.terminals, online: bad } });
      expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['terminals.online', 'expected an array, each a boolean']]);
    }
    expect(() => parsed(StopListView, [{ pack: 1 }])).toThrow(/pack/);
  });
});
