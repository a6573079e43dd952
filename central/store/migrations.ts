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

const GENESIS = `'${'0'.repeat(64)}'`;

export const CENTRAL_MIGRATIONS: readonly CentralMigration[] = [
  {
    version: 1,
    name: 'terminals, journals, events, feed',
    statements: [
      `CREATE TABLE terminals (
         terminal_id      text PRIMARY KEY,
         retailer         text NOT NULL,
         status           text NOT NULL CHECK (status IN ('pending', 'active', 'disabled')),
         status_reason    text,
         public_key       text,
         key_fingerprint  text,
         enrol_code_hash  text,
         enrol_expires_at text,
         enrolled_at      text,
         created_at       text NOT NULL,
         last_contact_at  text,
         last_seq         bigint NOT NULL DEFAULT 0,
         last_hash        text NOT NULL DEFAULT ${GENESIS}
       )`,
      `CREATE TABLE journal_entries (
         terminal_id  text NOT NULL,
         seq          bigint NOT NULL,
         at           text NOT NULL,
         type         text NOT NULL,
         operator     text,
         payload      jsonb NOT NULL,
         prev_hash    text NOT NULL,
         hash         text NOT NULL,
         signature    text NOT NULL,
         received_at  text NOT NULL,
         PRIMARY KEY (terminal_id, seq)
       )`,
      `CREATE TABLE outbox_events (
         terminal_id  text NOT NULL,
         event_key    text NOT NULL,
         type         text NOT NULL,
         journal_seq  bigint NOT NULL,
         payload      jsonb NOT NULL,
         created_at   text NOT NULL,
         received_at  text NOT NULL,
         PRIMARY KEY (terminal_id, event_key)
       )`,
      `CREATE INDEX outbox_events_type ON outbox_events (terminal_id, type)`,
      `CREATE TABLE integrity_alerts (
         terminal_id  text NOT NULL,
         alert_id     bigint GENERATED ALWAYS AS IDENTITY,
         at           text NOT NULL,
         reason       text NOT NULL,
         at_seq       bigint NOT NULL,
         held_hash    text,
         offered_hash text,
         detail       text NOT NULL,
         PRIMARY KEY (terminal_id, alert_id)
       )`,
      `CREATE TABLE refused_pushes (
         terminal_id  text NOT NULL,
         refusal_id   bigint GENERATED ALWAYS AS IDENTITY,
         at           text NOT NULL,
         reason       text NOT NULL,
         at_seq       bigint,
         entries      integer NOT NULL,
         detail       text NOT NULL,
         PRIMARY KEY (terminal_id, refusal_id)
       )`,
      `CREATE TABLE nonces (
         terminal_id  text NOT NULL,
         nonce        text NOT NULL,
         expires_at   text NOT NULL,
         PRIMARY KEY (terminal_id, nonce)
       )`,
      `CREATE INDEX nonces_expiry ON nonces (expires_at)`,
      // Reference data (small; replicated to every node of a distributed cluster).
      `CREATE TABLE lottery_keys (
         fingerprint    text PRIMARY KEY,
         public_key     text NOT NULL,
         added_at       text NOT NULL,
         revoked_at     text,
         revoked_reason text
       )`,
      `CREATE TABLE games (
         game       text PRIMARY KEY,
         enabled    boolean NOT NULL,
         reason     text NOT NULL,
         updated_at text NOT NULL
       )`,
      `CREATE TABLE config (
         key        text PRIMARY KEY,
         value      jsonb NOT NULL,
         updated_at text NOT NULL
       )`,
      `CREATE TABLE publications (
         name         text PRIMARY KEY,
         game         text NOT NULL,
         emission     integer NOT NULL,
         block        integer NOT NULL,
         size         bigint NOT NULL,
         sha256       text NOT NULL,
         manifest     jsonb NOT NULL,
         print_name   text,
         published_at text NOT NULL,
         UNIQUE (game, emission, block)
       )`,
      `CREATE TABLE stop_list (
         pack       text PRIMARY KEY,
         reason     text NOT NULL,
         added_at   text NOT NULL,
         removed_at text
       )`,
      `CREATE TABLE central_journal (
         entry_id  bigint PRIMARY KEY,
         at        text NOT NULL,
         actor     text NOT NULL,
         type      text NOT NULL,
         payload   jsonb NOT NULL
       )`,
      // The feed: signed items in cursor order; terminal_id NULL = for every terminal.
      `CREATE TABLE feed (
         cursor      bigint PRIMARY KEY,
         at          text NOT NULL,
         terminal_id text,
         kind        text NOT NULL,
         body        jsonb NOT NULL,
         signer      text NOT NULL,
         signature   text NOT NULL
       )`,
    ],
  },
  {
    version: 2,
    name: 'journals and events hash-partitioned by terminal; only the indexes the queries use',
    statements: partitionByTerminal(),
  },
  {
    version: 3,
    name: 'one ticket, one payment: claims and payout exceptions',
    statements: [
      // Lottery-wide, keyed by the ticket (game/emission/block/unit): one row per ticket ever claimed or paid.
      `CREATE TABLE ticket_claims (
         ticket       text PRIMARY KEY,
         state        text NOT NULL CHECK (state IN ('held', 'paid')),
         terminal_id  text NOT NULL,
         claim_key    text,
         prize_cents  bigint,
         claimed_at   text NOT NULL,
         held_until   text,
         paid_at      text,
         paid_seq     bigint,
         amount_cents bigint,
         offline      boolean NOT NULL DEFAULT false
       )`,
      `CREATE INDEX ticket_claims_held ON ticket_claims (terminal_id, state)`,
      `CREATE TABLE payout_exceptions (
         ticket           text NOT NULL,
         exception_id     bigint GENERATED ALWAYS AS IDENTITY,
         at               text NOT NULL,
         first_terminal   text NOT NULL,
         first_at         text NOT NULL,
         first_amount     bigint NOT NULL,
         second_terminal  text NOT NULL,
         second_seq       bigint NOT NULL,
         second_at        text NOT NULL,
         second_amount    bigint NOT NULL,
         second_offline   boolean NOT NULL,
         PRIMARY KEY (ticket, exception_id),
         UNIQUE (second_terminal, second_seq)
       )`,
    ],
  },
  {
    version: 4,
    name: 'digital units allocation',
    statements: [
      // One row per published digital block with print data: the next unit to hand out. Reference
      // data (small); the row is the allocation lock.
      `CREATE TABLE digital_blocks (
         game           text NOT NULL,
         emission       integer NOT NULL,
         block          integer NOT NULL,
         first_unit     bigint NOT NULL,
         end_unit       bigint NOT NULL,
         next_unit      bigint NOT NULL,
         print_name     text NOT NULL,
         claim_deadline text NOT NULL,
         PRIMARY KEY (game, emission, block),
         CHECK (first_unit <= next_unit AND next_unit <= end_unit)
       )`,
      `INSERT INTO digital_blocks (game, emission, block, first_unit, end_unit, next_unit, print_name, claim_deadline)
         SELECT game, emission, block, (manifest->>'first_unit')::bigint,
                (manifest->>'first_unit')::bigint + (manifest->>'unit_count')::bigint,
                (manifest->>'first_unit')::bigint, print_name, manifest->>'claim_deadline'
           FROM publications WHERE print_name IS NOT NULL AND game IN ('happy-2014', 'millionnaire')`,
      // Each unit handed out, once: (game, emission, block, unit) unique across the network.
      `CREATE TABLE digital_sales (
         terminal_id  text NOT NULL,
         sale_key     text NOT NULL,
         game         text NOT NULL,
         emission     integer NOT NULL,
         block        integer NOT NULL,
         unit         bigint NOT NULL,
         status       text NOT NULL CHECK (status IN ('sold', 'voided')),
         sold_at      text NOT NULL,
         voided_at    text,
         void_reason  text,
         PRIMARY KEY (terminal_id, sale_key),
         UNIQUE (game, emission, block, unit)
       )`,
    ],
  },
  {
    version: 5,
    name: 'packs across the network: pack states and operations, keyed by pack identity',
    statements: [
      // One row per pack any terminal received: keyed by the ticket identity's pack (game, emission,
      // block, pack), the distribution column set a distributed PostgreSQL shards on with ticket_claims.
      `CREATE TABLE pack_states (
         game               text NOT NULL,
         emission           integer NOT NULL,
         block              integer NOT NULL,
         pack               integer NOT NULL,
         state              text NOT NULL CHECK (state IN ('received', 'active', 'settled', 'returned')),
         terminal_id        text NOT NULL,
         received_at        text NOT NULL,
         activated_at       text,
         returned_at        text,
         settled_at         text,
         settle_reason      text CHECK (settle_reason IN ('share', 'days', 'returned')),
         low_tier_winners   integer NOT NULL DEFAULT 0,
         low_tier_validated integer NOT NULL DEFAULT 0,
         updated_at         text NOT NULL,
         PRIMARY KEY (game, emission, block, pack)
       )`,
      `CREATE INDEX pack_states_active ON pack_states (state, activated_at)`,
      // Every operation a terminal sent (online or queued), once: applied or refused, and why.
      `CREATE TABLE pack_operations (
         game         text NOT NULL,
         emission     integer NOT NULL,
         block        integer NOT NULL,
         pack         integer NOT NULL,
         op_key       text NOT NULL,
         terminal_id  text NOT NULL,
         action       text NOT NULL CHECK (action IN ('receive', 'activate', 'return')),
         at           text NOT NULL,
         received_at  text NOT NULL,
         outcome      text NOT NULL CHECK (outcome IN ('applied', 'refused')),
         reason       text,
         message      text NOT NULL,
         PRIMARY KEY (game, emission, block, pack, op_key)
       )`,
      ],
    },
    {
    version: 6,
    name: 'prize claims: claim forms and claim receipts filed at terminals',
    statements: [
      // One row per claim a terminal filed (its journal entry): a prize above the payout limit (claim form)
      // or a winner refused while central was unreachable (claim receipt). Keyed by the journal entry.
      `CREATE TABLE prize_claims (
         terminal_id  text NOT NULL,
         seq          bigint NOT NULL,
         kind         text NOT NULL CHECK (kind IN ('over-limit', 'central-unreachable')),
         ticket       text NOT NULL,
         amount_cents bigint NOT NULL,
         receipt_no   bigint,
         reason       text,
         filed_at     text NOT NULL,
         received_at  text NOT NULL,
         PRIMARY KEY (terminal_id, seq)
       )`,
      `CREATE INDEX prize_claims_ticket ON prize_claims (ticket)`,
    ],
  },
  {
    version: 7,
    name: 'journals and events partitioned by month, each month hash-partitioned by terminal',
    statements: partitionByMonth(),
  },
  {
    version: 8,
    name: 'ticket claims hash-partitioned by ticket; the held-claims index only holds held claims',
    statements: partitionClaimsByTicket(),
  },
];

