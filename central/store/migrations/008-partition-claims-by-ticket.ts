/** Version 8: ticket claims hash-partitioned by ticket; the held-claims index holds only held claims. */
import type { CentralMigration } from './migration.js';
import { TICKET_PARTITIONS } from './partitioning.js';

export const claimsPartitionedByTicket: CentralMigration = {
  version: 8,
  name: 'ticket claims hash-partitioned by ticket; the held-claims index only holds held claims',
  statements: partitionClaimsByTicket(),
};

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
