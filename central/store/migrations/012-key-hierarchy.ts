/**
 * Version 12: the lottery's key hierarchy (issue #20). Each lottery key has its role: the offline `root`,
 * the `emission` keys that sign outcome files, central's `online` key that signs enrolment answers and the
 * feed; a certified key keeps the root's certificate, a revoked one the root's revocation (both as sent to
 * terminals). A key of a store made before this version has no role and is trusted for nothing.
 * Enrolment binds its answer to the one-time code: the code's MAC key (derived from it), and the answer
 * given, kept so that a retry with the same key gets it again.
 */
import type { CentralMigration } from './migration.js';

export const keyHierarchy: CentralMigration = {
  version: 12,
  name: 'key hierarchy: lottery key roles, certificates, revocations; enrolment bound to its code',
  statements: [
    `ALTER TABLE lottery_keys ADD COLUMN role text CHECK (role IN ('root', 'online', 'emission'))`,
    `ALTER TABLE lottery_keys ADD COLUMN certificate jsonb`,
    `ALTER TABLE lottery_keys ADD COLUMN revocation jsonb`,
    `CREATE UNIQUE INDEX lottery_keys_one_root ON lottery_keys (role) WHERE role = 'root'`,
    `ALTER TABLE terminals ADD COLUMN enrol_mac_key text`,
    `ALTER TABLE terminals ADD COLUMN enrol_nonce text`,
    `ALTER TABLE terminals ADD COLUMN enrol_answer jsonb`,
  ],
};
