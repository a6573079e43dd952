/**
 * The back-office console's read operations (#22), spread into ADMIN_OPS (ops.ts): the same entry shape
 * (zod arguments, who may run them, run), read-only, each a few statements however large the fleet.
 * The writes the console makes are ADMIN_OPS' own (terminal.disable, stoplist.add, exceptions.write-off…).
 */
import { z } from 'zod';
import { GAMES, gameByCode } from '../../games/index.js';
import { GAME_NUMBERS } from '../../games/ticket-id.js';
import { packNumberOf } from '../../common/protocol/index.js';
import { printedTicketKey } from '../../common/ticket-number.js';
import type { AuditView } from '../../common/console/audit.js';
import type { ConfigView } from '../../common/console/config.js';
import type { EmissionsView } from '../../common/console/emissions.js';
import type { FleetColumns, FleetView } from '../../common/console/fleet.js';
import type { GamesView } from '../../common/console/games.js';
import type { PacksView } from '../../common/console/packs.js';
import type { RetailersView } from '../../common/console/retailers.js';
import type { SalesView } from '../../common/console/sales.js';
import type { StopListView } from '../../common/console/stop-list.js';
import type { TerminalView } from '../../common/console/terminal.js';
import { CentralError, type Central } from '../store/context.js';
import { stopList } from '../store/reference-reads.js';
import { PAPER_PRICES } from '../store/statements.js';
import { op } from './op-def.js';
import { onlineWindowSeconds } from './online-window.js';
import { isDualControlKey } from './dual-keys.js';
import { KNOWN_SETTINGS } from './known-settings.js';
import { ANY_ROLE } from './roles.js';
import { listCentralPacks } from '../store/packs.js';
import { prizeClaims } from '../store/prize-claims.js';
import { listClaimPayments } from '../store/claim-payments.js';
import { listProposals } from '../store/proposals.js';
import { ConsoleClaims, idTail, type ConsoleClaim } from '../../common/console/claims.js';
import { listQuarantine } from '../store/quarantine.js';
import { integrityAlerts, terminalEvents } from '../store/reports.js';
import { getTerminal } from '../store/terminals.js';
import {
  centralJournalPage,
  configValueRows,
  fleetColumnsJson,
  gameStatusRows,
  publicationRows,
  refusedPushesOf,
  retailerRows,
  salesByGameDay,
  shipmentRows,
} from '../store/queries/console.js';

/** Every role reads (the auditor is read-only). */
const READERS = ANY_ROLE;


/**
 * The fleet: every terminal, online or not by central's clock, in one statement, as columns
 * (common/console/fleet.ts). The columns are PostgreSQL's JSON, parsed once: 35,000 terminals read as
 * one value rather than decoded row by row (bench/console.ts).
 */
export async function fleet(c: Central, onlineSeconds?: number): Promise<FleetView> {
  const window = onlineSeconds ?? (await onlineWindowSeconds(c));
  const now = c.now();
  const since = new Date(Date.parse(now) - window * 1000).toISOString();
  // software_version: what the terminal reported with its last push (null: it never did).
  const terminals = JSON.parse(await fleetColumnsJson(c.db, since)) as FleetColumns;
  return { now, online_seconds: window, terminals };
}

/**
 * Every filed claim with its state: filed, its payment proposed (waiting for a second operator), or
 * paid (who, by the last 4 characters of the ID document only, how and when). Checked by the schema
 * the page reads it with (common/console/claims.ts).
 */
