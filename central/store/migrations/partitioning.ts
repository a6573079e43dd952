/** How central's partitioned tables are split: the migrations create them so, the store adds months (store/partitions.ts). */

/** Hash partitions of the terminal data tables (a distributed PostgreSQL shards on the same column). */
export const TERMINAL_PARTITIONS = 16;

/** Hash partitions of the ticket claims (by the ticket's identity, game/emission/block/unit). */
export const TICKET_PARTITIONS = 16;

/** Hash partitions of each month of journal entries and events (by terminal_id). */
export const MONTH_HASH_PARTITIONS = 8;

/**
 * The time-partitioned tables and their month column: the entry's own sealed time (`at`) and the
 * event's (`created_at`), which a retried push repeats exactly, so the primary key (which must hold the
 * partition column) still makes the very same entry or event impossible to store twice.
 */
export const MONTH_PARTITIONED: readonly { table: string; column: string }[] = [
  { table: 'journal_entries', column: 'at' },
  { table: 'outbox_events', column: 'created_at' },
];
