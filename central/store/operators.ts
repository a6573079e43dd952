/**
 * The back office's operators (#22): named accounts with roles, a password kept as an argon2id hash
 * (@node-rs/argon2), a second factor (TOTP, otpauth; each code good once), and sessions whose token
 * central keeps as its SHA-256 only. Five failed logins lock the operator, and the address they came
 * from, for 1 minute, then 2, 4 … (at most a day) after each further failure; a success clears it.
 */
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { z } from 'zod';
import { ROLES, type Role } from '../admin/roles.js';
import { CentralError, journalAtCentral, type Central } from './context.js';
import type { Queryable } from './db.js';

export const OPERATOR_NAME = /^[A-Za-z][A-Za-z0-9._-]{1,39}$/;
export const MIN_PASSWORD = 12;
/** A session ends this long after its start, whatever happens. */
export const SESSION_MAX_MS = 12 * 3600_000;
/** … or this long after its last request. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const LOCK_AFTER = 5;
const MAX_LOCK_MS = 24 * 3600_000;
const TOTP_PERIOD = 30;

export interface OperatorView {
  name: string;
  roles: Role[];
  disabled: boolean;
  failed_attempts: number;
  locked_until: string | null;
  created_at: string;
  created_by: string;
}

interface OperatorRow extends OperatorView {
  password_hash: string;
  totp_secret: string;
  totp_last_step: number;
}

export interface Session {
  operator: string;
  roles: Role[];
  csrf_token: string;
  expires_at: string;
}

const Roles = z.array(z.enum(ROLES)).min(1);

function totpOf(name: string, secret: string): TOTP {
  return new TOTP({ issuer: 'Guichet', label: name, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD });
}

/** The otpauth:// address an authenticator app reads (as a QR code or typed). */
export function otpauthUri(name: string, secret: string): string {
  return totpOf(name, secret).toString();
}

