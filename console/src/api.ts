/**
 * The console's one door to central: `POST /v1/admin/:op` with the session cookie (`guichet_console`,
 * sent by the browser) and the `x-csrf-token` the login answered, per the #22 contract; the session API
 * (`/v1/console/login|session|logout`, and `/v1/console/enrol` for a new operator). Every permission is
 * checked by central, never here.
 */
import { z } from 'zod';
import { checkView } from './view-check.js';

export const SessionAnswer = z.object({ operator: z.string(), roles: z.array(z.string()), csrf_token: z.string(), may: z.array(z.string()) });
export type Session = z.infer<typeof SessionAnswer>;

const Refusal = z.object({ error: z.string(), reason: z.string(), facts: z.record(z.string(), z.union([z.string(), z.number()])).optional() });

export class OpError extends Error {
  constructor(
    message: string,
    readonly reason: string,
    readonly status: number,
    /** What central's refusal is about, for the page to say it in its words (refusal-words.ts). */
    readonly facts: Readonly<Record<string, string | number>> = {},
  ) {
    super(message);
  }
}

let csrf: string | null = null;

/** A fresh idempotency key: 128 random bits (getRandomValues: randomUUID needs a secure context). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function send(path: string, body: unknown, reason?: string, idempotencyKey?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  // Every act carries its own key (#21): central runs it once, however often it is sent.
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  // Why the operator acts (the journal's "why"): a header, so the op's own arguments stay as they are.
  if (reason) headers['x-guichet-reason'] = encodeURIComponent(reason);
  if (csrf) headers['x-csrf-token'] = csrf;
  return fetch(path, { method: 'POST', headers, body: JSON.stringify(body ?? {}), credentials: 'same-origin' });
}

async function refusal(res: Response): Promise<OpError> {
  const parsed = Refusal.safeParse(await res.json().catch(() => null));
  return parsed.success ? new OpError(parsed.data.error, parsed.data.reason, res.status, parsed.data.facts) : new OpError(`central answered ${res.status}`, 'http', res.status);
}

/** An op's answer: `result` of a 200; `{proposal_id, status: 'proposed'}` of a 202 (dual control). */
export type OpAnswer<T> = { status: 'done'; result: T } | { status: 'proposed'; proposal_id: string };

const Proposed = z.object({ result: z.object({ proposal_id: z.union([z.string(), z.number()]).transform(String), status: z.literal('proposed') }) });

export async function runOp<T = unknown>(op: string, args: Record<string, unknown> = {}, reason?: string): Promise<OpAnswer<T>> {
  const res = await send(`/v1/admin/${encodeURIComponent(op)}`, args, reason, newKey());
  if (res.status === 202) {
    const p = Proposed.parse(await res.json());
    return { status: 'proposed', proposal_id: p.result.proposal_id };
  }
  if (!res.ok) throw await refusal(res);
  const body = (await res.json()) as { result: T };
  return { status: 'done', result: body.result };
}

/** A read op's result (a read never asks for a second operator). */
export async function readOp<T>(op: string, args: Record<string, unknown> = {}): Promise<T> {
  const a = await runOp<T>(op, args);
  if (a.status !== 'done') throw new OpError(`${op} was proposed instead of read`, 'proposed', 202);
  return a.result;
}

/** A read op's result, checked against its view's schema (a wrong one is a ViewError, view-check.ts). */
export async function readView<S extends z.ZodType>(op: string, schema: S, args: Record<string, unknown> = {}): Promise<z.infer<S>> {
  return checkView(op, schema, await readOp<unknown>(op, args));
}

/** The current session, or null (not logged in). */
export async function currentSession(): Promise<Session | null> {
  const res = await fetch('/v1/console/session', { credentials: 'same-origin' });
  // 401: not logged in: the login page.
  if (res.status === 401) return null;
  if (!res.ok) throw await refusal(res);
  const s = SessionAnswer.parse(await res.json());
  csrf = s.csrf_token;
  return s;
}

export async function login(operator: string, password: string, totp: string): Promise<Session> {
  const res = await fetch('/v1/console/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operator, password, totp }), credentials: 'same-origin' });
  if (!res.ok) throw await refusal(res);
  const s = SessionAnswer.parse(await res.json());
  csrf = s.csrf_token;
  return s;
}

export const EnrolAnswer = z.object({ name: z.string(), totp_secret: z.string(), otpauth_uri: z.string() });
export type Enrolled = z.infer<typeof EnrolAnswer>;

/** A new (or reset) operator sets its own password with its enrolment code; answers its TOTP secret, once. */
export async function enrol(operator: string, code: string, password: string): Promise<Enrolled> {
  const res = await fetch('/v1/console/enrol', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operator, code, password }), credentials: 'same-origin' });
  if (!res.ok) throw await refusal(res);
  return EnrolAnswer.parse(await res.json());
}

export async function logout(): Promise<void> {
  await send('/v1/console/logout', {});
  csrf = null;
}
