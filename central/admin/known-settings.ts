/**
 * The settings the fleet obeys, each with its unit and its default (what central and the terminals use
 * while it is not set), taken from the constants the code itself falls back to — so the console's
 * Configuration page shows what is in force, not only what someone set. Whether one operator may change
 * it or two must agree comes from isDualControlKey (dual-keys.ts). A key set that is not in this list is still
 * shown, as set.
 */
import { DEFAULT_COMMISSION_CASHING_BP, DEFAULT_COMMISSION_SALES_BP, DEFAULT_DIGITAL_DAILY_SALES, DEFAULT_DIGITAL_DAILY_VOIDS, DEFAULT_DIGITAL_VOID_SECONDS, DEFAULT_OFFLINE_LIMITS, DEFAULT_SETTLEMENT, DEFAULT_UPDATE_CHECK_MINUTES } from '../../common/protocol/index.js';
import { CENTRAL_URLS_KEY } from '../../common/protocol/central-urls.js';
import type { SettingUnit } from '../../common/console/config.js';
import { DEFAULT_CLAIM_HOLD_SECONDS } from '../store/claims.js';
import { ROUTE_QUOTAS } from '../store/quotas.js';
import { DEFAULT_ONLINE_SECONDS } from './online-window.js';

export interface KnownSetting {
  readonly key: string;
  readonly unit: SettingUnit;
  /** In force while the key is not set; null: nothing (no cap, no list). */
  readonly default: unknown;
}

const quota = (key: string): unknown => Object.values(ROUTE_QUOTAS).find((q) => q.config_key === key)?.fallback ?? null;

/** In the order the console lists them: money first, then what terminals may do, then the console's own. */
export const KNOWN_SETTINGS: readonly KnownSetting[] = [
  { key: 'payout_limit_max_cents', unit: 'cents', default: null },
  { key: 'offline_max_ticket_cents', unit: 'cents', default: DEFAULT_OFFLINE_LIMITS.offline_max_ticket_cents },
  { key: 'offline_max_total_cents', unit: 'cents', default: DEFAULT_OFFLINE_LIMITS.offline_max_total_cents },
  { key: 'offline_max_count', unit: 'count', default: DEFAULT_OFFLINE_LIMITS.offline_max_count },
  { key: 'offline_max_hours', unit: 'hours', default: DEFAULT_OFFLINE_LIMITS.offline_max_hours },
  { key: 'commission_sales_bp', unit: 'bp', default: DEFAULT_COMMISSION_SALES_BP },
  { key: 'commission_cashing_bp', unit: 'bp', default: DEFAULT_COMMISSION_CASHING_BP },
  { key: 'payout_exception_policy', unit: 'choice', default: 'chargeback' },
  { key: 'settle_share_percent', unit: 'percent', default: DEFAULT_SETTLEMENT.settle_share_percent },
  { key: 'settle_days', unit: 'days', default: DEFAULT_SETTLEMENT.settle_days },
  { key: 'settle_low_tier_max_cents', unit: 'cents', default: DEFAULT_SETTLEMENT.settle_low_tier_max_cents },
  { key: 'claim_hold_seconds', unit: 'seconds', default: DEFAULT_CLAIM_HOLD_SECONDS },
  { key: 'packs_require_shipment', unit: 'boolean', default: true },
  { key: 'digital_void_seconds', unit: 'seconds', default: DEFAULT_DIGITAL_VOID_SECONDS },
  { key: 'digital_daily_sales', unit: 'count', default: DEFAULT_DIGITAL_DAILY_SALES },
  { key: 'digital_daily_voids', unit: 'count', default: DEFAULT_DIGITAL_DAILY_VOIDS },
  ...Object.values(ROUTE_QUOTAS).map((q) => ({ key: q.config_key, unit: 'count' as const, default: quota(q.config_key) })),
  { key: CENTRAL_URLS_KEY, unit: 'urls', default: null },
  { key: 'claim_address', unit: 'text', default: null },
  { key: 'update_check_minutes', unit: 'minutes', default: DEFAULT_UPDATE_CHECK_MINUTES },
  { key: 'update_window', unit: 'json', default: null },
  { key: 'console_online_seconds', unit: 'seconds', default: DEFAULT_ONLINE_SECONDS },
];
