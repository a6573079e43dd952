/** SQL of `exception_cases`: who investigates a payout exception, and its closing (the rules: store/exception-cases.ts). */
import type { Queryable } from '../db.js';

/** Records an investigation of exception `id`: the latest one (who, when, its note) replaces the one before. */
export async function recordInvestigation(tx: Queryable, id: number, at: string, by: string, note: string): Promise<void> {
  await tx.execute(
    `INSERT INTO exception_cases (exception_id, investigating_at, investigating_by, note) VALUES ($1, $2, $3, $4)
     ON CONFLICT (exception_id) DO UPDATE SET investigating_at = $2, investigating_by = $3, note = $4`,
    [id, at, by, note],
  );
}

/** Closes exception `id` (once: the caller checked it was not closed, its row locked). */
export async function recordClosing(tx: Queryable, id: number, at: string, by: string, reason: string): Promise<void> {
  await tx.execute(
    `INSERT INTO exception_cases (exception_id, closed_at, closed_by, close_reason) VALUES ($1, $2, $3, $4)
     ON CONFLICT (exception_id) DO UPDATE SET closed_at = $2, closed_by = $3, close_reason = $4`,
    [id, at, by, reason],
  );
}