/** The code an authenticator shows at `at` (tests, and the CLI's --totp-secret helpers). */
export function totpCode(name: string, secret: string, at: string): string {
  return totpOf(name, secret).generate({ timestamp: Date.parse(at) });
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
/** The CSRF token is bound to the session: derived from its token, checked in constant time. */
export const csrfTokenOf = (token: string): string => createHash('sha256').update('guichet-console-csrf\n').update(token).digest('base64url');

export function sameCsrf(token: string, given: string): boolean {
  const a = Buffer.from(csrfTokenOf(token));
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const ROW = 'name, roles, disabled, failed_attempts, locked_until, created_at, created_by, password_hash, totp_secret, totp_last_step';

async function operatorRow(q: Queryable, name: string): Promise<OperatorRow | undefined> {
  return (await q.query<OperatorRow>(`SELECT ${ROW} FROM operators WHERE name_key = $1`, [name.toLowerCase()]))[0];
}

const view = ({ password_hash: _, totp_secret: __, totp_last_step: ___, ...v }: OperatorRow): OperatorView => v;

export async function listOperators(c: Central): Promise<OperatorView[]> {
  return (await c.db.query<OperatorRow>(`SELECT ${ROW} FROM operators ORDER BY name_key`)).map(view);
}

/** How many enabled operators hold the administrator role (none: the setup window is open). */
export async function administratorCount(q: Queryable): Promise<number> {
  const rows = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM operators WHERE NOT disabled AND roles @> '["administrator"]'::jsonb`);
  return rows[0]?.n ?? 0;
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD) throw new CentralError('weak_password', `a password of at least ${MIN_PASSWORD} characters`);
  if (password.length > 200) throw new CentralError('bad_request', 'a password of at most 200 characters');
}

/** A password to hand over once, when none is given: 20 characters from 120 random bits. */
const newPassword = (): string => randomBytes(15).toString('base64url');

export interface NewOperator {
  name: string;
  roles: Role[];
  password: string;
  /** Base32, shown once: the operator's authenticator takes it (or the otpauth URI). */
  totp_secret: string;
  otpauth_uri: string;
}

/** Adds an operator, journaled; answers its first password (the one given, or a new one) and its TOTP secret, shown once. */
export async function addOperator(c: Central, actor: string, a: { name: string; roles: readonly Role[]; password?: string | undefined }): Promise<NewOperator> {
  if (!OPERATOR_NAME.test(a.name)) throw new CentralError('bad_request', `'${a.name}' is not an operator name: 2 to 40 letters, digits, . _ -, starting with a letter`);
  const roles = [...new Set(Roles.parse(a.roles))];
  const password = a.password ?? newPassword();
  checkPassword(password);
  const secret = new Secret({ size: 20 }).base32;
  const hashed = await argonHash(password);
  await c.db.transaction(async (tx) => {
    if (await operatorRow(tx, a.name)) throw new CentralError('operator_exists', `there is already an operator named ${a.name}`, 409);
    const at = c.now();
    await tx.execute(
      `INSERT INTO operators (name, name_key, roles, password_hash, totp_secret, created_at, created_by, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $6)`,
      [a.name, a.name.toLowerCase(), JSON.stringify(roles), hashed, secret, at, actor],
    );
    await journalAtCentral(c, tx, at, actor, 'operator.add', { operator: a.name, roles });
  });
  return { name: a.name, roles, password, totp_secret: secret, otpauth_uri: otpauthUri(a.name, secret) };
}

/** Disables an operator (its sessions end), journaled. The last enabled administrator stays. */
export async function disableOperator(c: Central, actor: string, name: string, reason: string): Promise<OperatorView> {
  return c.db.transaction(async (tx) => {
    const row = await operatorRow(tx, name);
    if (!row) throw new CentralError('unknown_operator', `no operator named ${name}`, 404);
    if (row.disabled) return view(row);
    if (row.roles.includes('administrator') && (await administratorCount(tx)) <= 1) throw new CentralError('last_administrator', `${row.name} is the last administrator: add another one first`, 409);
    const at = c.now();
    await tx.execute('UPDATE operators SET disabled = true, updated_at = $2 WHERE name = $1', [row.name, at]);
    await tx.execute('UPDATE operator_sessions SET ended_at = $2 WHERE operator = $1 AND ended_at IS NULL', [row.name, at]);
    await journalAtCentral(c, tx, at, actor, 'operator.disable', { operator: row.name, reason, before: { disabled: false }, after: { disabled: true } });
    return { ...view(row), disabled: true };
  });
}

/** Gives an operator a new password and/or TOTP secret (shown once), unlocks it and ends its sessions, journaled. */
export async function resetOperator(
  c: Central,
  actor: string,
  a: { name: string; password?: boolean | undefined; totp?: boolean | undefined; reason: string },
): Promise<{ name: string; password?: string; totp_secret?: string; otpauth_uri?: string }> {
  if (!a.password && !a.totp) throw new CentralError('bad_request', 'reset the password, the second factor, or both');
  const password = a.password ? newPassword() : undefined;
  const hashed = password ? await argonHash(password) : undefined;
  const secret = a.totp ? new Secret({ size: 20 }).base32 : undefined;
  return c.db.transaction(async (tx) => {
    const row = await operatorRow(tx, a.name);
    if (!row) throw new CentralError('unknown_operator', `no operator named ${a.name}`, 404);
    const at = c.now();
    await tx.execute(
      `UPDATE operators SET password_hash = coalesce($2, password_hash), totp_secret = coalesce($3, totp_secret), totp_last_step = CASE WHEN $3::text IS NULL THEN totp_last_step ELSE 0 END,
              failed_attempts = 0, locked_until = NULL, updated_at = $4 WHERE name = $1`,
      [row.name, hashed ?? null, secret ?? null, at],
    );
    await tx.execute('UPDATE operator_sessions SET ended_at = $2 WHERE operator = $1 AND ended_at IS NULL', [row.name, at]);
    await journalAtCentral(c, tx, at, actor, 'operator.reset', { operator: row.name, password: Boolean(a.password), totp: Boolean(a.totp), reason: a.reason });
    return { name: row.name, ...(password ? { password } : {}), ...(secret ? { totp_secret: secret, otpauth_uri: otpauthUri(row.name, secret) } : {}) };
  });
}

const lockFor = (failures: number): number => Math.min(MAX_LOCK_MS, 60_000 * 2 ** Math.max(0, failures - LOCK_AFTER));

async function addressLock(q: Queryable, address: string): Promise<{ failures: number; locked_until: string | null } | undefined> {
  return (await q.query<{ failures: number; locked_until: string | null }>('SELECT failures, locked_until FROM login_failures WHERE address = $1', [address]))[0];
}

async function recordFailure(c: Central, name: string, address: string): Promise<void> {
  const now = c.now();
  const until = (n: number): string | null => (n >= LOCK_AFTER ? new Date(Date.parse(now) + lockFor(n)).toISOString() : null);
  await c.db.transaction(async (tx) => {
    const row = await operatorRow(tx, name);
    if (row) {
      const n = row.failed_attempts + 1;
      await tx.execute('UPDATE operators SET failed_attempts = $2, locked_until = $3 WHERE name = $1', [row.name, n, until(n)]);
    }
    const held = await addressLock(tx, address);
    const n = (held?.failures ?? 0) + 1;
    await tx.execute(
      `INSERT INTO login_failures (address, failures, locked_until, last_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (address) DO UPDATE SET failures = EXCLUDED.failures, locked_until = EXCLUDED.locked_until, last_at = EXCLUDED.last_at`,
      [address, n, until(n), now],
    );
  });
}

const BAD_LOGIN = 'wrong operator name, password or code';

/**
 * Logs an operator in: its password, then its current TOTP code (each code once), unless it or the
 * address is locked. Answers the session's token (to keep secret: a cookie, or the CLI's session file).
 */
export async function login(c: Central, a: { operator: string; password: string; totp: string; address: string }): Promise<Session & { token: string }> {
  const now = c.now();
  const locked = (until: string | null | undefined): boolean => Boolean(until && until > now);
  const byAddress = await addressLock(c.db, a.address);
  const row = await operatorRow(c.db, a.operator);
  if (locked(byAddress?.locked_until) || locked(row?.locked_until)) {
    const until = [byAddress?.locked_until, row?.locked_until].filter((x): x is string => Boolean(x && x > now)).sort().at(-1);
    throw new CentralError('locked', `too many failed logins: try again after ${until ?? now}`, 429, { until_at: until ?? now });
  }
  // The same work whether the name exists or not (no telling names apart by time).
  const passwordOk = row ? await argonVerify(row.password_hash, a.password).catch(() => false) : (await argonHash(a.password), false);
  let step: number | null = null;
  if (row && passwordOk && /^\d{6}$/.test(a.totp)) {
    const delta = totpOf(row.name, row.totp_secret).validate({ token: a.totp, timestamp: Date.parse(now), window: 1 });
    if (delta !== null) step = Math.floor(Date.parse(now) / 1000 / TOTP_PERIOD) + delta;
  }
  if (!row || !passwordOk || step === null || step <= row.totp_last_step || row.disabled) {
    await recordFailure(c, a.operator, a.address);
    throw new CentralError('bad_login', row?.disabled && passwordOk && step !== null ? `operator ${row.name} is disabled` : BAD_LOGIN, 401);
  }
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.parse(now) + SESSION_MAX_MS).toISOString();
  await c.db.transaction(async (tx) => {
    // The code is spent: the same one (a replay) is refused, in this period or the next.
    const spent = await tx.execute('UPDATE operators SET totp_last_step = $2, failed_attempts = 0, locked_until = NULL WHERE name = $1 AND totp_last_step < $2', [row.name, step]);
    if (spent === 0) throw new CentralError('bad_login', BAD_LOGIN, 401);
    await tx.execute('DELETE FROM login_failures WHERE address = $1', [a.address]);
    await tx.execute('INSERT INTO operator_sessions (token_hash, operator, address, created_at, expires_at, last_seen_at) VALUES ($1, $2, $3, $4, $5, $4)', [sha256(token), row.name, a.address, now, expires]);
  });
  return { token, operator: row.name, roles: row.roles, csrf_token: csrfTokenOf(token), expires_at: expires };
}

/** The session a token opens, refreshed; null when unknown, ended, expired, idle too long, or its operator disabled. */
export async function sessionOf(c: Central, token: string): Promise<Session | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const now = c.now();
  const rows = await c.db.query<{ operator: string; expires_at: string; last_seen_at: string; ended_at: string | null; roles: Role[]; disabled: boolean }>(
    `SELECT s.operator, s.expires_at, s.last_seen_at, s.ended_at, o.roles, o.disabled FROM operator_sessions s JOIN operators o ON o.name = s.operator WHERE s.token_hash = $1`,
    [sha256(token)],
  );
  const s = rows[0];
  if (!s || s.ended_at || s.disabled || s.expires_at <= now || Date.parse(s.last_seen_at) + SESSION_IDLE_MS <= Date.parse(now)) return null;
  await c.db.execute('UPDATE operator_sessions SET last_seen_at = $2 WHERE token_hash = $1 AND last_seen_at < $2', [sha256(token), now]);
  return { operator: s.operator, roles: s.roles, csrf_token: csrfTokenOf(token), expires_at: s.expires_at };
}

export async function logout(c: Central, token: string): Promise<void> {
  await c.db.execute('UPDATE operator_sessions SET ended_at = $2 WHERE token_hash = $1 AND ended_at IS NULL', [sha256(token), c.now()]);
}
