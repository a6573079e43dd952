/**
 * Two sizes for the long tests: the soak size (`npm run soak`, GUICHET_SOAK=1) and the size `npm test`
 * runs, small enough for CI yet large enough for every assertion to fail on the defect it guards.
 */
export const SOAK = process.env.GUICHET_SOAK === '1';

/** `soak` under `npm run soak`, else `ci`. */
export function soakSize(ci: number, soak: number): number {
  return SOAK ? soak : ci;
}
