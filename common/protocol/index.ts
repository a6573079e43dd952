/** The sync protocol between a terminal and central: schemas, signed-request headers, signing strings. */
export * from './primitives.js';
export * from './signature.js';
export * from './messages.js';
export * from './keys.js';
export * from './limits.js';
export * from './digital.js';
export * from './packs.js';
export * from './statement.js';
export * from './central-urls.js';
export { canonicalJson, type Json } from '../canonical-json.js';

/** Paths of the endpoints (all under the central URL). */
export const ENDPOINTS = {
  enrol: '/v1/enrol',
  push: '/v1/push',
  claim: '/v1/claim',
  feed: '/v1/feed',
  files: '/v1/files/',
  time: '/v1/time',
  health: '/v1/health',
  digitalSell: '/v1/digital/sell',
  digitalVoid: '/v1/digital/void',
  digitalFinalise: '/v1/digital/finalise',
  packs: '/v1/packs',
  statement: '/v1/statement',
  /** The TUF repository central serves each terminal (#23): `<terminal>/metadata/<file>`, `<terminal>/targets/<file>`. */
  updates: '/v1/updates/',
} as const;

/** Largest request body central accepts (bytes): a push of MAX_PUSH_ENTRIES entries fits. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Largest body of an unsigned route (enrolment, time, health): refused before it is parsed. */
export const MAX_UNSIGNED_BODY_BYTES = 8 * 1024;
