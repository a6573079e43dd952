/** Version 4: digital blocks (the next unit to hand out) and the digital sales. */
import type { CentralMigration } from './migration.js';

export const digitalUnitsAllocation: CentralMigration = {
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
};
