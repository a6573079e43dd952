/**
 * The administrative operations of `guichet central …`, by name, with zod-checked arguments: run in the
 * command's own process, or by the running service when it holds the store (POST /v1/admin/:op).
 */
import { z } from 'zod';
import { listExceptionStates, writeOffException } from '../store/chargebacks.js';
import { payoutExceptions } from '../store/claims.js';
import type { Central } from '../store/context.js';
import { announceCentralCa, setConfig, stopListChange } from '../store/feed.js';
import { shipPacks } from '../store/pack-shipping.js';
import { uncreditedEntriesList } from '../store/payout-checks.js';
import { listCentralPacks, settleDuePacks } from '../store/packs.js';
import { prizeClaims } from '../store/prize-claims.js';
import { publishEmission } from '../store/publish.js';
import { listQuarantine, showQuarantined } from '../store/quarantine.js';
import { retailerStatement } from '../store/statements.js';
import { integrityAlerts, terminalEvents, terminalsReport } from '../store/reports.js';
import { addTerminal, listTerminals, setTerminalEnabled } from '../store/terminals.js';
import { addCertificate, listLotteryKeys, revokeLotteryKey } from '../store/keys.js';
import { CONSOLE_OPS } from './console-ops.js';
import { Certificate, Revocation, TerminalId } from '../../common/protocol/index.js';
import { addUpdateRoot, approveRelease, listReleases, setGrace, setRing } from '../store/updates.js';
import { snapshotPgliteStore } from '../store/backup/snapshot.js';

const ACTOR = 'admin';

