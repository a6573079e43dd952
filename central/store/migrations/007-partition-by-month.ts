/** Version 7: journals and events partitioned by month, each month hash-partitioned by terminal. */
import type { CentralMigration } from './migration.js';
import { MONTH_HASH_PARTITIONS } from './partitioning.js';

export const journalsPartitionedByMonth: CentralMigration = {
  version: 7,
  name: 'journals and events partitioned by month, each month hash-partitioned by terminal',
  statements: partitionByMonth(),
};

function partitionByMonth(): string[] {
  const out: string[] = [
    // Creates one month of a table (range [month, month + 1)), hash-partitioned by terminal; false when it
    // exists. Used here and by the store, which creates the coming months ahead (store/partitions.ts).
    `CREATE FUNCTION guichet_month_partition(parent text, month date, hashes integer) RETURNS boolean LANGUAGE plpgsql AS $fn$
     DECLARE
       part text := parent || '_m' || to_char(month, 'YYYYMM');
       r integer;
     BEGIN
       IF to_regclass(part) IS NOT NULL THEN RETURN false; END IF;
       EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L) PARTITION BY HASH (terminal_id)',
                      part, parent, to_char(month, 'YYYY-MM-DD'), to_char(month + interval '1 month', 'YYYY-MM-DD'));
       FOR r IN 0 .. hashes - 1 LOOP
         EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES WITH (MODULUS %s, REMAINDER %s)', part || '_h' || lpad(r::text, 2, '0'), part, hashes, r);
       END LOOP;
       RETURN true;
     END $fn$`,
  ];
  const tables: { name: string; columns: string; key: string; month: string }[] = [
    {
      name: 'journal_entries',
      columns: `terminal_id text NOT NULL, seq bigint NOT NULL, at text COLLATE "C" NOT NULL, type text NOT NULL, operator text, payload jsonb NOT NULL,
         prev_hash text NOT NULL, hash text NOT NULL, signature text NOT NULL, received_at text NOT NULL`,
      key: 'terminal_id, seq, at',
      month: 'at',
    },
    {
      name: 'outbox_events',
      columns: `terminal_id text NOT NULL, event_key text NOT NULL, type text NOT NULL, journal_seq bigint NOT NULL, payload jsonb NOT NULL,
         created_at text COLLATE "C" NOT NULL, received_at text NOT NULL`,
      key: 'terminal_id, event_key, created_at',
      month: 'created_at',
    },
  ];
  for (const t of tables) {
    out.push(`ALTER TABLE ${t.name} RENAME TO ${t.name}_v2`, `ALTER INDEX ${t.name}_pkey RENAME TO ${t.name}_v2_pkey`);
    out.push(`CREATE TABLE ${t.name} (${t.columns}, PRIMARY KEY (${t.key})) PARTITION BY RANGE (${t.month})`);
    // Rows whose month has no partition (a terminal clock years off) land here rather than being refused.
    out.push(`CREATE TABLE ${t.name}_default PARTITION OF ${t.name} DEFAULT`);
    // The months of the rows already held, and this month and the next.
    out.push(`SELECT guichet_month_partition('${t.name}', m, ${MONTH_HASH_PARTITIONS}) FROM (
                SELECT DISTINCT (substr(${t.month}, 1, 7) || '-01')::date AS m FROM ${t.name}_v2 WHERE ${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])'
                UNION SELECT date_trunc('month', now())::date UNION SELECT (date_trunc('month', now()) + interval '1 month')::date) AS months`);
    out.push(`INSERT INTO ${t.name} SELECT * FROM ${t.name}_v2`, `DROP TABLE ${t.name}_v2`);
  }
  return out;
}
