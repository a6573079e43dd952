/**
 * Version 17: the back office (#22). `operators`: named accounts with roles, an argon2id password hash,
 * a TOTP secret (and the last time step used, so a code is good once), a disabled flag and a growing
 * lockout. `operator_sessions`: a session's token is stored as its SHA-256 only, with an absolute
 * expiry and an idle timeout. `login_failures`: the lockout per address. `proposals`: acts under dual
 * control, proposed by one operator and approved (or rejected) by another. `central_journal` becomes a
 * hash chain signed by central's online key (store/journal-chain.ts): rows written before this version
 * are sealed when central next opens. `retailers`: records with an id, a name (looked up without
 * regard to case) and an address; terminals and pack shipments refer to them by id (the free-text
 * names become records, one per name as written).
 */
import type { CentralMigration } from './migration.js';

export const operatorsAudit: CentralMigration = {
  version: 17,
  name: 'operators, sessions, dual control, a signed central journal, retailer records',
  statements: [
    `CREATE TABLE operators (
         name            text PRIMARY KEY,
         name_key        text NOT NULL UNIQUE,
         roles           jsonb NOT NULL,
         password_hash   text NOT NULL,
         totp_secret     text NOT NULL,
         totp_last_step  bigint NOT NULL DEFAULT 0,
         disabled        boolean NOT NULL DEFAULT false,
         failed_attempts integer NOT NULL DEFAULT 0,
         locked_until    text,
         created_at      text NOT NULL,
         created_by      text NOT NULL,
         updated_at      text NOT NULL
       )`,
    `CREATE TABLE operator_sessions (
         token_hash   text PRIMARY KEY,
         operator     text NOT NULL REFERENCES operators (name),
         address      text NOT NULL,
         created_at   text NOT NULL,
         expires_at   text NOT NULL,
         last_seen_at text NOT NULL,
         ended_at     text
       )`,
    `CREATE INDEX operator_sessions_by_operator ON operator_sessions (operator)`,
    `CREATE TABLE login_failures (
         address      text PRIMARY KEY,
         failures     integer NOT NULL,
         locked_until text,
         last_at      text NOT NULL
       )`,
    `CREATE SEQUENCE proposal_ids`,
    `CREATE TABLE proposals (
         id              bigint PRIMARY KEY,
         op              text NOT NULL,
         args            jsonb NOT NULL,
         proposer        text NOT NULL,
         reason          text NOT NULL,
         proposed_at     text NOT NULL,
         expires_at      text NOT NULL,
         status          text NOT NULL CHECK (status IN ('proposed', 'running', 'approved', 'rejected', 'failed')),
         decided_by      text,
         decided_at      text,
         decision_reason text,
         result          jsonb,
         error           text
       )`,
    `ALTER TABLE central_journal ADD COLUMN prev_hash text`,
    `ALTER TABLE central_journal ADD COLUMN hash text`,
    `ALTER TABLE central_journal ADD COLUMN signer text`,
    `ALTER TABLE central_journal ADD COLUMN signature text`,
    `CREATE SEQUENCE retailer_ids`,
    `CREATE TABLE retailers (
         id         text PRIMARY KEY,
         name       text NOT NULL,
         name_key   text NOT NULL UNIQUE,
         address    text NOT NULL DEFAULT '',
         created_at text NOT NULL
       )`,
    // One record per retailer name as terminals and shipments wrote it, oldest first.
    `INSERT INTO retailers (id, name, name_key, address, created_at)
       SELECT 'R' || lpad(nextval('retailer_ids')::text, 6, '0'), name, name_key, '', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
         FROM (SELECT DISTINCT ON (lower(name)) name, lower(name) AS name_key
                 FROM (SELECT retailer AS name, 0 AS o FROM terminals UNION ALL SELECT retailer, 1 FROM pack_shipments) n
                ORDER BY lower(name), o, name) d
        ORDER BY name_key`,
    `ALTER TABLE terminals ADD COLUMN retailer_id text REFERENCES retailers (id)`,
    `UPDATE terminals t SET retailer_id = r.id FROM retailers r WHERE r.name_key = lower(t.retailer)`,
    `ALTER TABLE pack_shipments ADD COLUMN retailer_id text REFERENCES retailers (id)`,
    `UPDATE pack_shipments s SET retailer_id = r.id FROM retailers r WHERE r.name_key = lower(s.retailer)`,
  ],
};
