/**
 * Acts under dual control (#22): one operator proposes an administrative operation with a reason;
 * another (never the same) approves it with a reason, and only then does it run; or rejects it. A
 * proposal not decided within PROPOSAL_TTL_MS expires. Proposing, approving, rejecting and a failed
 * run are journaled at central with both operators and their reasons.
 */
import { redact } from './redact.js';
import { CentralError, journalAtCentral, type Central } from './context.js';

export const PROPOSAL_TTL_MS = 24 * 3600_000;

export type ProposalStatus = 'proposed' | 'running' | 'approved' | 'rejected' | 'failed' | 'expired';

export interface Proposal {
  id: number;
  op: string;
  args: Record<string, unknown>;
  proposer: string;
  reason: string;
  proposed_at: string;
  expires_at: string;
  status: ProposalStatus;
  decided_by: string | null;
  decided_at: string | null;
  decision_reason: string | null;
  result: unknown;
  error: string | null;
}

const COLUMNS = 'id, op, args, proposer, reason, proposed_at, expires_at, status, decided_by, decided_at, decision_reason, result, error';

/** A proposal past its time reads as expired (nothing runs it any more). */
const shown = (p: Proposal, now: string): Proposal => (p.status === 'proposed' && p.expires_at <= now ? { ...p, status: 'expired' } : p);

export async function propose(c: Central, a: { op: string; args: Record<string, unknown>; proposer: string; reason: string }): Promise<{ proposal_id: number; status: 'proposed'; expires_at: string }> {
  await scrubExpired(c, c.now());
  return c.db.transaction(async (tx) => {
    const at = c.now();
    const expires = new Date(Date.parse(at) + PROPOSAL_TTL_MS).toISOString();
    const id = (await tx.query<{ id: number }>(`SELECT nextval('proposal_ids')::bigint AS id`))[0]!.id;
    await tx.execute(`INSERT INTO proposals (id, op, args, proposer, reason, proposed_at, expires_at, status) VALUES ($1, $2, $3, $4, $5, $6, $7, 'proposed')`, [
      id,
      a.op,
      JSON.stringify(a.args),
      a.proposer,
      a.reason,
      at,
      expires,
    ]);
    await journalAtCentral(c, tx, at, a.proposer, 'proposal.propose', { proposal: id, op: a.op, args: redact(a.args), reason: a.reason, expires_at: expires });
    return { proposal_id: id, status: 'proposed' as const, expires_at: expires };
  });
}

/**
 * Expired proposals keep their arguments as the journal does: a claims.pay proposal nobody decided
 * must not keep a winner's ID number and address in full for ever (decided ones are scrubbed when decided).
 */
async function scrubExpired(c: Central, now: string): Promise<void> {
  const rows = await c.db.query<{ id: number; args: Record<string, unknown> }>(`SELECT id, args FROM proposals WHERE status = 'proposed' AND expires_at <= $1`, [now]);
  for (const r of rows) {
    const kept = redact(r.args);
    if (JSON.stringify(kept) !== JSON.stringify(r.args)) await c.db.execute(`UPDATE proposals SET args = $2 WHERE id = $1 AND status = 'proposed'`, [r.id, JSON.stringify(kept)]);
  }
}

export async function listProposals(c: Central, status?: ProposalStatus): Promise<Proposal[]> {
  const now = c.now();
  await scrubExpired(c, now);
  const rows = (await c.db.query<Proposal>(`SELECT ${COLUMNS} FROM proposals ORDER BY id DESC LIMIT 1000`)).map((p) => shown(p, now));
  return status ? rows.filter((p) => p.status === status) : rows;
}

export async function getProposal(c: Central, id: number): Promise<Proposal> {
  await scrubExpired(c, c.now());
  const p = (await c.db.query<Proposal>(`SELECT ${COLUMNS} FROM proposals WHERE id = $1`, [id]))[0];
  if (!p) throw new CentralError('unknown_proposal', `no proposal #${id}`, 404);
  return shown(p, c.now());
}

