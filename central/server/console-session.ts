/**
 * The back office's sessions over HTTP (#22): `POST /v1/console/login {operator, password, totp}` sets
 * the `guichet_console` cookie (HttpOnly, SameSite=Strict, Path=/, Secure unless served over http to
 * loopback) and answers `{operator, roles, csrf_token, expires_at, may}` (may: the operations those roles
 * may run: the console offers no other act); `GET /v1/console/session` answers the same or
 * 401; `POST /v1/console/logout` ends it. A request with the cookie must carry `x-csrf-token`: a token
 * bound to the session (derived from its token by a hash: a double-submit token an attacker's page can
 * neither read nor make), compared in constant time. The CLI sends `Authorization: Operator <token>`
 * instead, which no browser sends by itself, so it needs no CSRF token. Until two administrators
 * exist, the data folder's admin.token (loopback only) stands for the setup actor. `POST
 * /v1/console/enrol {operator, code, password}`: a new (or reset) operator sets its password with its
 * enrolment code and receives its TOTP secret, once (no session: it logs in after).
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { opsMayRun } from '../admin/ops.js';
import type { Role } from '../admin/roles.js';
import { CentralError, type Central } from '../store/context.js';
import { enrolOperator, login, logout, sameCsrf, sessionOf, setupWindowOpen } from '../store/operators.js';

export const SESSION_COOKIE = 'guichet_console';
export const CSRF_HEADER = 'x-csrf-token';
/** Why an operator acts (percent-encoded UTF-8): the reason a proposal or a write carries. */
export const REASON_HEADER = 'x-guichet-reason';

export const LoginRequest = z.object({ operator: z.string().min(1).max(40), password: z.string().min(1).max(200), totp: z.string().min(1).max(10) }).strict();
export const EnrolRequest = z.object({ operator: z.string().min(1).max(40), code: z.string().min(1).max(100), password: z.string().min(1).max(200) }).strict();
export const SessionAnswer = z.object({ operator: z.string(), roles: z.array(z.string()), csrf_token: z.string(), expires_at: z.string(), may: z.array(z.string()) });

export interface Caller {
  actor: string;
  roles: readonly Role[];
  setup?: boolean;
  reason?: string;
}

export function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

function reasonHeader(req: FastifyRequest): string | undefined {
  const raw = header(req, REASON_HEADER);
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw).slice(0, 500);
  } catch {
    throw new CentralError('bad_request', `${REASON_HEADER} is not percent-encoded UTF-8`);
  }
}

/**
 * Who makes an admin request: an operator's session (header, or cookie with its CSRF token), or the
 * setup actor (admin.token on loopback, while no administrator exists). Throws a 401/403 CentralError.
 */
export async function callerOf(c: Central, req: FastifyRequest, adminToken: string | undefined): Promise<Caller> {
  const auth = header(req, 'authorization') ?? '';
  const reason = reasonHeader(req);
  const withReason = (x: Caller): Caller => (reason ? { ...x, reason } : x);
  if (auth.startsWith('Operator ')) {
    const s = await sessionOf(c, auth.slice('Operator '.length).trim());
    if (!s) throw new CentralError('not_logged_in', 'the session ended or is unknown: log in again (guichet central login)', 401);
    return withReason({ actor: s.operator, roles: s.roles });
  }
  if (auth.startsWith('Bearer ')) {
    if (!adminToken || !isLoopback(req.ip) || !sameToken(auth.slice(7), adminToken)) {
      throw new CentralError('not_admin', "admin requests come from this machine with the data folder's admin.token", 401);
    }
    if (!(await setupWindowOpen(c.db))) {
      throw new CentralError('not_logged_in', 'two administrators exist: the admin token only served to create the first two. Log in as an operator (guichet central login)', 401);
    }
    return withReason({ actor: 'setup', roles: ['administrator'], setup: true });
  }
  const token = req.cookies[SESSION_COOKIE];
  if (token) {
    const s = await sessionOf(c, token);
    if (!s) throw new CentralError('not_logged_in', 'the session ended or is unknown: log in again', 401);
    const csrf = header(req, CSRF_HEADER);
    if (!csrf || !sameCsrf(token, csrf)) throw new CentralError('bad_csrf', `a console request carries its session's ${CSRF_HEADER} header`, 403);
    return withReason({ actor: s.operator, roles: s.roles });
  }
  throw new CentralError('not_logged_in', 'log in first (POST /v1/console/login, or guichet central login)', 401);
}

/** Registers the cookie parser and the session routes. */
export function addConsoleSessionRoutes(app: FastifyInstance, c: Central, opts: { https: boolean }): void {
  void app.register(cookie);
  const cookieOptions = (req: FastifyRequest, expires?: Date) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: opts.https || !isLoopback(req.ip),
    ...(expires ? { expires } : {}),
  });
  // `may`: the operations these roles may run, so the console offers no act central would refuse (it still checks each).
  const answer = (s: { operator: string; roles: readonly Role[]; csrf_token: string; expires_at: string }) => ({ operator: s.operator, roles: [...s.roles], csrf_token: s.csrf_token, expires_at: s.expires_at, may: opsMayRun(s.roles) });
  const sessionToken = (req: FastifyRequest): string | undefined => {
    const auth = header(req, 'authorization') ?? '';
    return auth.startsWith('Operator ') ? auth.slice('Operator '.length).trim() : req.cookies[SESSION_COOKIE];
  };

  app.post('/v1/console/login', async (req, reply: FastifyReply) => {
    const body = LoginRequest.parse(req.body ?? {});
    const s = await login(c, { ...body, address: req.ip });
    void reply.setCookie(SESSION_COOKIE, s.token, cookieOptions(req, new Date(s.expires_at)));
    // The token itself goes to a program (the CLI) that asks for it; a page never reads it (HttpOnly).
    return { ...answer(s), ...(header(req, 'x-guichet-client') === 'cli' ? { token: s.token } : {}) };
  });

  app.post('/v1/console/enrol', async (req) => {
    const body = EnrolRequest.parse(req.body ?? {});
    // Its answer holds the TOTP secret: no-store, as every /v1/console/ answer (app.ts).
    return enrolOperator(c, { ...body, address: req.ip });
  });

  app.get('/v1/console/session', async (req, reply) => {
    const token = sessionToken(req);
    const s = token ? await sessionOf(c, token) : null;
    if (!s) return reply.code(401).send({ error: 'no session: log in', reason: 'not_logged_in' });
    return answer(s);
  });

  app.post('/v1/console/logout', async (req, reply) => {
    const token = sessionToken(req);
    if (token && !header(req, 'authorization')?.startsWith('Operator ')) {
      const csrf = header(req, CSRF_HEADER);
      if (!csrf || !sameCsrf(token, csrf)) throw new CentralError('bad_csrf', `logging out carries the session's ${CSRF_HEADER} header`, 403);
    }
    if (token) await logout(c, token);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });
}
