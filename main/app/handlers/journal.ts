/**
 * The journal screen: pages of entries, newest first, by type; and the chain check. Browsing shows
 * payloads with amounts, so it needs 'outbox.view' (the outbox carries the same events); verifying
 * shows no amount and is open to every operator.
 */
import type { Database } from 'better-sqlite3';
import type { JournalRow } from '../../../db/queries/journal.js';
import { requirePermission } from '../../services/auth/roles.js';
import { verifyJournal } from '../../services/journal/verify.js';
import type { JournalEntryView, JournalPageView } from '../../api/methods/journal.js';
import type { Handlers } from '../handler.js';
import { requireSession } from '../require-session.js';

export const DEFAULT_PAGE = 50;

type PageRow = Pick<JournalRow, 'seq' | 'at' | 'type' | 'operator' | 'payload' | 'hash'>;

/** A page of journal rows, newest first, before `beforeSeq`, optionally of one type; with the filter's total and the types present. */
export function journalPage(db: Database, options: { beforeSeq?: number; limit?: number; type?: string }): JournalPageView {
  const limit = options.limit ?? DEFAULT_PAGE;
  const before = options.beforeSeq ?? Number.MAX_SAFE_INTEGER;
  const type = options.type ?? null;
  const rows = db
    .prepare<{ before: number; type: string | null; limit: number }, PageRow>(
      `SELECT seq, at, type, operator, payload, hash FROM journal
        WHERE seq < @before AND (@type IS NULL OR type = @type) ORDER BY seq DESC LIMIT @limit`,
    )
    .all({ before, type, limit: limit + 1 });
  const total = (db.prepare<{ type: string | null }, { n: number }>('SELECT count(*) AS n FROM journal WHERE @type IS NULL OR type = @type').get({ type }) as { n: number }).n;
  const types = db.prepare<[], { type: string }>('SELECT DISTINCT type FROM journal ORDER BY type').all().map((r) => r.type);
  const page = rows.slice(0, limit);
  const entries: JournalEntryView[] = page.map((r) => {
    let payload: unknown;
    try {
      payload = JSON.parse(r.payload);
    } catch {
      payload = { unreadable: r.payload };
    }
    return { seq: r.seq, at: r.at, type: r.type, operator: r.operator, payload, hash: r.hash };
  });
  const last = page[page.length - 1];
  return { entries, total, types, next_before: rows.length > limit && last ? last.seq : null };
}

export const journalHandlers: Handlers = {
  'journal.list': (ctx, { before_seq, limit, type }) => {
    requirePermission(requireSession(ctx), 'outbox.view');
    return journalPage(ctx.terminal.db, {
      ...(before_seq === undefined ? {} : { beforeSeq: before_seq }),
      ...(limit === undefined ? {} : { limit }),
      ...(type === undefined ? {} : { type }),
    });
  },
  'journal.verify': (ctx) => {
    requireSession(ctx);
    const r = verifyJournal(ctx.terminal);
    return { ok: r.ok, entries: r.entries, last_hash: r.last_hash, first_break: r.first_break ?? null, invariants: r.invariants.map((b) => ({ ...b })), checked_at: ctx.terminal.now() };
  },
};
