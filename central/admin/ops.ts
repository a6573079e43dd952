/**
 * The administrative operations of `guichet central …` and of the console, by name, with zod-checked
 * arguments: run in the command's own process, or by the running service when it holds the store
 * (POST /v1/admin/:op). Every entry names the roles that may run it (an administrator runs them all;
 * an op the auditor may run is a read), checked here, on the server, for every request; a `dual` entry
 * runs only once a second operator approved it (dual control, store/proposals.ts). Every write is
 * journaled at central with who, what, before, after and why (`admin.op`).
 */
import { redact } from '../store/redact.js';
import type { ExceptionsView } from '../../common/console/exceptions.js';
import type { PublishProgressView } from '../../common/console/emissions.js';
import { z } from 'zod';
import type { ProposalsView } from '../../common/console/proposals.js';
import { isGameCode } from '../../games/index.js';
import { ClaimPayArgs } from '../../common/console/claims.js';
import { checkClaimPayable, claimPaymentBefore, listClaimPayments, payClaim } from '../store/claim-payments.js';
import { chargeBackException, checkNotClosed, exceptionView, listExceptionStates, writeOffException } from '../store/chargebacks.js';
import { exceptionById } from '../store/queries/chargebacks.js';
import { closeException, investigateException } from '../store/exception-cases.js';
import { payoutExceptions } from '../store/claims.js';
import { CentralError, journalAtCentral, type Central } from '../store/context.js';
import { setConfig, setGameStatus, stopListChange } from '../store/feed.js';
import { announceCentralCa, checkCentralCaAnnouncement } from '../store/central-ca.js';
import { stopListPack } from '../store/stop-list-pack.js';
import { exportCentralJournal, verifyCentralJournal } from '../store/journal-audit.js';
import { addOperator, checkIndependent, checkOperatorName, disableOperator, listOperators, resetOperator, setOperatorRoles } from '../store/operators.js';
import { shipPacks } from '../store/pack-shipping.js';
import { uncreditedEntriesList } from '../store/payout-checks.js';
import { listCentralPacks, settleDuePacks } from '../store/packs.js';
import { prizeClaims } from '../store/prize-claims.js';
import { claimProposal, getProposal, listProposals, propose, publicationProposed, rejectProposal, settleProposal } from '../store/proposals.js';
import { outcomeFilesOf, publishEmission, publishProgress } from '../store/publish.js';
import { listQuarantine, showQuarantined } from '../store/quarantine.js';
import { configGet, configHistory, configList, gameStatuses, isStopListed, stopList } from '../store/reference-reads.js';
import { addRetailer, findRetailer, listRetailers, requireRetailer, showRetailer } from '../store/retailers.js';
import { retailerStatement } from '../store/statements.js';
import { claimsHold, releaseClaims, restoreStatus } from '../store/restore-hold.js';
import { integrityAlerts, terminalEvents, terminalsReport } from '../store/reports.js';
import { addTerminal, getTerminal, listTerminals, setTerminalEnabled } from '../store/terminals.js';
import { addCertificate, listLotteryKeys, revokeLotteryKey } from '../store/keys.js';
import { CONSOLE_OPS } from './console-ops.js';
import { isDualControlKey } from './dual-keys.js';
import { op, type AdminOpDef } from './op-def.js';
import { CaAnnouncement, Certificate, Revocation, TerminalId } from '../../common/protocol/index.js';
import { addUpdateRoot, approveRelease, listReleases, setGrace, setRing } from '../store/updates.js';
import { checkSnapshot, snapshotPgliteStore } from '../store/backup/snapshot.js';
import { builtConsoleDir } from '../server/console-dir.js';
import { bodyHash, checkIdempotencyKey, recordAnswer, replayOf } from '../store/admin-requests.js';
import { inOneTransaction } from '../store/ambient.js';
import { ANY_ROLE, mayRun, RoleSchema, type OpContext, type Role } from './roles.js';

export type { OpContext } from './roles.js';

export type { AdminOpDef } from './op-def.js';
export { isDualControlKey } from './dual-keys.js';

