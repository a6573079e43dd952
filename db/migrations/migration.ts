import type { Database } from 'better-sqlite3';

/**
 * One step of the terminal's schema. Versions are 1, 2, 3 … with no gap; a migration never changes
 * once released (a later fix is a new migration). `up` runs inside the runner's transaction.
 */
export interface Migration {
  readonly version: number;
  /** Short kebab-case name, for logs and errors. */
  readonly name: string;
  up(db: Database): void;
}
