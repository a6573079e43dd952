/** Proposals under dual control (`proposal.list`, #22), as the console's configuration page lists them. */
import { z } from 'zod';

export const PROPOSAL_STATUSES = ['proposed', 'running', 'approved', 'rejected', 'failed', 'expired'] as const;

export const ProposalsView = z.array(
  z.object({
    id: z.number().int().positive(),
    op: z.string(),
    args: z.record(z.string(), z.unknown()),
    proposer: z.string(),
    reason: z.string(),
    proposed_at: z.string(),
    expires_at: z.string(),
    status: z.enum(PROPOSAL_STATUSES),
    decided_by: z.string().nullable(),
    decided_at: z.string().nullable(),
    decision_reason: z.string().nullable(),
    result: z.unknown(),
    error: z.string().nullable(),
  }),
);
export type ProposalsView = z.infer<typeof ProposalsView>;
