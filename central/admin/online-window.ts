/** When the console counts a terminal online: central heard from it within this many seconds (configuration `console_online_seconds`). */
import type { Central } from '../store/context.js';
import { configValueRows } from '../store/queries/console.js';

export const DEFAULT_ONLINE_SECONDS = 300;

export async function onlineWindowSeconds(c: Central): Promise<number> {
  const v = (await configValueRows(c.db)).find((r) => r.key === 'console_online_seconds')?.value;
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : DEFAULT_ONLINE_SECONDS;
}
