/** Version 2: journals and events hash-partitioned by terminal; the unused events index dropped. */
import type { CentralMigration } from './migration.js';
import { TERMINAL_PARTITIONS } from './partitioning.js';

export const journalsPartitionedByTerminal: CentralMigration = {
  version: 2,
  name: 'journals and events hash-partitioned by terminal; only the indexes the queries use',
  statements: partitionByTerminal(),
};

function partitionByTerminal(): string[] {
  const out: string[] = [];
  const tables: { name: string; columns: string; key: string }[] = [
    {
      name: 'journal_entries',
      columns: `terminal_id text NOT NULL, seq bigint NOT NULL, at text NOT NULL, type text NOT NULL, operator text, payload jsonb NOT NULL,
         prev_hash text NOT NULL, hash text NOT NULL, signature text NOT NULL, received_at text NOT NULL`,
      key: 'terminal_id, seq',
    },
    {
      // outbox_events_type (terminal_id, type) went: no query uses it (the report scans, the listing uses the key).
      name: 'outbox_events',
      columns: `terminal_id text NOT NULL, event_key text NOT NULL, type text NOT NULL, journal_seq bigint NOT NULL, payload jsonb NOT NULL,
         created_at text NOT NULL, received_at text NOT NULL`,
      key: 'terminal_id, event_key',
    },
  ];
  for (const t of tables) {
    out.push(`ALTER TABLE ${t.name} RENAME TO ${t.name}_v1`, `ALTER INDEX ${t.name}_pkey RENAME TO ${t.name}_v1_pkey`);
    out.push(`CREATE TABLE ${t.name} (${t.columns}, PRIMARY KEY (${t.key})) PARTITION BY HASH (terminal_id)`);
    for (let r = 0; r < TERMINAL_PARTITIONS; r++) {
      out.push(`CREATE TABLE ${t.name}_h${String(r).padStart(2, '0')} PARTITION OF ${t.name} FOR VALUES WITH (MODULUS ${TERMINAL_PARTITIONS}, REMAINDER ${r})`);
    }
    out.push(`INSERT INTO ${t.name} SELECT * FROM ${t.name}_v1`, `DROP TABLE ${t.name}_v1`);
  }
  return out;
}