const SECURITY: readonly Role[] = ['security'];
const FINANCE: readonly Role[] = ['finance'];
const SUPPORT: readonly Role[] = ['support'];
const ADMINISTRATOR: readonly Role[] = ['administrator'];
const Reason = z.string().trim().min(1, 'say why').max(500);


/** An exception's state before an act on it (journaled as `before`). */
const exceptionBefore = async (c: Central, a: { id: number }): Promise<unknown> => {
  const x = await exceptionById(c.db, a.id);
  return x ? exceptionView(x) : null;
};

/** The pack named is on the stop list now, else not_stop_listed (404): before a removal is proposed, and again when it runs. */
const requireStopListed = async (c: Central, pack: string): Promise<void> => {
  if (!(await isStopListed(c, pack))) throw new CentralError('not_stop_listed', `pack ${pack} is not on the stop list`, 404, { pack });
};

const terminalStatus = async (c: Central, a: { id: string }): Promise<unknown> => ({ status: (await getTerminal(c, a.id))?.status ?? null });

export const ADMIN_OPS = {
  'terminal.add': op({
    args: z.object({ id: z.string(), retailer: z.string() }).strict(),
    roles: SUPPORT,
    run: async (c, a, ctx) => ({ terminal_id: a.id, ...(await addTerminal(c, ctx.actor, a.id, a.retailer)) }),
  }),
  'terminal.list': op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    run: async (c) => (await listTerminals(c)).map(({ public_key: _, ...t }) => t),
  }),
  'terminal.disable': op({
    args: z.object({ id: z.string(), reason: z.string() }).strict(),
    roles: SECURITY,
    before: terminalStatus,
    run: async (c, a, ctx) => {
      await setTerminalEnabled(c, ctx.actor, a.id, false, a.reason);
      return { terminal_id: a.id, status: 'disabled' };
    },
  }),
  'terminal.enable': op({
    args: z.object({ id: z.string(), reason: z.string() }).strict(),
    roles: SECURITY,
    dual: true,
    before: terminalStatus,
    run: async (c, a, ctx) => {
      await setTerminalEnabled(c, ctx.actor, a.id, true, a.reason);
      return { terminal_id: a.id, status: 'enabled' };
    },
  }),
  'keys.add': op({
    args: z.object({ certificate: Certificate }).strict(),
    roles: SECURITY,
    dual: true,
    run: async (c, a, ctx) => addCertificate(c, ctx.actor, a.certificate),
  }),
  'keys.revoke': op({
    args: z.object({ revocation: Revocation }).strict(),
    roles: SECURITY,
    dual: true,
    run: async (c, a, ctx) => revokeLotteryKey(c, ctx.actor, a.revocation),
  }),
  'keys.list': op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    run: async (c) => listLotteryKeys(c),
  }),
  publish: op({
    args: z.object({ dir: z.string() }).strict(),
    roles: SECURITY,
    dual: true,
    // A folder that is no emission is refused when proposed, not when the second operator approves.
    check: async (_c, a) => void outcomeFilesOf(a.dir),
    run: async (c, a, ctx) => publishEmission(c, ctx.actor, a.dir),
  }),
  // Publishing's progress, for whoever waits on it (the approver, the proposer, the console's emissions page).
  'publish.progress': op({
    args: z.object({ dir: z.string().min(1) }).strict(),
    roles: ANY_ROLE,
    run: async (c, a): Promise<PublishProgressView> => {
      // Only a folder proposed for publication: else any operator could probe central's disk for folders.
      if (!(await publicationProposed(c, a.dir))) throw new CentralError('not_proposed', `no publication of ${a.dir} was proposed: progress is told for a folder being published`, 404, { dir: a.dir });
      return publishProgress(c, a.dir);
    },
  }),
  'stoplist.add': op({
    args: z.object({ pack: z.string().max(64), reason: Reason }).strict(),
    roles: SECURITY,
    // Only a pack number (GGG-EEE-BB-PPPPP, dashes optional), kept in that one form: what terminals and claims match.
    check: async (_c, a) => void stopListPack(a.pack),
    before: async (c, a) => ({ listed: await isStopListed(c, stopListPack(a.pack)) }),
    run: async (c, a, ctx) => {
      const pack = stopListPack(a.pack);
      return { pack, cursor: await stopListChange(c, ctx.actor, pack, 'add', a.reason) };
    },
  }),
  'stoplist.remove': op({
    args: z.object({ pack: z.string().min(1).max(64), reason: Reason }).strict(),
    roles: SECURITY,
    dual: true,
    // A pack not on the list is refused before a proposal is made (nothing for a second operator to approve).
    check: async (c, a) => requireStopListed(c, a.pack),
    before: async (c, a) => ({ listed: await isStopListed(c, a.pack) }),
    run: async (c, a, ctx) => {
      await requireStopListed(c, a.pack);
      return { pack: a.pack, cursor: await stopListChange(c, ctx.actor, a.pack, 'remove', a.reason) };
    },
  }),
  'stoplist.list': op({
    args: z.object({ all: z.boolean().optional() }).strict(),
    roles: ANY_ROLE,
    run: async (c, a) => stopList(c, a.all ?? false),
  }),
  // The terminals' pin on central's TLS (#39): signed by the root where it is kept (never at central), and two operators.
  'tls.announce': op({
    args: z.object({ announcement: CaAnnouncement, reason: Reason }).strict(),
    roles: SECURITY,
    dual: true,
    // An announcement the root did not sign, or older than the last, is refused before it is proposed.
    check: async (c, a) => void (await checkCentralCaAnnouncement(c.db, a.announcement)),
    run: async (c, a, ctx) => ({ cursor: await announceCentralCa(c, ctx.actor, a.announcement, a.reason) }),
  }),
  'config.set': op({
    args: z.object({ key: z.string(), value: z.unknown() }).strict(),
    roles: SECURITY,
    dual: (a) => isDualControlKey(a.key),
    before: async (c, a) => ({ value: (await configGet(c, a.key))?.value ?? null }),
    run: async (c, a, ctx) => ({ key: a.key, value: a.value, cursor: await setConfig(c, ctx.actor, a.key, a.value, ctx.proposer ?? null) }),
  }),
  'config.get': op({
    args: z.object({ key: z.string().min(1).max(64) }).strict(),
    roles: ANY_ROLE,
    run: async (c, a) => {
      const e = await configGet(c, a.key);
      if (!e) throw new CentralError('unknown_key', `no configuration value '${a.key}' is set: see guichet central config list`, 404);
      return e;
    },
  }),
  'config.list': op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    run: async (c) => configList(c),
  }),
  'config.history': op({
    args: z.object({ key: z.string().min(1).max(64).optional() }).strict(),
    roles: ANY_ROLE,
    run: async (c, a) => configHistory(c, a.key),
  }),
  'game.suspend': op({
    args: z.object({ game: z.string(), reason: Reason }).strict(),
    roles: SECURITY,
    before: async (c, a) => (await gameStatuses(c)).find((g) => g.game === a.game) ?? { enabled: true },
    run: async (c, a, ctx) => {
      if (!isGameCode(a.game)) throw new CentralError('unknown_game', `no game '${a.game}' (happy-2014, annee-chance-2013, millionnaire)`, 404, { game: a.game });
      return { game: a.game, enabled: false, cursor: await setGameStatus(c, ctx.actor, a.game, false, a.reason) };
    },
  }),
  'game.resume': op({
    args: z.object({ game: z.string(), reason: Reason }).strict(),
    roles: SECURITY,
    before: async (c, a) => (await gameStatuses(c)).find((g) => g.game === a.game) ?? { enabled: true },
    run: async (c, a, ctx) => {
      if (!isGameCode(a.game)) throw new CentralError('unknown_game', `no game '${a.game}' (happy-2014, annee-chance-2013, millionnaire)`, 404, { game: a.game });
      return { game: a.game, enabled: true, cursor: await setGameStatus(c, ctx.actor, a.game, true, a.reason) };
    },
  }),
  'game.list': op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    run: async (c) => gameStatuses(c),
  }),
  'retailer.add': op({
    args: z.object({ name: z.string(), address: z.string().max(300).optional() }).strict(),
    roles: SUPPORT,
    run: async (c, a, ctx) => addRetailer(c, ctx.actor, a),
  }),
  'retailer.list': op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    run: async (c) => listRetailers(c),
  }),
  'retailer.show': op({
    args: z.object({ retailer: z.string().min(1) }).strict(),
    roles: ANY_ROLE,
    run: async (c, a) => showRetailer(c, a.retailer),
  }),
  events: op({
    args: z.object({ terminal: z.string(), limit: z.number().int().positive().optional() }).strict(),
    roles: ANY_ROLE,
    run: async (c, a) => ({
      events: await terminalEvents(c, a.terminal, a.limit ?? 1000),
      integrity_alerts: await integrityAlerts(c, a.terminal),
    }),
  }),
  exceptions: op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    run: async (c): Promise<ExceptionsView> => {
      const states = new Map((await listExceptionStates(c)).map((x) => [`${x.second_terminal}/${x.second_seq}`, x]));
      return (await payoutExceptions(c)).map((x) => {
        const s = states.get(`${x.second.terminal}/${x.second.journal_seq}`);
        return {
          ...x,
          id: s?.id ?? null,
          state: s?.state ?? 'open',
          settled_at: s?.written_off_at ?? s?.charged_at ?? null,
          charged_at: s?.charged_at ?? null,
          settle_reason: s?.reason ?? null,
          investigating_at: s?.investigating_at ?? null,
          investigating_by: s?.investigating_by ?? null,
          note: s?.note ?? null,
          closed_at: s?.closed_at ?? null,
          closed_by: s?.closed_by ?? null,
          close_reason: s?.close_reason ?? null,
        };
      });
    },
  }),
  'exceptions.write-off': op({
    args: z.object({ id: z.number().int().positive(), reason: z.string().min(1).max(500) }).strict(),
    roles: FINANCE,
    dual: true,
    check: async (c, a) => checkNotClosed(c, a.id, 'written off'),
    run: async (c, a, ctx) => writeOffException(c, ctx.actor, a.id, a.reason),
  }),
  // Charge back as an act (#22): an exception the lottery bore, or still open, charged to the retailer that paid second.
  'exceptions.charge-back': op({
    args: z.object({ id: z.number().int().positive(), reason: z.string().min(1).max(500) }).strict(),
    roles: FINANCE,
    dual: true,
    check: async (c, a) => checkNotClosed(c, a.id, 'charged back'),
    before: exceptionBefore,
    run: async (c, a, ctx) => chargeBackException(c, ctx.actor, a.id, a.reason),
  }),
  // Investigating and closing move no money (#22): one operator; a closed exception is not acted on again.
  'exceptions.investigate': op({
    args: z.object({ id: z.number().int().positive(), note: z.string().trim().min(1, 'say what is being investigated').max(500) }).strict(),
    roles: [...FINANCE, ...SUPPORT],
    before: exceptionBefore,
    run: async (c, a, ctx) => investigateException(c, ctx.actor, a.id, a.note),
  }),
  'exceptions.close': op({
    args: z.object({ id: z.number().int().positive(), reason: Reason }).strict(),
    roles: FINANCE,
    before: exceptionBefore,
    run: async (c, a, ctx) => closeException(c, ctx.actor, a.id, a.reason),
  }),
  'quarantine.list': op({
    args: z.object({ terminal: z.string().optional() }).strict(),
    roles: ANY_ROLE,
    run: async (c, a) => listQuarantine(c, a.terminal),
  }),
  'quarantine.show': op({
    args: z.object({ terminal: z.string().min(1), ref: z.string().min(1) }).strict(),
    roles: ANY_ROLE,
    run: async (c, a) => showQuarantined(c, a.terminal, a.ref),
  }),
  uncredited: op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    run: async (c) => uncreditedEntriesList(c),
  }),
  packs: op({
    args: z.object({ state: z.enum(['received', 'active', 'settled', 'returned']).optional(), terminal: z.string().optional() }).strict(),
    roles: ANY_ROLE,
    run: async (c, a) => {
      // Settlement by days is due whenever the clock passes it: listing settles what is due first.
      const settled = await settleDuePacks(c);
      return { settled_now: settled, packs: await listCentralPacks(c, { ...(a.state ? { state: a.state } : {}), ...(a.terminal ? { terminal: a.terminal } : {}) }) };
    },
  }),
  'packs.ship': op({
    args: z.object({ packs: z.array(z.string()).min(1).max(10_000), retailer: z.string().min(1) }).strict(),
    roles: [...FINANCE, ...SUPPORT],
    run: async (c, a, ctx) => shipPacks(c, ctx.actor, a.packs, (await requireRetailer(c.db, a.retailer)).name),
  }),
  terminals: op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    run: async (c) => terminalsReport(c),
  }),
  claims: op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    run: async (c) => prizeClaims(c),
  }),
  // A claim form's prize paid by the lottery's office (#22): the winner and the payment, at central's prize; money, so under dual control.
  'claims.pay': op({
    args: ClaimPayArgs,
    roles: FINANCE,
    dual: true,
    check: async (c, a) => {
      await checkClaimPayable(c, c.db, a.terminal, a.seq, a.payment.paid_on);
      const pending = (await listProposals(c, 'proposed')).find((p) => p.op === 'claims.pay' && p.args.terminal === a.terminal && p.args.seq === a.seq);
      if (pending) throw new CentralError('claim_payment_proposed', `the payment of claim ${a.terminal}/${a.seq} is already proposed (proposal ${pending.id} by ${pending.proposer}): approve or reject it`, 409);
    },
    before: claimPaymentBefore,
    run: async (c, a, ctx) => payClaim(c, ctx.actor, a, ctx.proposer ?? null),
  }),
  // The payments in full (the winner's ID number and address): for finance and the auditor only.
  'claims.payments': op({
    args: z.object({}).strict(),
    roles: [...FINANCE, 'auditor'],
    run: async (c) => listClaimPayments(c),
  }),
  statement: op({
    args: z.object({ retailer: z.string().min(1), week: z.string() }).strict(),
    roles: ANY_ROLE,
    run: async (c, a) => retailerStatement(c, (await findRetailer(c.db, a.retailer))?.name ?? a.retailer, a.week),
  }),
  // Two administrators make an operator; its first secret is an enrolment code for it alone (store/operators.ts),
  // and neither of them may approve its acts (checkIndependent).
  'operator.add': op({
    args: z.object({ name: z.string(), roles: z.array(RoleSchema).min(1), reason: Reason.optional() }).strict(),
    roles: ADMINISTRATOR,
    dual: true,
    check: async (c, a) => checkOperatorName(c, a.name, false),
    run: async (c, a, ctx) => addOperator(c, ctx.actor, a, [ctx.proposer ?? ctx.actor, ctx.actor]),
  }),
  'operator.list': op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    run: async (c) => listOperators(c),
  }),
  'operator.disable': op({
    args: z.object({ name: z.string(), reason: Reason }).strict(),
    roles: ADMINISTRATOR,
    run: async (c, a, ctx) => disableOperator(c, ctx.actor, a.name, a.reason),
  }),
  'operator.reset': op({
    args: z.object({ name: z.string(), reason: Reason }).strict(),
    roles: ADMINISTRATOR,
    dual: true,
    check: async (c, a) => checkOperatorName(c, a.name, true),
    run: async (c, a, ctx) => resetOperator(c, ctx.actor, a, [ctx.proposer ?? ctx.actor, ctx.actor]),
  }),
  'operator.roles': op({
    args: z.object({ name: z.string(), roles: z.array(RoleSchema).min(1), reason: Reason }).strict(),
    roles: ADMINISTRATOR,
    dual: true,
    check: async (c, a) => checkOperatorName(c, a.name, true),
    run: async (c, a, ctx) => setOperatorRoles(c, ctx.actor, a),
  }),
  'proposal.list': op({
    args: z.object({ status: z.enum(['proposed', 'running', 'approved', 'rejected', 'failed', 'expired']).optional() }).strict(),
    roles: ANY_ROLE,
    // An open proposal's arguments in full only to whoever may decide it (a winner's ID number and
    // address in claims.pay); to the others, and once decided, as the journal keeps them.
    run: async (c, a, ctx): Promise<ProposalsView> =>
      (await listProposals(c, a.status)).map((p) => (p.status === 'proposed' && mayRun(ctx.roles, opDef(p.op).roles) ? p : { ...p, args: redact(p.args) as Record<string, unknown> })),
  }),
  'proposal.approve': op({
    args: z.object({ id: z.number().int().positive(), reason: Reason }).strict(),
    // Whoever may run the proposed operation (checked in approveProposal).
    roles: ['security', 'finance', 'support'],
    run: async (c, a, ctx) => approveProposal(c, a.id, a.reason, ctx),
  }),
  'proposal.reject': op({
    args: z.object({ id: z.number().int().positive(), reason: Reason }).strict(),
    roles: ['security', 'finance', 'support'],
    run: async (c, a, ctx) => {
      const p = await getProposal(c, a.id);
      if (!mayRun(ctx.roles, opDef(p.op).roles)) throw forbidden(ctx, p.op);
      return rejectProposal(c, a.id, ctx.actor, a.reason);
    },
  }),
  'journal.verify': op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    run: async (c) => verifyCentralJournal(c),
  }),
  'journal.export': op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    run: async (c) => exportCentralJournal(c),
  }),
  'admin.ops': op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    // What each operation takes, for a page to offer only what its operator may do (the server checks anyway).
    run: async (): Promise<unknown> =>
      Object.entries(opsTable()).map(([name, d]) => ({ op: name, roles: [...d.roles], write: isWrite(d), dual: d.dual === true ? true : d.dual ? 'depends' : false })),
  }),
  // PGlite's consistent snapshot, taken by the process that holds the store (store/backup/snapshot.ts):
  // a copy of every ticket's hidden code, so two administrators, and only into the backup folder set on
  // central's machine, never a folder central serves (checked when proposed, and again when it runs).
  'backup.snapshot': op({
    args: z.object({ to: z.string().min(1), reason: Reason.optional() }).strict(),
    roles: ADMINISTRATOR,
    dual: true,
    check: async (c, a) => void checkSnapshot(c, a.to, [builtConsoleDir()]),
    // Copies files under PGlite's lock (CHECKPOINT first): outside the act's transaction (an approval's, when approved).
    standalone: true,
    run: async (c, a) => snapshotPgliteStore(c, a.to, [builtConsoleDir()]),
  }),
  // The restore window (#21, store/restore-hold.ts): online claims held until every terminal re-synced.
  'restore.status': op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    run: async (c) => restoreStatus(c),
  }),
  // Letting claims through before every terminal re-synced risks a ticket paid twice: two operators.
  'restore.release': op({
    args: z.object({ reason: Reason }).strict(),
    roles: SECURITY,
    dual: true,
    check: async (c) => {
      if (!(await claimsHold(c))) throw new CentralError('not_held', 'online claims are not held: no restore is waiting for terminals to re-sync', 409);
    },
    run: async (c, a, ctx) => releaseClaims(c, ctx.actor, a.reason, ctx.proposer ?? null),
  }),
  ...CONSOLE_OPS,
  // ── Software updates (#23): what the fleet runs changes only under dual control; updates.list only reads.
  'updates.root': op({
    args: z.object({ root: z.string().min(1).max(64 * 1024) }).strict(),
    roles: SECURITY,
    dual: true,
    run: async (c, a, ctx) => addUpdateRoot(c, ctx.actor, a.root),
  }),
  'updates.approve': op({
    args: z.object({ dir: z.string().min(1) }).strict(),
    roles: SECURITY,
    dual: true,
    run: async (c, a, ctx) => approveRelease(c, ctx.actor, a.dir),
  }),
  'updates.ring': op({
    args: z
      .object({ version: z.string().min(1), share: z.number().int().min(0).max(10_000).optional(), terminals: z.array(TerminalId).max(10_000).optional() })
      .strict()
      .refine((a) => a.share !== undefined || a.terminals !== undefined, 'give a share (0 … 10000) or terminals'),
    roles: SECURITY,
    dual: true,
    run: async (c, a, ctx) => setRing(c, ctx.actor, a.version, a),
  }),
  'updates.grace': op({
    args: z.object({ hours: z.number().int().min(0).max(24 * 365) }).strict(),
    roles: SECURITY,
    dual: true,
    run: async (c, a, ctx) => setGrace(c, ctx.actor, a.hours),
  }),
  'updates.list': op({
    args: z.object({}).strict(),
    roles: ANY_ROLE,
    run: async (c) => listReleases(c),
  }),
} satisfies Record<string, AdminOpDef>;

