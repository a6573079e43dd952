import { CENTRAL_URLS_KEY } from '../../common/protocol/central-urls.js';

/**
 * Configuration keys under dual control. Those that move money: the payout and offline limits, the
 * retailers' commissions, and who bears a ticket paid twice (`payout_exception_policy` settles
 * exceptions by itself: one operator alone must not be able to charge every retailer, or none). And
 * those that decide where terminals go and what they may do (#39): central's addresses (`central.urls`:
 * one operator pointed the fleet nowhere), the quotas (`quota_*`: zero shuts out claims and enrolments,
 * a huge one lets a stolen key flood), the digital limits and void window (`digital_*`), whether a pack
 * must be shipped before a terminal receives it (`packs_require_shipment`), and how long a claim holds a
 * ticket for its terminal (`claim_hold_seconds`: the guard against a ticket paid twice). And when packs
 * settle (`settle_*`): a settled pack's tickets are no longer paid at the counter, so one operator setting
 * one day would have closed every pack of the fleet.
 */
export const isDualControlKey = (key: string): boolean =>
  /^(payout_limit|offline_|commission_|quota_|digital_|settle_)/.test(key) || ['payout_exception_policy', CENTRAL_URLS_KEY, 'packs_require_shipment', 'claim_hold_seconds'].includes(key);
