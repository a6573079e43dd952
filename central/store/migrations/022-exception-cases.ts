/**
 * Version 22 (#22, a ticket paid twice followed to its end): who investigates a payout exception, since
 * when and with what note, and when and why it was closed once its money was decided (charged back or
 * written off: exception_settlements, version 11). One row per exception an operator acted on; an
 * exception without one was never investigated nor closed (store/exception-cases.ts).
 */
import type { CentralMigration } from './migration.js';

export const exceptionCases: CentralMigration = {
  version: 22,
  name: 'payout exceptions investigated and closed',
  statements: [
    `CREATE TABLE exception_cases (
         exception_id      bigint PRIMARY KEY,
         investigating_at  text,
         investigating_by  text,
         note              text,
         closed_at         text,
         closed_by         text,
         close_reason      text,
         CHECK ((investigating_at IS NULL) = (investigating_by IS NULL) AND (investigating_at IS NULL) = (note IS NULL)),
         CHECK ((closed_at IS NULL) = (closed_by IS NULL) AND (closed_at IS NULL) = (close_reason IS NULL))
     )`,
  ],
};