export type AdminOp = keyof typeof ADMIN_OPS;

function opsTable(): Record<string, AdminOpDef> {
  return ADMIN_OPS;
}

export function isAdminOp(op: string): op is AdminOp {
  return Object.hasOwn(ADMIN_OPS, op);
}

function opDef(name: string): AdminOpDef {
  if (!isAdminOp(name)) throw new CentralError('not_found', `no admin operation '${name}'`, 404);
  return ADMIN_OPS[name] as AdminOpDef;
}

/** The operations an operator holding `roles` may run (the console offers only these; central checks each act again). */
export function opsMayRun(roles: readonly Role[]): AdminOp[] {
  return (Object.keys(ADMIN_OPS) as AdminOp[]).filter((name) => mayRun(roles, opDef(name).roles));
}

/** Whether an operator may only read (no role of theirs is allowed a write). */
export const isWrite = (def: AdminOpDef): boolean => !def.roles.includes('auditor');

function forbidden(ctx: OpContext, name: string): CentralError {
  const def = opDef(name);
  const who = def.roles.includes('administrator') ? 'an administrator' : `a ${[...def.roles, 'administrator'].join(' or ')} operator`;
  // The facts name roles, not the operation's code: a page says it in its own words.
  return new CentralError('forbidden', `${ctx.actor} (${ctx.roles.join(', ') || 'no role'}) may not run ${name}: it takes ${who}`, 403, { actor: ctx.actor, needed: def.roles.filter((r) => r !== 'administrator').join(',') });
}

