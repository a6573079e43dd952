/**
 * The journal screen's pages: entries newest first, optionally of one type. They show payloads with
 * amounts, so browsing needs 'outbox.view' (the outbox carries the same events).
 */
import type { Database } from 'better-sqlite3';
import { journalCountOfType, journalPageRows, journalTypes } from '../../../db/queries/journal.js';
import type { JournalEntryView, JournalPageView } from '../../../common/api/methods/journal.js';
import { requirePermission } from '../auth/roles.js';
import type { OperatorSession } from '../auth/session.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

export const DEFAULT_PAGE = 50;

/** A page of journal rows, newest first, before `beforeSeq`, optionally of one type; with the filter's total and the types present. */
function pageOf(db: Database, options: { beforeSeq?: number; limit?: number; type?: string }): JournalPageView {
  const limit = options.limit ?? DEFAULT_PAGE;
  const before = options.beforeSeq ?? Number.MAX_SAFE_INTEGER;
  const type = options.type ?? null;
  const rows = journalPageRows(db, { before, type, limit: limit + 1 });
  const total = journalCountOfType(db, type);
  const types = journalTypes(db);
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

/** A page for an operator with 'outbox.view'. */
export function journalPage(t: LotteryTerminal, session: OperatorSession, options: { beforeSeq?: number; limit?: number; type?: string }): JournalPageView {
  requirePermission(session, 'outbox.view');
  return pageOf(t.db, options);
}
