/** Sends an administrative operation to the service that holds a data folder: as an operator's session, or the setup actor (loopback, admin token). */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { join, resolve } from 'node:path';
import { TOKEN_FILE, type ServingRecord } from '../server/holder.js';

export class AdminRefusal extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** How a request authenticates: an operator's session token, or the data folder's admin token (setup). */
export type ServiceAuth = { session: string } | { setup: true };

async function post(rec: ServingRecord & { url: string }, path: string, payload: unknown, headers: Record<string, string>): Promise<{ status: number; json: { result?: unknown; error?: string; reason?: string } & Record<string, unknown> }> {
  const url = new URL(path, rec.url);
  const body = Buffer.from(JSON.stringify(payload ?? {}));
  const options: https.RequestOptions = {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': body.length, ...headers },
    timeout: 120_000,
  };
  if (url.protocol === 'https:' && rec.tls_cert) {
    // Pin the service's own certificate (it may be self-signed and name another host than loopback).
    options.ca = readFileSync(rec.tls_cert);
    options.checkServerIdentity = () => undefined;
  }
  const lib = url.protocol === 'https:' ? https : http;
  const { status, text } = await new Promise<{ status: number; text: string }>((resolvePromise, reject) => {
    const req = lib.request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('the service did not answer in time')));
    req.on('error', (err) => reject(new Error(`cannot reach the running service at ${rec.url}: ${err.message}`)));
    req.end(body);
  });
  try {
    return { status, json: JSON.parse(text) as { result?: unknown; error?: string; reason?: string } };
  } catch {
    throw new Error(`the service at ${rec.url} answered ${status} without JSON`);
  }
}

function authHeaders(dataDir: string, auth: ServiceAuth): Record<string, string> {
  if ('session' in auth) return { authorization: `Operator ${auth.session}` };
  return { authorization: `Bearer ${readFileSync(join(resolve(dataDir), TOKEN_FILE), 'utf8').trim()}` };
}

/** How many times a request that got no answer (connection cut, 503 during a failover) is sent again, with the same idempotency key. */
const RESENDS = 5;

/**
 * Runs `op`; answers its result (or, under dual control, the proposal it made). Every request carries
 * an idempotency key made here (#21): sent again after no answer or a 503, the act runs once and the
 * stored answer comes back.
 */
export async function callService(dataDir: string, rec: ServingRecord & { url: string }, op: string, args: unknown, auth: ServiceAuth = { setup: true }, reason?: string, idempotencyKey: string = randomUUID()): Promise<unknown> {
  const headers = { ...authHeaders(dataDir, auth), 'idempotency-key': idempotencyKey, ...(reason ? { 'x-guichet-reason': encodeURIComponent(reason) } : {}) };
  let answer: Awaited<ReturnType<typeof post>> | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      answer = await post(rec, `/v1/admin/${op}`, args, headers);
      if (answer.status !== 503 || attempt >= RESENDS) break;
    } catch (err) {
      // Sent, and the answer lost (connection cut): send again. Refused (nobody listens): no point.
      if (attempt >= RESENDS || !/ECONNRESET|socket hang up|did not answer/.test((err as Error).message)) throw err;
    }
    await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
  }
  const { status, json } = answer;
  if (status !== 200 && status !== 202) throw new AdminRefusal(json.reason ?? 'error', json.error ?? `the service answered ${status}`, status);
  return json.result;
}

/** Logs in at the service; answers the session (its token for the CLI to keep). */
export async function loginAtService(rec: ServingRecord & { url: string }, a: { operator: string; password: string; totp: string }): Promise<{ token: string; operator: string; roles: string[]; expires_at: string }> {
  // The login's three fields alone: the service refuses any other (a caller's `kind`, say).
  const { status, json } = await post(rec, '/v1/console/login', { operator: a.operator, password: a.password, totp: a.totp }, { 'x-guichet-client': 'cli' });
  if (status !== 200) throw new AdminRefusal(json.reason ?? 'error', json.error ?? `the service answered ${status}`, status);
  return json as unknown as { token: string; operator: string; roles: string[]; expires_at: string };
}

/** A new (or reset) operator enrols at the running service: its password set with its code; answers its TOTP secret. */
export async function enrolAtService(rec: ServingRecord & { url: string }, a: { operator: string; code: string; password: string }): Promise<{ name: string; totp_secret: string; otpauth_uri: string }> {
  const { status, json } = await post(rec, '/v1/console/enrol', a, { 'x-guichet-client': 'cli' });
  if (status !== 200) throw new AdminRefusal(json.reason ?? 'error', json.error ?? `the service answered ${status}`, status);
  return json as unknown as { name: string; totp_secret: string; otpauth_uri: string };
}

export async function logoutAtService(rec: ServingRecord & { url: string }, token: string): Promise<void> {
  await post(rec, '/v1/console/logout', {}, { authorization: `Operator ${token}` });
}
