/** The terminal database's migrations, in order. Append new ones; never edit or reorder released ones. */
import { blocksAndTrustedKeys } from './001-blocks-and-trusted-keys.js';
import { counterCore } from './002-counter-core.js';
import { packsSalesPayouts } from './003-packs-sales-payouts.js';
import { keyRevocation } from './004-key-revocation.js';
import { syncState } from './005-sync-state.js';
import { digitalUnits } from './006-digital-units.js';
import { centralPacks } from './007-central-packs.js';
import { centralTls } from './008-central-tls.js';
import { keyHierarchy } from './009-key-hierarchy.js';
import { offlineAllowance } from './010-offline-allowance.js';
// 011, 013: placeholders for migrations reserved by branches not merged yet (replaced at their merge).
import { reserved11 } from './011-reserved.js';
import { centralEpoch } from './012-central-epoch.js';
import { reserved13 } from './013-reserved.js';
import { softwareUpdates } from './014-software-updates.js';
import { centralTicketFacts } from './015-central-ticket-facts.js';
import type { Migration } from './migration.js';

export type { Migration } from './migration.js';
export { migrate, schemaVersion, MigrationError } from './runner.js';

export const MIGRATIONS: readonly Migration[] = [blocksAndTrustedKeys, counterCore, packsSalesPayouts, keyRevocation, syncState, digitalUnits, centralPacks, centralTls, keyHierarchy, offlineAllowance, reserved11, centralEpoch, reserved13, softwareUpdates, centralTicketFacts];
