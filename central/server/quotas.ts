/**
 * Route quotas (#19): claims and pack receipts per terminal, enrolment attempts per address, counted
 * before the handler runs (store/quotas.ts); beyond the configured limit a request is answered 429
 * `quota_exceeded` with a sentence naming the limit, which the terminal's client surfaces and does not retry.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Central } from '../store/context.js';
import { currentConfig } from '../store/feed.js';
import { configuredCount, takeQuota, windowStart, type RouteQuota } from '../store/quotas.js';
import { CentralError } from '../store/context.js';

/** A preHandler counting `quota` (when `applies` says the request is one it counts). */
export function quotaHook(c: Central, quota: RouteQuota, applies: (req: FastifyRequest) => boolean = () => true) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!applies(req)) return;
    const subject = quota.per === 'terminal' ? `terminal:${req.terminalId ?? '?'}` : `address:${req.ip}`;
    const limit = configuredCount(await currentConfig(c.db), quota.config_key, quota.fallback);
    try {
      await takeQuota(c.db, subject, quota.counter, windowStart(c.now(), quota.window_seconds), limit, quota.what);
    } catch (err) {
      if (!(err instanceof CentralError)) throw err;
      await reply.code(err.status).send({ error: err.message, reason: err.reason });
    }
  };
}
