/**
 * At most N pushes stored at once (cockatiel's bulkhead); the others wait their turn, in arrival order,
 * without holding a database connection. The pool's other connections stay free for claims, whose
 * answer a cashier and a customer wait for at the counter, while a push is the sync loop's background
 * work (GUICHET_PUSH_CONCURRENCY).
 */
import { bulkhead, type BulkheadPolicy } from 'cockatiel';

export const PUSH_CONCURRENCY = Number(process.env.GUICHET_PUSH_CONCURRENCY) || 4;

/** The pushes' gate: `limit` at once, every other one queued (a terminal's push is never turned away here). */
export const pushGate = (limit = PUSH_CONCURRENCY): BulkheadPolicy => bulkhead(limit, Number.POSITIVE_INFINITY);
