/**
 * Route quotas (#19): claims, pack receipts and digital sales per terminal and per address, counted
 * before the handler runs (store/quotas.ts); enrolment attempts per address counted when they fail
 * (quotaOnFailure: a stranger's made-up codes never refuse the technician's real one); beyond the configured limit a request is answered 429
 * `quota_exceeded` with a sentence naming the limit, which the terminal's client surfaces and does not retry.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Central } from '../store/context.js';
import { cachedConfig } from '../store/config-cache.js';
import { configuredCount, takeQuota, windowStart, type RouteQuota } from '../store/quotas.js';
import { CentralError } from '../store/context.js';

/** A preHandler counting each of `quotas` in turn (when `applies` says the request is one they count); the first one used up answers. */
export function quotaHook(c: Central, quotas: RouteQuota | readonly RouteQuota[], applies: (req: FastifyRequest) => boolean = () => true) {
  const list: readonly RouteQuota[] = Array.isArray(quotas) ? quotas : [quotas as RouteQuota];
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!applies(req)) return;
    // Cached per process (at most a few seconds old): read on every claim, pack receipt and digital sale.
    const config = await cachedConfig(c.db);
    for (const quota of list) {
      const subject = quota.per === 'terminal' ? `terminal:${req.terminalId ?? '?'}` : `address:${req.ip}`;
      const limit = configuredCount(config, quota.config_key, quota.fallback);
      try {
        await takeQuota(c.db, subject, quota.counter, windowStart(c.now(), quota.window_seconds), limit, quota.what);
      } catch (err) {
        if (!(err instanceof CentralError)) throw err;
        await reply.code(err.status).send({ error: err.message, reason: err.reason });
        return;
      }
    }
  };
}

/**
 * Runs `act`; when it is refused (a 4xx CentralError), counts `quota` (per address) and answers 429
 * `quota_exceeded` once it is used up, else the refusal. A success is neither counted nor refused: the
 * quota slows the guessing of wrong codes, and a right one (its MAC checked by `act`) always passes.
 */
export async function quotaOnFailure<T>(c: Central, req: FastifyRequest, quota: RouteQuota, act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (err) {
    if (!(err instanceof CentralError) || err.status >= 500) throw err;
    const limit = configuredCount(await cachedConfig(c.db), quota.config_key, quota.fallback);
    await takeQuota(c.db, `address:${req.ip}`, quota.counter, windowStart(c.now(), quota.window_seconds), limit, quota.what);
    throw err;
  }
}
