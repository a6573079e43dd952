/** What the journal says of the self-check kiosk: checks by verdict, and the wrong-code alerts. */
import type { Database } from 'better-sqlite3';

export interface SelfCheckCounts {
  /** `selfcheck.checked` entries by verdict kind (since `since`, when given). */
  readonly by_verdict: Readonly<Record<string, number>>;
  /** `selfcheck.wrong-codes` alerts. */
  readonly alerts: number;
  /** UTC ISO time of the last alert, if any. */
  readonly last_alert_at: string | null;
}

export function selfCheckCounts(db: Database, since = ''): SelfCheckCounts {
  const rows = db
    .prepare<[string], { verdict: string | null; n: number }>(
      "SELECT json_extract(payload, '$.verdict') AS verdict, count(*) AS n FROM journal WHERE type = 'selfcheck.checked' AND at >= ? GROUP BY verdict ORDER BY verdict",
    )
    .all(since);
  const by_verdict: Record<string, number> = {};
  for (const r of rows) by_verdict[r.verdict ?? 'unknown'] = r.n;
  const alert = db
    .prepare<[string], { n: number; last: string | null }>("SELECT count(*) AS n, max(at) AS last FROM journal WHERE type = 'selfcheck.wrong-codes' AND at >= ?")
    .get(since) as { n: number; last: string | null };
  return { by_verdict, alerts: alert.n, last_alert_at: alert.last };
}