export async function consoleClaims(c: Central): Promise<ConsoleClaim[]> {
  const paid = new Map((await listClaimPayments(c)).map((p) => [`${p.terminal}/${p.journal_seq}`, p]));
  const proposed = new Map(
    (await listProposals(c, 'proposed')).filter((p) => p.op === 'claims.pay').map((p) => [`${String(p.args.terminal)}/${String(p.args.seq)}`, p.id]),
  );
  return ConsoleClaims.parse(
    (await prizeClaims(c)).map((x) => {
      const key = `${x.terminal}/${x.journal_seq}`;
      const p = paid.get(key);
      const proposal = proposed.get(key) ?? null;
      return {
        ...x,
        printed: printedTicketKey(x.ticket),
        state: p ? 'paid' : proposal !== null ? 'proposed' : 'filed',
        proposal_id: p ? null : proposal,
        paid: p
          ? {
              amount_cents: p.amount_cents,
              winner_name: p.winner.name,
              id_kind: p.winner.id_kind,
              id_last4: idTail(p.winner.id_number),
              method: p.payment.method,
              reference: p.payment.reference,
              paid_on: p.payment.paid_on,
              proposed_by: p.proposed_by,
              recorded_by: p.recorded_by,
              recorded_at: p.recorded_at,
            }
          : null,
      };
    }),
  );
}

/** Every setting the fleet obeys (known ones first, as listed; then any other key set), and the values set. */
async function configValues(c: Central): Promise<Pick<ConfigView, 'settings' | 'values'>> {
  const values = await configValueRows(c.db);
  const set = new Map(values.map((v) => [v.key, v]));
  const known = new Set(KNOWN_SETTINGS.map((k) => k.key));
  const settings = [
    ...KNOWN_SETTINGS.map((k) => ({ key: k.key, unit: k.unit, default: k.default, value: set.get(k.key)?.value ?? null, updated_at: set.get(k.key)?.updated_at ?? null, dual: isDualControlKey(k.key) })),
    ...values.filter((v) => !known.has(v.key)).map((v) => ({ key: v.key, unit: 'json' as const, default: null, value: v.value, updated_at: v.updated_at, dual: isDualControlKey(v.key) })),
  ];
  return { settings, values };
}

