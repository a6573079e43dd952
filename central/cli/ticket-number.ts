/**
 * Tickets in the CLI's output (#22) as printed on them (games/ticket-id.ts humanNumber): paper
 * `GGG-EEE-BB-PPPPP-TTT-C`, e.g. 213-001-01-00001-015-9, digital `GGG-EEE-BB-UUUUUUU-C`; central's
 * own key (`annee-chance-2013/1/1/115`) stays in --json.
 */
import { gameByCode, isGameCode } from '../../games/index.js';
import { humanNumber } from '../../games/ticket-id.js';

export function printedTicket(key: string): string {
  const m = /^([a-z0-9-]+)\/(\d+)\/(\d+)\/(\d+)$/.exec(key);
  if (!m || !isGameCode(m[1]!)) return key;
  try {
    return humanNumber({ game: m[1]!, emission: Number(m[2]), block: Number(m[3]), unit: Number(m[4]) }, gameByCode(m[1]!).pack_size);
  } catch {
    return key;
  }
}
