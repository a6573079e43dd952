/**
 * Version 23 (issue 39, dual control two people must do): a new or reset operator's first secret is an
 * enrolment code it uses itself to set its password and receive its TOTP secret (`enrolment_hash`,
 * SHA-256 of the code, good until `enrolment_expires_at`); `issued_by` names (lower case) the operators
 * who proposed or approved its creation or a reset of its secrets: none of them may approve its acts,
 * nor it theirs. Operators made before keep their creator there.
 */
import type { CentralMigration } from './migration.js';

export const operatorEnrolment: CentralMigration = {
  version: 23,
  name: 'operator enrolment codes, and who issued an operator its secrets',
  statements: [
    `ALTER TABLE operators ADD COLUMN enrolment_hash text`,
    `ALTER TABLE operators ADD COLUMN enrolment_expires_at text`,
    `ALTER TABLE operators ADD COLUMN issued_by jsonb NOT NULL DEFAULT '[]'::jsonb`,
    `UPDATE operators SET issued_by = jsonb_build_array(lower(created_by))`,
  ],
};
