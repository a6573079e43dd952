/** The terminal's identity row and its settings (key → JSON value). */
import type { Database } from 'better-sqlite3';

export interface TerminalRow {
  readonly terminal_id: string;
  /** The terminal's own Ed25519 public key (PEM, SPKI); the private key is in `terminal.key`. */
  readonly public_key_pem: string;
  /** UTC ISO time of `guichet init`. */
  readonly created_at: string;
}

/** The terminal row, or undefined when the data folder was never initialised. */
export function terminalRow(db: Database): TerminalRow | undefined {
  return db.prepare<[], TerminalRow>('SELECT terminal_id, public_key_pem, created_at FROM terminal WHERE singleton = 1').get();
}

/** Writes the terminal row; throws when one already exists. */
export function insertTerminalRow(db: Database, row: TerminalRow): void {
  db.prepare('INSERT INTO terminal (singleton, terminal_id, public_key_pem, created_at) VALUES (1, @terminal_id, @public_key_pem, @created_at)').run(row);
}

/** Every stored setting, parsed. */
export function readSettings(db: Database): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of db.prepare<[], { key: string; value_json: string }>('SELECT key, value_json FROM settings').all()) {
    out[r.key] = JSON.parse(r.value_json) as unknown;
  }
  return out;
}

/** Inserts or replaces one setting. */
export function writeSetting(db: Database, key: string, valueJson: string, at: string): void {
  db.prepare(
    `INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at`,
  ).run(key, valueJson, at);
}

/** One stored setting, parsed; undefined when absent. */
export function readSetting(db: Database, key: string): unknown {
  const row = db.prepare<[string], { value_json: string }>('SELECT value_json FROM settings WHERE key = ?').get(key);
  return row ? (JSON.parse(row.value_json) as unknown) : undefined;
}

/** Removes one setting (absent is fine). */
export function deleteSetting(db: Database, key: string): void {
  db.prepare('DELETE FROM settings WHERE key = ?').run(key);
}
