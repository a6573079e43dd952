/** Central's HTTP service (fastify, with the zod schemas of common/protocol at every route). */
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { zodInWords } from '../../common/zod-words.js';
import { ClaimAnswer, ClaimRequest, DigitalFinaliseRequest, DigitalSaleAnswer, DigitalSellRequest, DigitalUnitAnswer, DigitalVoidAnswer, DigitalVoidRequest, ENDPOINTS, EnrolAnswer, EnrolRequest, FeedAnswer, FeedQuery, HealthAnswer, MAX_BODY_BYTES, MAX_UNSIGNED_BODY_BYTES, PackOpAnswer, PackOpRequest, PushAnswer, PushRequest, StatementAnswer, StatementQuery, TimeAnswer, TimeQuery } from '../../common/protocol/index.js';
import { GameRuleError } from '../../games/errors.js';
import { isAdminOp, runAdminOpFor } from '../admin/ops.js';
import { addConsoleSessionRoutes, callerOf, isLoopback } from './console-session.js';
import { CentralError, type Central } from '../store/context.js';
import { DatabaseUnavailableError } from '../store/db.js';
import { claimTicket } from '../store/claims.js';
import { finaliseDigitalSale, sellDigitalUnit, voidDigitalSale } from '../store/digital.js';
import { readFeed } from '../store/feed.js';
import { ingestPush } from '../store/ingest.js';
import { packOperation } from '../store/packs.js';
import { terminalStatements } from '../store/statements.js';
import { enrolTerminal } from '../store/terminals.js';
import { answerSignatureHook } from './answer-signature.js';
import { digestHook, signatureHook } from './auth.js';
import { serveFile } from './files.js';
import { quotaHook, quotaOnFailure } from './quotas.js';
import { ROUTE_QUOTAS } from '../store/quotas.js';
import { pushGate } from './gate.js';
import { CONNECTION_LIMITS, limitOptions, type ConnectionLimits } from './connection-limits.js';
import { serveConsole } from './console-static.js';
import { updateRoutes } from './updates.js';
import { assertApprovedSoftware } from '../store/updates.js';
import { readiness } from './health.js';
import { centralMetrics, type CentralMetrics } from './metrics.js';

export const CENTRAL_VERSION = '1';

/** Strict-Transport-Security's max-age on answers over TLS: a year. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;
/** Answers under these paths carry secrets (sessions, enrolment secrets, admin results): Cache-Control no-store. */
const NO_STORE_PREFIXES = ['/v1/admin/', '/v1/console/'] as const;

export interface ServerOptions {
  /** The data folder's admin.token: on loopback, it stands for the setup actor until the first administrator exists. */
  adminToken?: string;
  https?: { cert: Buffer; key: Buffer };
  /** Print errors of 5xx answers here (default: stderr). */
  log?: (line: string) => void;
  /** The built back-office console's folder (default: out/console; see console-static.ts). */
  consoleDir?: string;
  /**
   * The structured log (fastify's pino): one JSON line per answer (request id, route, terminal, latency,
   * outcome), secrets redacted (docs/operations/monitoring.md). Level 'silent' (the default here) logs nothing.
   */
  logger?: { level?: string; stream?: { write(line: string): void } };
  /** The metrics to count in (default: a registry of this server's own). */
  metrics?: CentralMetrics;
  /** Time-outs and the connection cap (default: CONNECTION_LIMITS; tests pass small ones). */
  limits?: Partial<ConnectionLimits>;
  /**
   * The reverse proxies (addresses or CIDR ranges) whose X-Forwarded-For names the client: the address
   * that per-address quotas and login delays count. Default: none, so a stranger's header is ignored.
   */
  trustedProxies?: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What became of the request, for the log: 'ok', a refusal's reason, a claim's verdict. */
    outcome: string | null;
  }
}

/**
 * What the log never shows, wherever it appears: headers carrying a signature, a token or a cookie, and
 * fields named like a validation code, PIN, enrolment code or signature (the request line carries no
 * body; these paths guard against a later log call that would).
 */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["set-cookie"]',
  'req.headers["x-guichet-signature"]',
  'req.headers["x-guichet-answer-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-guichet-signature"]',
  ...['barcode', 'validation', 'pin', 'code', 'enrolment_code', 'mac', 'proof', 'signature', 'token', 'cookie', 'authorization'].flatMap((k) => [k, `*.${k}`]),
  'body',
  '*.body',
];

