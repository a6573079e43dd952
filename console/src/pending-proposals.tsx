/**
 * The proposals of some acts waiting for a second operator, on the page of those acts (issue 41 #16: a
 * stop-list removal on the stop list, a claim's payment on the claims): each in words, who proposed it,
 * when and why; approve or reject it with a reason; the notice then says what was done.
 */
import { useState } from 'react';
import { runOp } from './api.js';
import { useMay } from './may.js';
import { dateTime } from './format.js';
import { useI18n } from './i18n.js';
import { errorText, Notice, ReasonForm } from './parts.js';
import { approvalWords, proposalWords } from './proposal-words.js';
import { useOp } from './use-op.js';
import { ProposalsView } from '../../common/console/proposals.js';

type Proposal = ProposalsView[number];

/** What deciding does: answers the notice to show (what was done), or throws the refusal. */
export interface Decide {
  approve(p: Proposal, reason: string): Promise<string>;
  reject(p: Proposal, reason: string): Promise<string>;
}

/** The list itself (drawn from what it is given: the page reads it). */
export function ProposalList({ proposals, decide }: { proposals: readonly Proposal[]; decide: Decide }) {
  const { t, lang } = useI18n();
  const may = useMay();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const act = async (run: () => Promise<string>): Promise<void> => {
    try {
      setNotice({ ok: true, text: await run() });
    } catch (e) {
      setNotice({ ok: false, text: t('common.error', { error: errorText(e, { t, lang }) }) });
    }
  };
  return (
    <section data-testid="pending-proposals">
      {proposals.length > 0 ? <h2>{t('prop.pending')}</h2> : null}
      <ul className="plain">
        {proposals.map((p) => (
          <li key={p.id} data-testid="pending-proposal">
            <div>
              <strong data-testid="proposal-words">{proposalWords(p, { t, lang })}</strong>
            </div>
            <div className="muted">{t('prop.by', { id: p.id, who: p.proposer, at: dateTime(p.proposed_at, lang), reason: p.reason })}</div>
            {/* Decided only by an operator who may run the act itself (central checks it too). */}
            {may('proposal.approve') && may(p.op) ? (
              <div>
                <ReasonForm label={t('cfg.approve')} testId={`approve-${p.id}`} onSubmit={(reason) => act(() => decide.approve(p, reason))} />
                <ReasonForm label={t('cfg.reject')} testId={`reject-${p.id}`} onSubmit={(reason) => act(() => decide.reject(p, reason))} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <Notice notice={notice} />
    </section>
  );
}

/** The proposals of `ops` still waiting, read from central; `onDecided` after an approval or a rejection. */
export function PendingProposals({ ops, onDecided }: { ops: readonly string[]; onDecided: () => void }) {
  const { t, lang } = useI18n();
  const { data, reload } = useOp('proposal.list', { status: 'proposed' }, ProposalsView);
  const decide: Decide = {
    async approve(p, reason) {
      try {
        const a = await runOp<{ result?: unknown }>('proposal.approve', { id: p.id, reason });
        return approvalWords(p, a.status === 'done' ? a.result.result : undefined, { t, lang });
      } finally {
        reload();
        onDecided();
      }
    },
    async reject(p, reason) {
      try {
        await runOp('proposal.reject', { id: p.id, reason });
        return t('prop.rejected', { id: p.id });
      } finally {
        reload();
        onDecided();
      }
    },
  };
  return <ProposalList proposals={(data ?? []).filter((p) => ops.includes(p.op))} decide={decide} />;
}