export const ADMIN_OPS = {
  'terminal.add': {
    args: z.object({ id: z.string(), retailer: z.string() }).strict(),
    run: async (c: Central, a: { id: string; retailer: string }) => ({ terminal_id: a.id, ...(await addTerminal(c, ACTOR, a.id, a.retailer)) }),
  },
  'terminal.list': {
    args: z.object({}).strict(),
    run: async (c: Central) => (await listTerminals(c)).map(({ public_key: _, ...t }) => t),
  },
  'terminal.disable': {
    args: z.object({ id: z.string(), reason: z.string() }).strict(),
    run: async (c: Central, a: { id: string; reason: string }) => {
      await setTerminalEnabled(c, ACTOR, a.id, false, a.reason);
      return { terminal_id: a.id, status: 'disabled' };
    },
  },
  'terminal.enable': {
    args: z.object({ id: z.string(), reason: z.string() }).strict(),
    run: async (c: Central, a: { id: string; reason: string }) => {
      await setTerminalEnabled(c, ACTOR, a.id, true, a.reason);
      return { terminal_id: a.id, status: 'enabled' };
    },
  },
  'keys.add': {
    args: z.object({ certificate: Certificate }).strict(),
    run: async (c: Central, a: { certificate: Certificate }) => addCertificate(c, ACTOR, a.certificate),
  },
  'keys.revoke': {
    args: z.object({ revocation: Revocation }).strict(),
    run: async (c: Central, a: { revocation: Revocation }) => revokeLotteryKey(c, ACTOR, a.revocation),
  },
  'keys.list': {
    args: z.object({}).strict(),
    run: async (c: Central) => listLotteryKeys(c),
  },
  publish: {
    args: z.object({ dir: z.string() }).strict(),
    run: async (c: Central, a: { dir: string }) => publishEmission(c, ACTOR, a.dir),
  },
  'stoplist.add': {
    args: z.object({ pack: z.string(), reason: z.string() }).strict(),
    run: async (c: Central, a: { pack: string; reason: string }) => ({ pack: a.pack, cursor: await stopListChange(c, ACTOR, a.pack, 'add', a.reason) }),
  },
  'tls.announce': {
    args: z.object({ certificates: z.array(z.string()), reason: z.string() }).strict(),
    run: async (c: Central, a: { certificates: string[]; reason: string }) => ({ cursor: await announceCentralCa(c, ACTOR, a.certificates, a.reason) }),
  },
  'config.set': {
    args: z.object({ key: z.string(), value: z.unknown() }).strict(),
    run: async (c: Central, a: { key: string; value?: unknown }) => ({ key: a.key, value: a.value, cursor: await setConfig(c, ACTOR, a.key, a.value) }),
  },
  events: {
    args: z.object({ terminal: z.string(), limit: z.number().int().positive().optional() }).strict(),
    run: async (c: Central, a: { terminal: string; limit?: number | undefined }) => ({
      events: await terminalEvents(c, a.terminal, a.limit ?? 1000),
      integrity_alerts: await integrityAlerts(c, a.terminal),
    }),
  },
  exceptions: {
    args: z.object({}).strict(),
    run: async (c: Central) => {
      const states = new Map((await listExceptionStates(c)).map((x) => [`${x.second_terminal}/${x.second_seq}`, x]));
      return (await payoutExceptions(c)).map((x) => {
        const s = states.get(`${x.second.terminal}/${x.second.journal_seq}`);
        return { ...x, id: s?.id ?? null, state: s?.state ?? 'open', settled_at: s?.written_off_at ?? s?.charged_at ?? null, settle_reason: s?.reason ?? null };
      });
    },
  },
  'exceptions.write-off': {
    args: z.object({ id: z.number().int().positive(), reason: z.string().min(1).max(500) }).strict(),
    run: async (c: Central, a: { id: number; reason: string }) => writeOffException(c, ACTOR, a.id, a.reason),
  },
  'quarantine.list': {
    args: z.object({ terminal: z.string().optional() }).strict(),
    run: async (c: Central, a: { terminal?: string | undefined }) => listQuarantine(c, a.terminal),
  },
  'quarantine.show': {
    args: z.object({ terminal: z.string().min(1), ref: z.string().min(1) }).strict(),
    run: async (c: Central, a: { terminal: string; ref: string }) => showQuarantined(c, a.terminal, a.ref),
  },
  uncredited: {
    args: z.object({}).strict(),
    run: async (c: Central) => uncreditedEntriesList(c),
  },
  packs: {
    args: z.object({ state: z.enum(['received', 'active', 'settled', 'returned']).optional(), terminal: z.string().optional() }).strict(),
    run: async (c: Central, a: { state?: 'received' | 'active' | 'settled' | 'returned' | undefined; terminal?: string | undefined }) => {
      // Settlement by days is due whenever the clock passes it: listing settles what is due first.
      const settled = await settleDuePacks(c);
      return { settled_now: settled, packs: await listCentralPacks(c, { ...(a.state ? { state: a.state } : {}), ...(a.terminal ? { terminal: a.terminal } : {}) }) };
    },
  },
  'packs.ship': {
    args: z.object({ packs: z.array(z.string()).min(1).max(10_000), retailer: z.string().min(1) }).strict(),
    run: async (c: Central, a: { packs: string[]; retailer: string }) => shipPacks(c, ACTOR, a.packs, a.retailer),
  },
  terminals: {
    args: z.object({}).strict(),
    run: async (c: Central) => terminalsReport(c),
  },
  claims: {
    args: z.object({}).strict(),
    run: async (c: Central) => prizeClaims(c),
  },
  // PGlite's consistent snapshot, taken by the process that holds the store (store/backup/snapshot.ts).
  'backup.snapshot': {
    args: z.object({ to: z.string().min(1) }).strict(),
    run: async (c: Central, a: { to: string }) => snapshotPgliteStore(c, a.to),
  },
  statement: {
    args: z.object({ retailer: z.string().min(1), week: z.string() }).strict(),
    run: async (c: Central, a: { retailer: string; week: string }) => retailerStatement(c, a.retailer, a.week),
  },
  ...CONSOLE_OPS,
  // ── Software updates (#23). Dual-control candidates: updates.root, updates.approve, updates.ring and
  // updates.grace change what the fleet runs; updates.list only reads.
  'updates.root': {
    args: z.object({ root: z.string().min(1).max(64 * 1024) }).strict(),
    run: async (c: Central, a: { root: string }) => addUpdateRoot(c, ACTOR, a.root),
  },
  'updates.approve': {
    args: z.object({ dir: z.string().min(1) }).strict(),
    run: async (c: Central, a: { dir: string }) => approveRelease(c, ACTOR, a.dir),
  },
  'updates.ring': {
    args: z
      .object({ version: z.string().min(1), share: z.number().int().min(0).max(10_000).optional(), terminals: z.array(TerminalId).max(10_000).optional() })
      .strict()
      .refine((a) => a.share !== undefined || a.terminals !== undefined, 'give a share (0 … 10000) or terminals'),
    run: async (c: Central, a: { version: string; share?: number | undefined; terminals?: string[] | undefined }) => setRing(c, ACTOR, a.version, a),
  },
  'updates.grace': {
    args: z.object({ hours: z.number().int().min(0).max(24 * 365) }).strict(),
    run: async (c: Central, a: { hours: number }) => setGrace(c, ACTOR, a.hours),
  },
  'updates.list': {
    args: z.object({}).strict(),
    run: async (c: Central) => listReleases(c),
  },
} as const;

export type AdminOp = keyof typeof ADMIN_OPS;

export function isAdminOp(op: string): op is AdminOp {
  return Object.hasOwn(ADMIN_OPS, op);
}

/** Runs one operation; throws a ZodError for bad arguments, a CentralError for a refusal. */
export async function runAdminOp(c: Central, op: AdminOp, args: unknown): Promise<unknown> {
  const def = ADMIN_OPS[op];
  const parsed = def.args.parse(args ?? {});
  return (def.run as (c: Central, a: unknown) => Promise<unknown>)(c, parsed);
}
