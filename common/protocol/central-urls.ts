/**
 * Central's addresses, for terminals: the configuration key `central.urls` (signed in the feed like every
 * setting) holds the list in the order terminals try them; `guichet enroll --central` takes the same list
 * comma-separated. A terminal goes to the next address when one does not answer.
 */
import { z } from 'zod';

export const CENTRAL_URLS_KEY = 'central.urls';
export const MAX_CENTRAL_URLS = 8;

export const CentralUrls = z
  .array(z.string().max(2048).regex(/^https?:\/\/[^,\s]+$/, 'an http(s) URL without commas or spaces'))
  .min(1)
  .max(MAX_CENTRAL_URLS);

/** Splits `a,b,c` (spaces around commas ignored), dropping empty parts. */
export function splitCentralUrls(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
