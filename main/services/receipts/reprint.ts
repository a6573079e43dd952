import type { Receipt } from './types.js';

/** The same receipt, marked as a duplicate with its reprint counter advanced by one. */
export function asReprint<R extends Receipt>(receipt: R): R {
  return { ...receipt, duplicate: true, reprintCount: receipt.reprintCount + 1 };
}