export const CONSOLE_OPS = {
  'console.fleet': op({
    args: z.object({ online_seconds: z.number().int().positive().max(30 * 86_400).optional() }).strict(),
    roles: READERS,
    run: async (c: Central, a: { online_seconds?: number | undefined }) => fleet(c, a.online_seconds),
  }),
  'console.terminal': op({
    args: z.object({ id: z.string().min(1).max(64), events: z.number().int().positive().max(5_000).optional() }).strict(),
    roles: READERS,
    run: async (c: Central, a: { id: string; events?: number | undefined }): Promise<TerminalView> => {
      const t = await getTerminal(c, a.id);
      if (!t) throw new CentralError('unknown_terminal', `no terminal ${a.id}`, 404, { terminal: a.id });
      const { public_key: _, ...terminal } = t;
      return {
        terminal,
        events: await terminalEvents(c, a.id, a.events ?? 500),
        integrity_alerts: await integrityAlerts(c, a.id),
        refused_pushes: await refusedPushesOf(c.db, a.id, 200),
        quarantine: await listQuarantine(c, a.id),
      };
    },
  }),
  'console.claims': op({
    args: z.object({}).strict(),
    roles: READERS,
    run: async (c: Central) => consoleClaims(c),
  }),
  'console.packs': op({
    args: z.object({}).strict(),
    roles: READERS,
    run: async (c: Central): Promise<PacksView> => {
      const packs = await listCentralPacks(c);
      const shipped = new Map((await shipmentRows(c.db)).map((s) => [`${s.game}/${s.emission}/${s.block}/${s.pack}`, s]));
      const rows = packs.map((p) => {
        const key = `${p.game}/${p.emission}/${p.block}/${p.pack}`;
        const s = shipped.get(key);
        shipped.delete(key);
        return { ...p, shipped_to: s?.retailer ?? null, shipped_at: s?.shipped_at ?? null };
      });
      // Shipped and not yet received by any terminal: in transit.
      const inTransit = [...shipped.values()].map((s) => ({ number: packNumberOf(GAME_NUMBERS[gameByCode(s.game).code], { emission: Number(s.emission), block: Number(s.block), pack: Number(s.pack) }), game: s.game, emission: s.emission, block: s.block, pack: s.pack, state: 'shipped' as const, shipped_to: s.retailer, shipped_at: s.shipped_at }));
      const by_state: Record<string, number> = { shipped: inTransit.length, received: 0, active: 0, settled: 0, returned: 0 };
      for (const p of rows) by_state[p.state] = (by_state[p.state] ?? 0) + 1;
      return { by_state, packs: rows, in_transit: inTransit };
    },
  }),
  'console.stoplist': op({
    args: z.object({}).strict(),
    roles: READERS,
    // On the list first, newest first; lifted ones after.
    run: async (c: Central): Promise<StopListView> =>
      (await stopList(c, true)).sort((x, y) => Number(x.removed_at !== null) - Number(y.removed_at !== null) || y.added_at.localeCompare(x.added_at) || x.pack.localeCompare(y.pack)),
  }),
  'console.games': op({
    args: z.object({}).strict(),
    roles: READERS,
    run: async (c: Central): Promise<GamesView> => {
      const status = new Map((await gameStatusRows(c.db)).map((g) => [g.game, g]));
      return GAMES.map((g) => {
        const s = status.get(g.code);
        return { game: g.code, name: g.name, kind: g.kind, price_cents: g.price_cents, enabled: s?.enabled ?? true, reason: s?.reason ?? null, updated_at: s?.updated_at ?? null };
      });
    },
  }),
  'console.emissions': op({
    args: z.object({}).strict(),
    roles: READERS,
    run: async (c: Central): Promise<EmissionsView> => (await publicationRows(c.db)).map((p) => ({ ...p, size: Number(p.size) })),
  }),
  'console.retailers': op({
    args: z.object({}).strict(),
    roles: READERS,
    run: async (c: Central): Promise<RetailersView> => retailerRows(c.db),
  }),
  'console.config': op({
    args: z.object({ key: z.string().min(1).max(64).optional(), limit: z.number().int().positive().max(1_000).optional() }).strict(),
    roles: READERS,
    run: async (c: Central, a: { key?: string | undefined; limit?: number | undefined }): Promise<ConfigView> => ({
      ...(await configValues(c)),
      history: (await centralJournalPage(c.db, { before: null, limit: a.limit ?? 200, type: 'config.set', key: a.key ?? null })).map((r) => ({
        ...r,
        entry_id: Number(r.entry_id),
        // A `config.set` entry's payload is its key and value (store/feed.ts setConfig).
        payload: r.payload as ConfigView['history'][number]['payload'],
      })),
    }),
  }),
  'console.audit': op({
    args: z.object({ before: z.number().int().positive().optional(), limit: z.number().int().positive().max(500).optional(), type: z.string().min(1).max(64).optional() }).strict(),
    roles: READERS,
    run: async (c: Central, a: { before?: number | undefined; limit?: number | undefined; type?: string | undefined }): Promise<AuditView> => {
      const limit = a.limit ?? 100;
      const rows = (await centralJournalPage(c.db, { before: a.before ?? null, limit: limit + 1, type: a.type ?? null, key: null })).map((r) => ({ ...r, entry_id: Number(r.entry_id) }));
      const more = rows.length > limit;
      const entries = rows.slice(0, limit);
      return { entries, next_before: more ? (entries.at(-1)?.entry_id ?? null) : null };
    },
  }),
  'console.sales': op({
    args: z.object({ days: z.number().int().positive().max(366).optional() }).strict(),
    roles: READERS,
    run: async (c: Central, a: { days?: number | undefined }): Promise<SalesView> => {
      const days = a.days ?? 14;
      const from = new Date(Date.parse(c.now()) - days * 86_400_000).toISOString();
      return { from, days: (await salesByGameDay(c.db, from, PAPER_PRICES)).map((r) => ({ ...r, cents: Number(r.cents) })) };
    },
  }),
};