/**
 * One ticket's claim is found by its identity (`ticket`), the hash partition key: a claim or a payout
 * touches one partition. The hold release of a push (its terminal's held claims, older than a minute)
 * probes every partition's `ticket_claims_held`, which is partial: it holds only the claims being held
 * right now (minutes' worth), never the year of paid ones, so the probes stay as cheap as the table grows.
 */
function partitionClaimsByTicket(): string[] {
  const out = [
    `ALTER TABLE ticket_claims RENAME TO ticket_claims_v3`,
    `ALTER INDEX ticket_claims_pkey RENAME TO ticket_claims_v3_pkey`,
    `DROP INDEX ticket_claims_held`,
    `CREATE TABLE ticket_claims (
       ticket       text PRIMARY KEY,
       state        text NOT NULL CHECK (state IN ('held', 'paid')),
       terminal_id  text NOT NULL,
       claim_key    text,
       prize_cents  bigint,
       claimed_at   text NOT NULL,
       held_until   text,
       paid_at      text,
       paid_seq     bigint,
       amount_cents bigint,
       offline      boolean NOT NULL DEFAULT false
     ) PARTITION BY HASH (ticket)`,
  ];
  for (let r = 0; r < TICKET_PARTITIONS; r++) {
    out.push(`CREATE TABLE ticket_claims_h${String(r).padStart(2, '0')} PARTITION OF ticket_claims FOR VALUES WITH (MODULUS ${TICKET_PARTITIONS}, REMAINDER ${r})`);
  }
  out.push(
    `CREATE INDEX ticket_claims_held ON ticket_claims (terminal_id, claimed_at) WHERE state = 'held'`,
    `INSERT INTO ticket_claims SELECT ticket, state, terminal_id, claim_key, prize_cents, claimed_at, held_until, paid_at, paid_seq, amount_cents, offline FROM ticket_claims_v3`,
    `DROP TABLE ticket_claims_v3`,
  );
  return out;
}

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