class MalformedJson extends Error {
  readonly statusCode = 400;
  readonly code = 'GUICHET_MALFORMED_JSON';
}

export function buildCentralServer(c: Central, opts: ServerOptions = {}): FastifyInstance {
  const log = opts.log ?? ((line) => process.stderr.write(`${line}\n`));
  const level = opts.logger?.level ?? 'silent';
  const metrics = opts.metrics ?? centralMetrics(c.db);
  const limits = limitOptions({ ...CONNECTION_LIMITS, ...opts.limits });
  const fastifyOpts: FastifyServerOptions = {
    bodyLimit: MAX_BODY_BYTES,
    ...limits.fastify,
    return503OnClosing: true,
    logger: {
      level,
      base: { service: 'guichet-central' },
      redact: { paths: LOG_REDACT, censor: '[redacted]' },
      // fastify's own lines (every request twice, with the URL and headers) are replaced by one of ours.
      serializers: { req: (req: { method?: string }) => ({ method: req.method }) },
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      ...(opts.logger?.stream ? { stream: opts.logger.stream } : {}),
    },
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: () => randomBytes(8).toString('hex'),
    trustProxy: opts.trustedProxies?.length ? [...opts.trustedProxies] : false,
  };
  // TLS 1.2 at least (1.3 negotiated where both ends have it).
  const app = (opts.https ? Fastify({ ...fastifyOpts, https: { ...opts.https, ...limits.node, minVersion: 'TLSv1.2' } } as FastifyServerOptions) : Fastify({ ...fastifyOpts, http: limits.node })) as unknown as FastifyInstance;
  app.server.maxConnections = limits.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Keep the raw bytes: the signature covers their digest.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const raw = body as Buffer;
    req.rawBody = raw;
    try {
      done(null, JSON.parse(raw.toString('utf8')));
    } catch (err) {
      done(new MalformedJson(`the body is not JSON: ${(err as Error).message}`), undefined);
    }
  });

  // One log line and the request metrics per answer, from what the request already holds (no query).
  app.decorateRequest('outcome', null);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    metrics.request(route, req.method, reply.statusCode, seconds);
    const line = { route, method: req.method, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, outcome: req.outcome ?? (reply.statusCode < 400 ? 'ok' : 'refused'), ...(req.terminalId ? { terminal: req.terminalId } : {}) };
    if (reply.statusCode >= 500) req.log.error(line, 'answered');
    else req.log.info(line, 'answered');
  });

  // Signed routes: headers and signature before the body is read, the body's digest once it is.
  app.addHook('onRequest', signatureHook(c));
  app.addHook('preValidation', digestHook(c));
  // A refusal's reason, for the log line (read from the refusals' JSON only).
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 400 && req.outcome === null && typeof payload === 'string' && payload.startsWith('{')) {
      try {
        const reason = (JSON.parse(payload) as { reason?: unknown }).reason;
        if (typeof reason === 'string') req.outcome = reason;
      } catch {
        // not JSON: the outcome stays 'refused'
      }
    }
    return payload;
  });
  // Every answer to a request with a nonce is signed by the lottery, bound to that request.
  app.addHook('onSend', answerSignatureHook(c));
  // Over TLS, browsers come back over TLS only; the back office's answers (sessions, enrolment secrets,
  // admin results) are kept by no browser or proxy, refusals included.
  app.addHook('onSend', async (req, reply, payload) => {
    if (opts.https) void reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
    if (NO_STORE_PREFIXES.some((p) => req.url.startsWith(p))) void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const detail = err.validation.slice(0, 3).map((v) => `${v.instancePath || '(body)'} ${v.message ?? ''}`.trim()).join('; ');
      return reply.code(400).send({ error: `the request does not match the protocol: ${detail}`, reason: 'bad_request' });
    }
    if (err instanceof MalformedJson || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return reply.code(400).send({ error: err.message, reason: 'malformed_json' });
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ error: `the body is over ${req.routeOptions.bodyLimit ?? MAX_BODY_BYTES} bytes`, reason: 'too_large' });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send({ error: 'send JSON (content-type: application/json)', reason: 'unsupported_media_type' });
    if (err instanceof CentralError) return reply.code(err.status).send({ error: err.message, reason: err.reason, ...(err.facts ? { facts: err.facts } : {}) });
    // A failover under way: nothing was decided; the terminal tries again (or another central) after the hint.
    if (err instanceof DatabaseUnavailableError) {
      return reply.code(503).header('retry-after', String(err.retryAfterSeconds)).send({ error: 'central cannot reach its database now (failover under way); try again shortly', reason: 'database_unavailable' });
    }
    // A game code, or a game's rule, the request names and central does not know: the request's fault.
    if (err instanceof GameRuleError) return reply.code(400).send({ error: err.message, reason: 'unknown_game' });
    if (err instanceof z.ZodError) return reply.code(400).send({ error: zodInWords(err), reason: 'bad_request' });
    // PostgreSQL's data exceptions (class 22: a NUL in text, an untranslatable character…) are bad input.
    if (typeof err.code === 'string' && /^22[0-9A-Z]{3}$/.test(err.code)) {
      return reply.code(400).send({ error: `central cannot store this data: ${err.message}`, reason: 'bad_request' });
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ error: err.message, reason: 'bad_request' });
    }
    log(`central: ${req.method} ${req.url.split('?')[0]} failed: ${err.stack ?? err.message}`);
    req.log.error({ err: { type: err.name, message: err.message } }, 'failed');
    return reply.code(500).send({ error: 'central failed to handle the request; try again', reason: 'internal' });
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ error: `no route ${req.method} ${req.url.split('?')[0]}`, reason: 'not_found' }));

  const r = app.withTypeProvider<ZodTypeProvider>();
  const Err = z.object({ error: z.string(), reason: z.string() });

  // Unsigned routes take a small body only (MAX_UNSIGNED_BODY_BYTES), refused before it is parsed.
  const unsigned = { bodyLimit: MAX_UNSIGNED_BODY_BYTES };
  r.get(ENDPOINTS.health, { ...unsigned, schema: { response: { 200: HealthAnswer } } }, async () => ({ ok: true as const, service: 'guichet-central' as const, version: CENTRAL_VERSION }));
  // Probes (docs/operations/monitoring.md): the process answers; central can serve (database writable, schema current).
  r.get('/livez', { ...unsigned }, async () => ({ ok: true }));
  r.get('/readyz', { ...unsigned }, async (_req, reply) => {
    const r = await readiness(c.db);
    return reply.code(r.ready ? 200 : 503).send(r);
  });
  // Prometheus's scrape: from this machine only (a local Prometheus or agent); the fleet's figures are not for the network.
  r.get('/metrics', { ...unsigned }, async (req, reply) => {
    if (!isLoopback(req.ip)) return reply.code(403).send({ error: 'metrics are served to this machine only (scrape from a local Prometheus or agent)', reason: 'not_loopback' });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  r.get(ENDPOINTS.time, { ...unsigned, schema: { querystring: TimeQuery, response: { 200: TimeAnswer } } }, async () => ({ now: c.now() }));

  r.post(ENDPOINTS.enrol, { ...unsigned, schema: { body: EnrolRequest, response: { 200: EnrolAnswer, 400: Err, 403: Err, 429: Err } } }, async (req) => quotaOnFailure(c, req, ROUTE_QUOTAS.enrol, () => enrolTerminal(c, req.body)));

  const pushes = pushGate();
  // A disabled terminal still pushes: central keeps collecting its journal (its new money is not credited: store/payout-checks.ts).
  r.post(ENDPOINTS.push, { config: { signed: 'allow-disabled' }, schema: { body: PushRequest } }, async (req, reply) => {
    const result = await pushes.execute(() => ingestPush(c, req.terminalId!, req.body));
    if (result.refused) {
      req.outcome = result.reason;
      return reply.code(409).send({ error: result.detail, reason: result.reason, at_seq: result.at_seq, last_seq: result.last_seq, last_hash: result.last_hash });
    }
    const { refused: _, ...answer } = result;
    if (answer.stored_entries > 0) {
      // Push lag: how long the oldest entry central took now waited at the terminal.
      const first = answer.last_seq - answer.stored_entries + 1;
      const at = req.body.entries.find((e) => e.seq === first)?.at;
      if (at) metrics.pushLag(req.terminalId!, (Date.parse(c.now()) - Date.parse(at)) / 1000);
    }
    return PushAnswer.parse(answer);
  });

  // A terminal on a version the lottery did not approve, past the grace period, claims and sells nothing (#23).
  const approvedSoftware = async (req: { terminalId?: string | undefined }) => assertApprovedSoftware(c, req.terminalId!);
  r.post(ENDPOINTS.claim, { config: { signed: true }, preHandler: [approvedSoftware, quotaHook(c, [ROUTE_QUOTAS.claim, ROUTE_QUOTAS.claim_address])], schema: { body: ClaimRequest, response: { 200: ClaimAnswer } } }, async (req) => {
    const answer = await claimTicket(c, req.terminalId!, req.body);
    metrics.claim(answer.verdict);
    req.outcome = answer.verdict;
    return answer;
  });

  r.post(ENDPOINTS.packs, { config: { signed: true }, preHandler: quotaHook(c, [ROUTE_QUOTAS.pack_receipt, ROUTE_QUOTAS.pack_receipt_address], (req) => (req.body as { action?: string }).action === 'receive'), schema: { body: PackOpRequest, response: { 200: PackOpAnswer, 403: Err } } }, async (req, reply) => {
    if (!req.body.op_key.startsWith(`${req.terminalId!}/`)) throw new CentralError('wrong_terminal', `operation ${req.body.op_key} is not one of terminal ${req.terminalId!}'s`, 403);
    const answer = await packOperation(c, req.terminalId!, req.body);
    // Another retailer's pack (#19): refused as forbidden, with the reason.
    if (answer.outcome === 'refused' && answer.reason === 'other_retailer') return reply.code(403).send({ error: answer.message, reason: 'other_retailer' });
    return answer;
  });

  r.get(ENDPOINTS.feed, { config: { signed: 'allow-disabled' }, schema: { querystring: FeedQuery, response: { 200: FeedAnswer } } }, async (req) =>
    readFeed(c, req.terminalId!, req.query.cursor, req.query.limit, req.query.ticket_facts === '1'),
  );

  r.get(`${ENDPOINTS.files}:name`, { config: { signed: true }, schema: { params: z.object({ name: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/) }) } }, (req, reply) =>
    serveFile(c, req.params.name, req.headers, reply),
  );

  r.post(ENDPOINTS.digitalSell, { config: { signed: true }, preHandler: [approvedSoftware, quotaHook(c, ROUTE_QUOTAS.digital_sell_address)], schema: { body: DigitalSellRequest, response: { 200: DigitalSaleAnswer } } }, async (req) =>
    sellDigitalUnit(c, req.terminalId!, req.body),
  );
  r.post(ENDPOINTS.digitalFinalise, { config: { signed: true }, schema: { body: DigitalFinaliseRequest, response: { 200: DigitalUnitAnswer } } }, async (req) =>
    finaliseDigitalSale(c, req.terminalId!, req.body),
  );
  r.post(ENDPOINTS.digitalVoid, { config: { signed: true }, schema: { body: DigitalVoidRequest, response: { 200: DigitalVoidAnswer } } }, async (req) =>
    voidDigitalSale(c, req.terminalId!, req.body),
  );

  r.get(ENDPOINTS.statement, { config: { signed: true }, schema: { querystring: StatementQuery, response: { 200: StatementAnswer } } }, async (req) =>
    terminalStatements(c, req.terminalId!, req.query.week),
  );

  serveConsole(app, opts.consoleDir);
  updateRoutes(app, c);

  // The back office: operators' sessions, and the admin operations they (or the setup token) may run.
  addConsoleSessionRoutes(app, c, { https: Boolean(opts.https) });
  r.post('/v1/admin/:op', { schema: { params: z.object({ op: z.string() }) } }, async (req, reply) => {
    const caller = await callerOf(c, req, opts.adminToken);
    if (!isAdminOp(req.params.op)) return reply.code(404).send({ error: `no admin operation '${req.params.op}'`, reason: 'not_found' });
    // A write's idempotency key (#21): the client's, so a retry after an unanswered request answers the stored result.
    const key = req.headers['idempotency-key'];
    const outcome = await runAdminOpFor(c, req.params.op, req.body, typeof key === 'string' ? { ...caller, idempotencyKey: key } : caller);
    return reply.code(outcome.status).send({ result: outcome.result });
  });
  return app;
}
