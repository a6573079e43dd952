/**
 * Central's schema, by version. Written for a distributed PostgreSQL later (Citus, YugabyteDB): every
 * table of terminal data carries `terminal_id` first in its primary key (the distribution column);
 * lottery-wide reference data (keys, games, configuration, publications, stop list, the feed) stay
 * in small tables that such a system copies to every node.
 */
export interface CentralMigration {
  readonly version: number;
  readonly name: string;
  /** Statements run in order, in one transaction with the version's record. */
  readonly statements: readonly string[];
}
