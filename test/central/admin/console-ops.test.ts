/**
 * The console's reads (central/admin/console-ops.ts) on PGlite: the fleet of 35,000 terminals in one
 * statement (counted: a query per terminal fails), online by the configured window, sync lag, alert
 * counts; a terminal's page; the stop list, configuration history and the audit trail paged; sales per
 * game per Paris day from the journals' money lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetTerminals, type FleetView } from '../../../common/console/fleet.js';
import { CONSOLE_OPS, fleet } from '../../../central/admin/console-ops.js';
import { ADMIN_OPS, runAdminOp } from '../../../central/admin/ops.js';
import type { Central } from '../../../central/store/context.js';
import type { Db } from '../../../central/store/db.js';
import { setConfig, stopListChange } from '../../../central/store/feed.js';
import { addRetailer } from '../../../central/store/retailers.js';
import { testCentral } from '../support/engines.js';
import { fleetCounts, seedFleet } from '../support/fleet-seed.js';

const N = 35_000;
const NOW = '2026-12-02T12:00:00.000Z';

let t: Awaited<ReturnType<typeof testCentral>>;
let c: Central;

/** The same central, its statements counted. */
function counting(central: Central): { central: Central; statements: () => number } {
  let n = 0;
  const db: Db = new Proxy(central.db, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if ((prop === 'query' || prop === 'execute') && typeof v === 'function') {
        return (...args: unknown[]) => {
          n++;
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return { central: { ...central, db }, statements: () => n };
}

beforeAll(async () => {
  t = await testCentral('pglite', 'console-ops', { now: () => NOW });
  c = t.central;
  await seedFleet(c.db, N, NOW);
});
afterAll(async () => t?.close());

describe('console reads', () => {
  it('are in ADMIN_OPS, every one readable by every role, the auditor included', () => {
    for (const [name, op] of Object.entries(CONSOLE_OPS)) {
      expect(Object.hasOwn(ADMIN_OPS, name)).toBe(true);
      expect(op.roles).toContain('auditor');
    }
  });

  it('the fleet of 35,000 terminals: one statement for the terminals and their counts, online within the window, sync lag', async () => {
    // T-000042's newest entry was journaled at 11:58:00 and reached central at 11:59:30.
    await c.db.execute(
      `INSERT INTO journal_entries (terminal_id, seq, at, type, operator, payload, prev_hash, hash, signature, received_at)
       VALUES ('T-000042', 42, '2026-12-02T11:58:00.000Z', 'login', NULL, '{}', $1, $1, 'sig', '2026-12-02T11:59:30.000Z')`,
      ['0'.repeat(64)],
    );
    // T-000043: an entry and an event central keeps as bytes.
    await c.db.execute(`INSERT INTO quarantined_entries (terminal_id, seq, at, type, prev_hash, hash, entry, reason, received_at) VALUES ('T-000043', 1, $1, 'sale', $2, $2, '\\x00', 'nul', $1)`, [NOW, '0'.repeat(64)]);
    await c.db.execute(`INSERT INTO quarantined_events (terminal_id, event_key, journal_seq, event, reason, received_at) VALUES ('T-000043', 'e1', 1, '\\x00', 'nul', $1)`, [NOW]);
    // T-000044 reported its software with its last push (store/updates.ts recordSoftware).
    await c.db.execute(`INSERT INTO terminal_software (terminal_id, version, sha256, reported_at, since) VALUES ('T-000044', '2.4.1', NULL, $1, $1)`, [NOW]);
    const counted = counting(c);
    const answer = await fleet(counted.central);
    const terminals = fleetTerminals(answer);
    // The window's configuration and the fleet itself: never a statement per terminal.
    expect(counted.statements()).toBeLessThanOrEqual(2);
    const expected = fleetCounts(N);
    expect(terminals).toHaveLength(N);
    expect(answer.online_seconds).toBe(300);
    expect(terminals.filter((x) => x.online)).toHaveLength(expected.online);
    expect(terminals.filter((x) => x.status === 'disabled')).toHaveLength(expected.disabled);
    expect(terminals.filter((x) => x.integrity_alerts > 0 && x.refused_pushes > 0)).toHaveLength(expected.alerted);
    const first = terminals[0]!;
    expect(first).toMatchObject({ terminal_id: 'T-000000', retailer: 'Retailer 00000', online: true, integrity_alerts: 1, refused_pushes: 1, quarantined: 0, software_version: null, sync_lag_seconds: null });
    expect(terminals[1]).toMatchObject({ terminal_id: 'T-000001', online: false, integrity_alerts: 0 });
    expect(terminals.find((x) => x.terminal_id === 'T-000042')?.sync_lag_seconds).toBe(90);
    expect(terminals.find((x) => x.terminal_id === 'T-000043')?.quarantined).toBe(2);
    expect(terminals.find((x) => x.terminal_id === 'T-000044')?.software_version).toBe('2.4.1');
  });

  it('the online window is configuration (console_online_seconds), or the op\'s argument', async () => {
    // From here on, the first 100 terminals are enough (each read of 35,000 costs seconds on PGlite).
    await c.db.execute(`DELETE FROM terminals WHERE terminal_id >= 'T-000100'`);
    await setConfig(c, 'test', 'console_online_seconds', 4 * 86_400);
    // Heard from 3 days ago: online in a window of 4 days.
    expect(fleetTerminals(await fleet(c)).every((x) => x.online)).toBe(true);
    // A minute ago is not within 30 s.
    expect(fleetTerminals((await runAdminOp(c, 'console.fleet', { online_seconds: 30 })) as FleetView).some((x) => x.online)).toBe(false);
    await expect(runAdminOp(c, 'console.fleet', { online_seconds: 0 })).rejects.toThrow();
  });

  it('a terminal\'s page: its events, alerts, refused pushes and quarantine; an unknown terminal is a 404', async () => {
    const page = (await runAdminOp(c, 'console.terminal', { id: 'T-000000' })) as { terminal: Record<string, unknown>; integrity_alerts: unknown[]; refused_pushes: { reason: string }[]; quarantine: unknown[]; events: unknown[] };
    expect(page.terminal.terminal_id).toBe('T-000000');
    expect(page.terminal).not.toHaveProperty('public_key');
    expect(page.integrity_alerts).toHaveLength(1);
    expect(page.refused_pushes.map((r) => r.reason)).toEqual(['chain_broken']);
    expect(page.quarantine).toEqual([]);
    await expect(runAdminOp(c, 'console.terminal', { id: 'NOPE' })).rejects.toMatchObject({ reason: 'unknown_terminal', status: 404 });
    await expect(runAdminOp(c, 'console.terminal', { id: 'T-000001', extra: 1 })).rejects.toThrow(/extra|Unrecognized/i);
  });

  it('the stop list (lifted entries too), configuration with its history, the audit trail a page at a time', async () => {
    await stopListChange(c, 'sec-a', '213-001-01-00003', 'add', 'stolen');
    await stopListChange(c, 'sec-a', '213-001-01-00004', 'add', 'damaged');
    await stopListChange(c, 'sec-b', '213-001-01-00004', 'remove', 'found');
    const stop = (await runAdminOp(c, 'console.stoplist', {})) as { pack: string; removed_at: string | null; added_by: string | null; removed_by: string | null }[];
    // Who added and who lifted each, as central's journal says.
    expect(stop.map((s) => [s.pack, s.removed_at !== null, s.added_by, s.removed_by])).toEqual([
      ['213-001-01-00003', false, 'sec-a', null],
      ['213-001-01-00004', true, 'sec-a', 'sec-b'],
    ]);
    await setConfig(c, 'test', 'payout_limit_cents', 15_000);
    const cfg = (await runAdminOp(c, 'console.config', { key: 'payout_limit_cents' })) as { values: { key: string; value: unknown }[]; history: { payload: { key: string; value: unknown } }[] };
    expect(cfg.values.find((v) => v.key === 'payout_limit_cents')?.value).toBe(15_000);
    expect(cfg.history.map((h) => h.payload)).toEqual([{ key: 'payout_limit_cents', value: 15_000 }]);
    const first = (await runAdminOp(c, 'console.audit', { limit: 2 })) as { entries: { entry_id: number; type: string }[]; next_before: number | null };
    expect(first.entries.map((e) => e.type)).toEqual(['config.set', 'stoplist.remove']);
    expect(first.next_before).toBe(first.entries[1]!.entry_id);
    const next = (await runAdminOp(c, 'console.audit', { limit: 2, before: first.next_before })) as { entries: { entry_id: number; type: string }[] };
    expect(next.entries.map((e) => e.type)).toEqual(['stoplist.add', 'stoplist.add']);
    expect(next.entries[0]!.entry_id).toBeLessThan(first.next_before!);
  });

  it('sales and payouts per game per day, Paris days (23:30 UTC is the next day in Paris), credited money lines only', async () => {
    const entry = (seq: number, at: string, type: string, lines: unknown[]) =>
      c.db.execute(
        `INSERT INTO journal_entries (terminal_id, seq, at, type, operator, payload, prev_hash, hash, signature, received_at)
         VALUES ('T-000007', $1, $2, $3, NULL, $4, $5, $5, 'sig', $2)`,
        [seq, at, type, JSON.stringify({ money: { kind: type, lines } }), String(seq).padStart(64, '0')],
      );
    await entry(1, '2026-12-01T10:00:00.000Z', 'sale', [{ game: 'annee-chance-2013', count: 2, amount_cents: 600 }]);
    await entry(2, '2026-12-01T23:30:00.000Z', 'sale', [{ game: 'annee-chance-2013', count: 1, amount_cents: 300 }, { game: 'millionnaire', count: 1, amount_cents: 1000 }]);
    await entry(3, '2026-12-02T08:00:00.000Z', 'payout', [{ game: 'annee-chance-2013', count: 1, amount_cents: 2000 }]);
    // Not a whole number: counts nothing (as on the statement).
    await entry(4, '2026-12-02T08:10:00.000Z', 'sale', [{ game: 'annee-chance-2013', count: 1, amount_cents: 1.5 }]);
    const sales = (await runAdminOp(c, 'console.sales', { days: 7 })) as { days: { day: string; game: string; kind: string; cents: number }[] };
    expect(sales.days).toEqual([
      { day: '2026-12-01', game: 'annee-chance-2013', kind: 'sale', cents: 600 },
      { day: '2026-12-02', game: 'annee-chance-2013', kind: 'payout', cents: 2000 },
      { day: '2026-12-02', game: 'annee-chance-2013', kind: 'sale', cents: 300 },
      { day: '2026-12-02', game: 'millionnaire', kind: 'sale', cents: 1000 },
    ]);
  });

  it('games with their status, retailers with their terminals, packs by state', async () => {
    const games = (await runAdminOp(c, 'console.games', {})) as { game: string; enabled: boolean }[];
    expect(games.map((g) => g.game).sort()).toEqual(['annee-chance-2013', 'happy-2014', 'millionnaire']);
    expect(games.every((g) => g.enabled)).toBe(true);
    // Retailers are the records (id, name, address), a record without a terminal yet among them, found by its name in any case.
    const added = await addRetailer(c, 'admin', { name: 'Presse de la Gare', address: '1 place de la Gare, 13001 Marseille' });
    const retailers = (await runAdminOp(c, 'console.retailers', {})) as { id: string; name: string; address: string; terminals: string[] }[];
    expect(retailers.find((r) => r.name === 'Retailer 00000')).toEqual({ id: expect.stringMatching(/^R\d{6}$/), name: 'Retailer 00000', address: expect.any(String), terminals: ['T-000000', 'T-000001', 'T-000002', 'T-000003', 'T-000004', 'T-000005', 'T-000006'] });
    expect(retailers.find((r) => r.id === added.id)).toEqual({ id: added.id, name: 'Presse de la Gare', address: '1 place de la Gare, 13001 Marseille', terminals: [] });
    expect(new Set(retailers.map((r) => r.id)).size).toBe(retailers.length);
    const packs = (await runAdminOp(c, 'console.packs', {})) as { by_state: Record<string, number> };
    expect(packs.by_state).toEqual({ shipped: 0, received: 0, active: 0, settled: 0, returned: 0 });
  });
});
