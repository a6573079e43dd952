/**
 * Version 19 (#21): idempotency of the admin acts. `admin_requests` keeps, for each client-generated
 * key, who sent it, the operation, the SHA-256 of its canonical body and the answer, written in the
 * act's own transaction: a request retried after an unanswered COMMIT (a failover) gets the stored
 * answer instead of running twice; the same key with another body is refused.
 */
import type { CentralMigration } from './migration.js';

export const adminRequests: CentralMigration = {
  version: 19,
  name: 'idempotency keys of the admin acts',
  statements: [
    `CREATE TABLE admin_requests (
         key        text PRIMARY KEY,
         actor      text NOT NULL,
         op         text NOT NULL,
         body_hash  text NOT NULL,
         status     integer NOT NULL,
         result     jsonb,
         at         text NOT NULL
     )`,
  ],
};