/** What an operation answers: its result (200), or a proposal waiting for a second operator (202). */
export interface AdminOutcome {
  readonly status: 200 | 202;
  readonly result: unknown;
}

const reasonOf = (args: unknown, ctx: OpContext): string | undefined => {
  const r = ctx.reason ?? (args && typeof args === 'object' && typeof (args as { reason?: unknown }).reason === 'string' ? (args as { reason: string }).reason : undefined);
  return r?.trim() ? r.trim() : undefined;
};

/** An approval whose operation failed: the proposal is settled as failed (committed), then the error is thrown. */
class SettledFailure extends Error {
  constructor(readonly error: unknown) {
    super((error as Error).message);
  }
}

/**
 * Runs a write: the state it changes read before (`before`), the operation, and its `admin.op` row
 * (who, what, before, after and why) in one transaction (store/ambient.ts: the store functions'
 * own transactions join it as savepoints): a journal row that cannot be written leaves nothing changed.
 */
async function execute(c: Central, name: string, def: AdminOpDef, parsed: unknown, ctx: OpContext, approval?: { proposal: number; proposer: string; proposer_reason: string }): Promise<unknown> {
  if (!isWrite(def)) return def.run(c, parsed, ctx);
  const act = async (): Promise<unknown> => {
    const before = def.before ? await def.before(c, parsed) : null;
    const result = await def.run(c, parsed, ctx);
    await c.db.transaction(async (tx) =>
      journalAtCentral(c, tx, c.now(), ctx.actor, 'admin.op', {
        op: name,
        args: redact(parsed) as Record<string, unknown>,
        roles: [...ctx.roles],
        before: redact(before),
        after: redact(result ?? null),
        reason: reasonOf(parsed, ctx) ?? null,
        ...(approval ? { approval } : {}),
      }),
    );
    return result;
  };
  if (def.standalone) return act();
  // An approval that failed recorded so (SettledFailure): that record commits, then the failure is thrown.
  const out = await inOneTransaction(c.db, async () => {
    try {
      return await act();
    } catch (err) {
      if (err instanceof SettledFailure) return err;
      throw err;
    }
  });
  if (out instanceof SettledFailure) throw out;
  return out;
}

