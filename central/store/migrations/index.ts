/** Central's migrations, in order. Append new ones; never edit or reorder released ones (their names are recorded in `schema_migrations`). */
import { terminalsJournalsEventsFeed } from './001-terminals-journals-events-feed.js';
import { journalsPartitionedByTerminal } from './002-partition-by-terminal.js';
import { ticketClaimsPayoutExceptions } from './003-ticket-claims-payout-exceptions.js';
import { digitalUnitsAllocation } from './004-digital-units-allocation.js';
import { packStatesOperations } from './005-pack-states-operations.js';
import { prizeClaims } from './006-prize-claims.js';
import { journalsPartitionedByMonth } from './007-partition-by-month.js';
import { claimsPartitionedByTicket } from './008-partition-claims-by-ticket.js';
import { quarantine } from './009-quarantine.js';
import { digitalFinalityQuotas } from './010-digital-finality-quotas.js';
import { closedWeeksChargebacks } from './011-closed-weeks-chargebacks.js';
import { keyHierarchy } from './012-key-hierarchy.js';
import { uncreditedPayouts } from './013-uncredited-payouts.js';
// 014 and 016: placeholders for migrations reserved by a branch not merged yet (replaced at its merge).
import { epochs } from './015-epochs.js';
import { operatorsAudit } from './017-operators-audit.js';
import { softwareUpdates } from './018-software-updates.js';
import { adminRequests } from './019-admin-requests.js';
import { claimPayments } from './020-claim-payments.js';
import { restoreHold } from './021-restore-hold.js';
import { exceptionCases } from './022-exception-cases.js';
import { reserved } from './reserved.js';
import { operatorEnrolment } from './023-operator-enrolment.js';
import type { CentralMigration } from './migration.js';

export type { CentralMigration } from './migration.js';
export { MONTH_HASH_PARTITIONS, MONTH_PARTITIONED, TERMINAL_PARTITIONS, TICKET_PARTITIONS } from './partitioning.js';

export const CENTRAL_MIGRATIONS: readonly CentralMigration[] = [
  terminalsJournalsEventsFeed,
  journalsPartitionedByTerminal,
  ticketClaimsPayoutExceptions,
  digitalUnitsAllocation,
  packStatesOperations,
  prizeClaims,
  journalsPartitionedByMonth,
  claimsPartitionedByTicket,
  quarantine,
  digitalFinalityQuotas,
  closedWeeksChargebacks,
  keyHierarchy,
  uncreditedPayouts,
  reserved(14),
  epochs,
  reserved(16),
  operatorsAudit,
  softwareUpdates,
  adminRequests,
  claimPayments,
  restoreHold,
  exceptionCases,
  operatorEnrolment,
];
