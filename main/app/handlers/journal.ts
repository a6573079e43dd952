/** The journal screen: pages of entries (service: main/services/journal/page.ts) and the chain check, open to every operator. */
import { journalPage } from '../../services/journal/page.js';
import { verifyJournal } from '../../services/journal/verify.js';
import type { Handlers } from '../handler.js';
import { requireSession } from '../require-session.js';

export const journalHandlers: Handlers = {
  'journal.list': (ctx, { before_seq, limit, type }) =>
    journalPage(ctx.terminal, requireSession(ctx), {
      ...(before_seq === undefined ? {} : { beforeSeq: before_seq }),
      ...(limit === undefined ? {} : { limit }),
      ...(type === undefined ? {} : { type }),
    }),
  'journal.verify': (ctx) => {
    requireSession(ctx);
    const r = verifyJournal(ctx.terminal);
    return { ok: r.ok, entries: r.entries, last_hash: r.last_hash, first_break: r.first_break ?? null, invariants: r.invariants.map((b) => ({ ...b })), checked_at: ctx.terminal.now() };
  },
};