/**
 * Runs one operation for `ctx`: refused (403) without a role that may run it; a dual operation is
 * proposed (202) unless `ctx.setup` (no administrator exists yet: nobody could approve). Throws a
 * ZodError for bad arguments, a CentralError for a refusal.
 */
export async function runAdminOpFor(c: Central, name: AdminOp, args: unknown, ctx: OpContext & { setup?: boolean }): Promise<AdminOutcome> {
  const def = opDef(name);
  if (!mayRun(ctx.roles, def.roles)) throw forbidden(ctx, name);
  const parsed: unknown = def.args.parse(args ?? {});
  const dual = def.dual === true || (typeof def.dual === 'function' && def.dual(parsed));
  if (dual && !ctx.setup) {
    const reason = reasonOf(parsed, ctx);
    if (!reason) throw new CentralError('reason_required', `${name} is under dual control: say why (the reason travels with the proposal)`, 400, {});
  }
  const act = async (): Promise<AdminOutcome> => {
    if (def.check) await def.check(c, parsed);
    if (dual && !ctx.setup) return { status: 202, result: await propose(c, { op: name, args: parsed as Record<string, unknown>, proposer: ctx.actor, reason: reasonOf(parsed, ctx)! }) };
    return { status: 200, result: await execute(c, name, def, parsed, ctx) };
  };
  const key = ctx.idempotencyKey;
  if (!isWrite(def) || key === undefined) {
    try {
      return await act();
    } catch (err) {
      throw err instanceof SettledFailure ? err.error : err;
    }
  }
  // A write with its idempotency key (#21): the answer is stored in the act's transaction; a replay answers it.
  checkIdempotencyKey(key);
  const hash = bodyHash(name, parsed);
  const keyed = async (): Promise<AdminOutcome | SettledFailure> => {
    const stored = await replayOf(c.db, key, ctx.actor, name, hash);
    if (stored) return stored;
    let outcome: AdminOutcome;
    try {
      outcome = await act();
    } catch (err) {
      if (err instanceof SettledFailure) return err;
      throw err;
    }
    await recordAnswer(c.db, key, ctx.actor, name, hash, { status: outcome.status, result: redact(outcome.result) }, c.now());
    return outcome;
  };
  const out = def.standalone ? await keyed() : await inOneTransaction(c.db, keyed);
  if (out instanceof SettledFailure) throw out.error;
  return out;
}

