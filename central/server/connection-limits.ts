/**
 * Central's time-outs and connection cap (issue 39: 400 slow bodies held 130 s, 900 idle connections
 * accepted). A client that is slow on purpose holds a connection, a socket and memory: each limit
 * bounds how long, and the cap how many. Values chosen for terminals on a slow shop line (a 4 MB push
 * at 70 kB/s fits in the request time-out); docs/operations/operators-and-secrets.md.
 */

/**
 * A whole request (headers and body) must arrive within this, or it is answered 408 and closed; a
 * connection that sends nothing at all is closed after it too.
 */
export const REQUEST_TIMEOUT_MS = 60_000;
/**
 * A connection on which nothing moves (no byte either way) for this long is closed: a backstop, long
 * because an answer may take that long to come (an admin act such as a backup snapshot sends nothing
 * until it is done); slow clients are bounded by the request time-out.
 */
export const CONNECTION_TIMEOUT_MS = 600_000;
/** An idle keep-alive connection between requests is closed after this. */
export const KEEP_ALIVE_TIMEOUT_MS = 10_000;
/** Connections open at once; the next ones are closed as soon as accepted, until some close. */
export const MAX_CONNECTIONS = 512;
/** How often Node checks requests against the request time-out (its default, 30 s, would let one run 30 s over). */
export const CHECK_INTERVAL_MS = 1_000;

export interface ConnectionLimits {
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  checkIntervalMs: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  connectionTimeoutMs: CONNECTION_TIMEOUT_MS,
  keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
  maxConnections: MAX_CONNECTIONS,
  checkIntervalMs: CHECK_INTERVAL_MS,
};

/**
 * The fastify options for these limits, and the Node server options (given at creation: the checking
 * interval cannot change later, and the headers time-out must not exceed the request time-out).
 */
export function limitOptions(l: ConnectionLimits): {
  maxConnections: number;
  fastify: { requestTimeout: number; connectionTimeout: number; keepAliveTimeout: number };
  node: { requestTimeout: number; headersTimeout: number; keepAliveTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    maxConnections: l.maxConnections,
    fastify: { requestTimeout: l.requestTimeoutMs, connectionTimeout: l.connectionTimeoutMs, keepAliveTimeout: l.keepAliveTimeoutMs },
    node: { requestTimeout: l.requestTimeoutMs, headersTimeout: l.requestTimeoutMs, keepAliveTimeout: l.keepAliveTimeoutMs, connectionsCheckingInterval: l.checkIntervalMs },
  };
}