function open(p: Proposal, decider: string, approving: boolean): void {
  if (p.status === 'expired') throw new CentralError('proposal_expired', `proposal #${p.id} expired at ${p.expires_at}: propose it again`, 409, { id: p.id, expired_at: p.expires_at });
  if (p.status !== 'proposed') throw new CentralError('proposal_decided', `proposal #${p.id} is already ${p.status}${p.decided_by ? ` (by ${p.decided_by})` : ''}`, 409, { id: p.id });
  if (approving && p.proposer.toLowerCase() === decider.toLowerCase()) {
    throw new CentralError('same_operator', `${decider} proposed #${p.id}: another operator must approve it (dual control)`, 403, { id: p.id });
  }
}

/** Takes an open proposal for approval (one approver wins); the caller runs it, then `settleProposal`. */
export async function claimProposal(c: Central, id: number, approver: string): Promise<Proposal> {
  const p = await getProposal(c, id);
  open(p, approver, true);
  const n = await c.db.execute(`UPDATE proposals SET status = 'running', decided_by = $2 WHERE id = $1 AND status = 'proposed' AND expires_at > $3`, [id, approver, c.now()]);
  if (n === 0) throw new CentralError('proposal_decided', `proposal #${id} was decided meanwhile`, 409, { id });
  return p;
}

/** Records how an approved proposal ran (its result, secrets left out, or its error), journaled. */
export async function settleProposal(c: Central, p: Proposal, approver: string, reason: string, outcome: { result: unknown } | { error: string }): Promise<void> {
  await c.db.transaction(async (tx) => {
    const at = c.now();
    const ok = 'result' in outcome;
    // Decided: the row keeps the arguments as the journal does (a winner's ID number and address stay in the payment's own record only).
    await tx.execute(`UPDATE proposals SET status = $2, decided_at = $3, decision_reason = $4, result = $5, error = $6, args = $7 WHERE id = $1`, [
      p.id,
      ok ? 'approved' : 'failed',
      at,
      reason,
      ok ? JSON.stringify(outcome.result ?? null) : null,
      ok ? null : outcome.error,
      JSON.stringify(redact(p.args)),
    ]);
    await journalAtCentral(c, tx, at, approver, ok ? 'proposal.approve' : 'proposal.fail', {
      proposal: p.id,
      op: p.op,
      args: redact(p.args),
      proposer: p.proposer,
      proposer_reason: p.reason,
      reason,
      ...(ok ? {} : { error: outcome.error }),
    });
  });
}

export async function rejectProposal(c: Central, id: number, decider: string, reason: string): Promise<Proposal> {
  const p = await getProposal(c, id);
  open(p, decider, false);
  return c.db.transaction(async (tx) => {
    const at = c.now();
    const n = await tx.execute(`UPDATE proposals SET status = 'rejected', decided_by = $2, decided_at = $3, decision_reason = $4, args = $5 WHERE id = $1 AND status = 'proposed'`, [
      id,
      decider,
      at,
      reason,
      JSON.stringify(redact(p.args)),
    ]);
    if (n === 0) throw new CentralError('proposal_decided', `proposal #${id} was decided meanwhile`, 409, { id });
    await journalAtCentral(c, tx, at, decider, 'proposal.reject', { proposal: id, op: p.op, args: redact(p.args), proposer: p.proposer, proposer_reason: p.reason, reason });
    return { ...p, status: 'rejected' as const, decided_by: decider, decided_at: at, decision_reason: reason };
  });
}

/** Whether a publication of `dir` was ever proposed (any outcome): publishing's progress is told for such a folder only. */
export async function publicationProposed(c: Central, dir: string): Promise<boolean> {
  const rows = await c.db.query(`SELECT 1 FROM proposals WHERE op = 'publish' AND args->>'dir' = $1 LIMIT 1`, [dir]);
  return rows.length > 0;
}
