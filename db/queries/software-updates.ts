/** The terminal's own record of its software updates (migration 014). */
import type { Database } from 'better-sqlite3';

export type UpdateStep = 'checked' | 'downloaded' | 'installed' | 'confirmed' | 'rolled-back' | 'refused';

export interface SoftwareUpdateRow {
  readonly id: number;
  readonly at: string;
  readonly step: UpdateStep;
  readonly version: string | null;
  readonly sha256: string | null;
  readonly reason: string | null;
  readonly detail_fr: string;
  readonly detail_en: string;
}

export function insertSoftwareUpdate(db: Database, row: Omit<SoftwareUpdateRow, 'id'>): number {
  return Number(
    db
      .prepare('INSERT INTO software_updates (at, step, version, sha256, reason, detail_fr, detail_en) VALUES (@at, @step, @version, @sha256, @reason, @detail_fr, @detail_en)')
      .run(row).lastInsertRowid,
  );
}

/** The newest steps first. */
export function softwareUpdateRows(db: Database, limit = 50): SoftwareUpdateRow[] {
  return db.prepare('SELECT * FROM software_updates ORDER BY id DESC LIMIT ?').all(limit) as SoftwareUpdateRow[];
}
