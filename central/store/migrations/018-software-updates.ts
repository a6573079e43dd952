/**
 * Version 18: signed, staged updates (#23). `update_roots`: the TUF root.json versions central serves
 * (each signed by the lottery's root, checked before it is stored). `update_releases`: the releases the
 * lottery approved (their targets.json, signed by the vendor's build key and the lottery's approval key),
 * each with its ring: a share of the fleet in ten-thousandths (a terminal is in when
 * hash(id) mod 10000 < share) and/or an explicit list of terminals. `terminal_software`: the version and
 * tarball hash each terminal last reported with a push, and since when it reports that one (the grace
 * period runs from there). `update_settings`: the grace period.
 */
import type { CentralMigration } from './migration.js';

export const softwareUpdates: CentralMigration = {
  version: 18,
  name: 'software updates: TUF roots, approved releases and rings, terminals software',
  statements: [
    `CREATE TABLE update_roots (
         version   integer PRIMARY KEY,
         body      text NOT NULL,
         added_at  text NOT NULL
       )`,
    `CREATE TABLE update_releases (
         version          text PRIMARY KEY,
         targets_version  integer NOT NULL UNIQUE,
         targets          text NOT NULL,
         sha256           text NOT NULL,
         length           bigint NOT NULL,
         approved_at      text NOT NULL,
         approved_by      text NOT NULL,
         share            integer NOT NULL DEFAULT 0 CHECK (share BETWEEN 0 AND 10000),
         terminals        jsonb NOT NULL DEFAULT '[]'::jsonb,
         ring_changed_at  text
       )`,
    `CREATE TABLE terminal_software (
         terminal_id  text PRIMARY KEY,
         version      text NOT NULL,
         sha256       text,
         reported_at  text NOT NULL,
         since        text NOT NULL
       )`,
    `CREATE TABLE update_settings (
         key    text PRIMARY KEY,
         value  jsonb NOT NULL
       )`,
  ],
};