/** Approves a proposal: another operator than its proposer, holding a role that may run it; then it runs. */
async function approveProposal(c: Central, id: number, reason: string, ctx: OpContext): Promise<unknown> {
  const p = await getProposal(c, id);
  const def = opDef(p.op);
  if (!mayRun(ctx.roles, def.roles)) throw forbidden(ctx, p.op);
  // Two people: not the proposer (claimProposal), nor an operator either of them created or reset.
  if (p.proposer.toLowerCase() !== ctx.actor.toLowerCase()) await checkIndependent(c.db, p.proposer, ctx.actor, id);
  // Claim, run and settle in one transaction: the operation's own writes roll back to a savepoint when
  // it fails, and the failure is still recorded (committed, then thrown: SettledFailure).
  const out = await inOneTransaction(c.db, async (): Promise<{ result: unknown } | SettledFailure> => {
    const claimed = await claimProposal(c, id, ctx.actor);
    const parsed: unknown = def.args.parse(claimed.args);
    let result: unknown;
    try {
      result = await c.db.transaction(() =>
        execute(c, p.op, def, parsed, { ...ctx, proposer: claimed.proposer, reason: reasonOf(parsed, { actor: ctx.actor, roles: ctx.roles }) ?? claimed.reason }, { proposal: id, proposer: claimed.proposer, proposer_reason: claimed.reason }),
      );
    } catch (err) {
      await settleProposal(c, claimed, ctx.actor, reason, { error: (err as Error).message });
      return new SettledFailure(err);
    }
    await settleProposal(c, claimed, ctx.actor, reason, { result: redact(result) });
    return { result };
  });
  if (out instanceof SettledFailure) throw out;
  return { proposal_id: id, status: 'approved', op: p.op, result: out.result };
}

/** Runs one operation as the setup actor (no operator: the data folder's holder before the first administrator). */
export async function runAdminOp(c: Central, name: AdminOp, args: unknown, ctx: OpContext & { setup?: boolean } = { actor: 'admin', roles: ['administrator'], setup: true }): Promise<unknown> {
  return (await runAdminOpFor(c, name, args, ctx)).result;
}
