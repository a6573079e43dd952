/**
 * The back office's operators (#22): named accounts with roles, a password kept as an argon2id hash
 * (@node-rs/argon2), a second factor (TOTP, otpauth; each code good once), and sessions whose token
 * central keeps as its SHA-256 only. Each attempt is counted before the slow check (admitAttempt), so a
 * concurrent burst cannot pass the limit: five failed logins delay the operator, and the address they
 * came from, 1 minute, then 5, then 15 (at most) after each further failure; a success clears it.
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
/** The delays after the LOCK_AFTER-th failure, the next one, and every one after (the last is the cap). */
export const LOCK_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000] as const;
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

/** Before a proposal about an operator (nothing to approve otherwise): it must exist, or for a new one must not. */
export async function checkOperatorName(c: Central, name: string, exists: boolean): Promise<void> {
  const row = await operatorRow(c.db, name);
  if (exists && !row) throw new CentralError('unknown_operator', `no operator named ${name}`, 404);
  if (!exists && row) throw new CentralError('operator_exists', `there is already an operator named ${name}`, 409);
  if (!exists && !OPERATOR_NAME.test(name)) throw new CentralError('bad_request', `'${name}' is not an operator name: 2 to 40 letters, digits, . _ -, starting with a letter`);
}

export async function listOperators(c: Central): Promise<OperatorView[]> {
  return (await c.db.query<OperatorRow>(`SELECT ${ROW} FROM operators ORDER BY name_key`)).map(view);
}

/** How many enabled operators hold the administrator role. */
export async function administratorCount(q: Queryable): Promise<number> {
  const rows = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM operators WHERE NOT disabled AND roles @> '["administrator"]'::jsonb`);
  return rows[0]?.n ?? 0;
}

/**
 * Whether the setup window is open: fewer than two administrators made so far, so nobody could approve an
 * administrator's act (adding an operator is one). The data folder's holder acts as `setup` until then.
 * Disabled administrators count: one administrator disabling the other (a single-operator act) must not
 * reopen the window and hand the data folder's holder every act alone.
 */
export async function setupWindowOpen(q: Queryable): Promise<boolean> {
  const rows = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM operators WHERE roles @> '["administrator"]'::jsonb`);
  return (rows[0]?.n ?? 0) < 2;
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD) throw new CentralError('weak_password', `a password of at least ${MIN_PASSWORD} characters`);
  if (password.length > 200) throw new CentralError('bad_request', 'a password of at most 200 characters');
}

/** A secret handed over once: 20 characters from 120 random bits. */
const newSecret = (): string => randomBytes(15).toString('base64url');

/** How long a new (or reset) operator has to enrol with its code. */
export const ENROLMENT_TTL_MS = 72 * 3600_000;

/** What creating or resetting an operator answers: no password, no TOTP secret; a code only the new operator is to use. */
export interface Enrolment {
  name: string;
  roles: Role[];
  /** Shown once, to hand to the operator (never to keep): it sets its own password with it and receives its TOTP secret. */
  enrolment_code: string;
  enrolment_expires_at: string;
}

/** Who issued an operator its secrets (lower case): the proposer and approver of its creation or reset. */
const issuers = (...names: (string | undefined)[]): string[] => [...new Set(names.filter((n): n is string => Boolean(n)).map((n) => n.toLowerCase()))];

/** An unusable password hash and TOTP secret, until the operator enrols (the same work at login as a real one). */
async function lockedSecrets(): Promise<{ password_hash: string; totp_secret: string }> {
  return { password_hash: await argonHash(newSecret()), totp_secret: new Secret({ size: 20 }).base32 };
}

/**
 * Adds an operator, journaled, that cannot log in until it enrols: answers its enrolment code, shown
 * once (the operator sets its password with it, and receives its TOTP secret, itself: enrolOperator).
 * `issuedBy`: who proposed and approved the act; none of them may approve the new operator's acts.
 */
export async function addOperator(c: Central, actor: string, a: { name: string; roles: readonly Role[] }, issuedBy: readonly string[] = [actor]): Promise<Enrolment> {
  if (!OPERATOR_NAME.test(a.name)) throw new CentralError('bad_request', `'${a.name}' is not an operator name: 2 to 40 letters, digits, . _ -, starting with a letter`);
  const roles = [...new Set(Roles.parse(a.roles))];
  const code = newSecret();
  const locked = await lockedSecrets();
  return c.db.transaction(async (tx) => {
    if (await operatorRow(tx, a.name)) throw new CentralError('operator_exists', `there is already an operator named ${a.name}`, 409);
    const at = c.now();
    const expires = new Date(Date.parse(at) + ENROLMENT_TTL_MS).toISOString();
    await tx.execute(
      `INSERT INTO operators (name, name_key, roles, password_hash, totp_secret, created_at, created_by, updated_at, enrolment_hash, enrolment_expires_at, issued_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $8, $9, $10)`,
      [a.name, a.name.toLowerCase(), JSON.stringify(roles), locked.password_hash, locked.totp_secret, at, actor, sha256(code), expires, JSON.stringify(issuers(...issuedBy))],
    );
    await journalAtCentral(c, tx, at, actor, 'operator.add', { operator: a.name, roles, issued_by: issuers(...issuedBy), enrolment_expires_at: expires });
    return { name: a.name, roles, enrolment_code: code, enrolment_expires_at: expires };
  });
}

/**
 * An operator enrols with the code its creation (or reset) answered: sets its own password, and receives
 * its TOTP secret, once. The code is spent; a wrong one counts as a failed login.
 */
export async function enrolOperator(c: Central, a: { operator: string; code: string; password: string; address: string }): Promise<{ name: string; totp_secret: string; otpauth_uri: string }> {
  checkPassword(a.password);
  const now = c.now();
  const row = await admitAttempt(c, a.operator, a.address);
  const pending = row ? (await c.db.query<{ enrolment_hash: string | null; enrolment_expires_at: string | null }>('SELECT enrolment_hash, enrolment_expires_at FROM operators WHERE name = $1', [row.name]))[0] : undefined;
  const given = Buffer.from(sha256(a.code));
  const ok = Boolean(row && !row.disabled && pending?.enrolment_hash && pending.enrolment_expires_at && pending.enrolment_expires_at > now && timingSafeEqual(Buffer.from(pending.enrolment_hash), given));
  if (!row || !ok) {
    throw new CentralError('bad_enrolment', 'wrong operator name or enrolment code, or the code expired or was used: ask an administrator for a new one (operator reset)', 401);
  }
  const hashed = await argonHash(a.password);
  const secret = new Secret({ size: 20 }).base32;
  await c.db.transaction(async (tx) => {
    const at = c.now();
    const n = await tx.execute(
      `UPDATE operators SET password_hash = $2, totp_secret = $3, totp_last_step = 0, enrolment_hash = NULL, enrolment_expires_at = NULL, failed_attempts = 0, locked_until = NULL, updated_at = $4
        WHERE name = $1 AND enrolment_hash = $5`,
      [row.name, hashed, secret, at, sha256(a.code)],
    );
    if (n === 0) throw new CentralError('bad_enrolment', 'this enrolment code was used meanwhile', 401);
    await tx.execute('DELETE FROM login_failures WHERE address = $1', [a.address]);
    await journalAtCentral(c, tx, at, row.name, 'operator.enrol', { operator: row.name });
  });
  return { name: row.name, totp_secret: secret, otpauth_uri: otpauthUri(row.name, secret) };
}

/**
 * Refuses an approval by an operator who issued the proposer its secrets, or whose secrets the proposer
 * issued (created or reset by them, as proposer or approver): one person would hold both accounts.
 */
export async function checkIndependent(q: Queryable, proposer: string, approver: string, proposal: number): Promise<void> {
  const rows = await q.query<{ name_key: string; issued_by: string[] }>('SELECT name_key, issued_by FROM operators WHERE name_key = ANY($1)', [[proposer.toLowerCase(), approver.toLowerCase()]]);
  const of = (name: string): string[] => rows.find((r) => r.name_key === name.toLowerCase())?.issued_by ?? [];
  if (of(approver).includes(proposer.toLowerCase()) || of(proposer).includes(approver.toLowerCase())) {
    throw new CentralError(
      'not_independent',
      `${approver} may not approve #${proposal}: one of ${approver} and ${proposer} created or reset the other, and could log in as both (dual control needs two people)`,
      403,
      { id: proposal, proposer, approver },
    );
  }
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

/**
 * Resets an operator's secrets: its password and TOTP secret made unusable, its sessions ended, unlocked,
 * journaled; answers a new enrolment code (shown once) for the operator to set new ones itself.
 * `issuedBy` (proposer and approver) join those who may not approve its acts.
 */
export async function resetOperator(c: Central, actor: string, a: { name: string; reason: string }, issuedBy: readonly string[] = [actor]): Promise<Enrolment> {
  const code = newSecret();
  const locked = await lockedSecrets();
  return c.db.transaction(async (tx) => {
    const row = await operatorRow(tx, a.name);
    if (!row) throw new CentralError('unknown_operator', `no operator named ${a.name}`, 404);
    const at = c.now();
    const expires = new Date(Date.parse(at) + ENROLMENT_TTL_MS).toISOString();
    const held = (await tx.query<{ issued_by: string[] }>('SELECT issued_by FROM operators WHERE name = $1', [row.name]))[0]?.issued_by ?? [];
    const issued = issuers(...held, ...issuedBy);
    await tx.execute(
      `UPDATE operators SET password_hash = $2, totp_secret = $3, totp_last_step = 0, enrolment_hash = $4, enrolment_expires_at = $5, issued_by = $6,
              failed_attempts = 0, locked_until = NULL, updated_at = $7 WHERE name = $1`,
      [row.name, locked.password_hash, locked.totp_secret, sha256(code), expires, JSON.stringify(issued), at],
    );
    await tx.execute('UPDATE operator_sessions SET ended_at = $2 WHERE operator = $1 AND ended_at IS NULL', [row.name, at]);
    await journalAtCentral(c, tx, at, actor, 'operator.reset', { operator: row.name, reason: a.reason, issued_by: issued, enrolment_expires_at: expires });
    return { name: row.name, roles: row.roles, enrolment_code: code, enrolment_expires_at: expires };
  });
}

/** Changes an operator's roles (its sessions end: they carry the roles), journaled. The last enabled administrator stays one. */
export async function setOperatorRoles(c: Central, actor: string, a: { name: string; roles: readonly Role[]; reason: string }): Promise<OperatorView> {
  const roles = [...new Set(Roles.parse(a.roles))];
  return c.db.transaction(async (tx) => {
    const row = await operatorRow(tx, a.name);
    if (!row) throw new CentralError('unknown_operator', `no operator named ${a.name}`, 404);
    if (row.roles.includes('administrator') && !roles.includes('administrator') && !row.disabled && (await administratorCount(tx)) <= 1) {
      throw new CentralError('last_administrator', `${row.name} is the last administrator: add another one first`, 409);
    }
    const at = c.now();
    await tx.execute('UPDATE operators SET roles = $2, updated_at = $3 WHERE name = $1', [row.name, JSON.stringify(roles), at]);
    await tx.execute('UPDATE operator_sessions SET ended_at = $2 WHERE operator = $1 AND ended_at IS NULL', [row.name, at]);
    await journalAtCentral(c, tx, at, actor, 'operator.roles', { operator: row.name, reason: a.reason, before: { roles: row.roles }, after: { roles } });
    return { ...view(row), roles };
  });
}

/**
 * Counts an attempt of `name` from `address` as a failure BEFORE it is checked, in one statement each
 * (its WHERE re-read under the row's lock), so concurrent attempts cannot pass the limit: the attempt
 * reaching LOCK_AFTER sets the delay at once. Refused (429 `locked`) while the operator or the address
 * waits out its delay; a success then clears both (login, enrolOperator). Answers the operator's row.
 */
async function admitAttempt(c: Central, name: string, address: string): Promise<OperatorRow | undefined> {
  const now = c.now();
  const delay = (i: number): string => new Date(Date.parse(now) + LOCK_DELAYS_MS[i]!).toISOString();
  // $2 now; $3, $4, $5 the ends of the 1st, 2nd and later delays; `n` the count with this attempt.
  const lockCase = (n: string, held: string) => `CASE WHEN ${n} > ${LOCK_AFTER + 1} THEN $5 WHEN ${n} = ${LOCK_AFTER + 1} THEN $4 WHEN ${n} = ${LOCK_AFTER} THEN $3 ELSE ${held} END`;
  const params = [now, delay(0), delay(1), delay(2)];
  return c.db.transaction(async (tx) => {
    const byAddress = await tx.query<{ failures: number }>(
      `INSERT INTO login_failures (address, failures, locked_until, last_at) VALUES ($1, 1, NULL, $2)
       ON CONFLICT (address) DO UPDATE SET failures = login_failures.failures + 1, last_at = $2,
              locked_until = ${lockCase('login_failures.failures + 1', 'login_failures.locked_until')}
        WHERE login_failures.locked_until IS NULL OR login_failures.locked_until <= $2
       RETURNING failures`,
      [address, ...params],
    );
    const row = await operatorRow(tx, name);
    const byName = row
      ? await tx.query<{ failed_attempts: number }>(
          `UPDATE operators SET failed_attempts = failed_attempts + 1, locked_until = ${lockCase('failed_attempts + 1', 'locked_until')}
            WHERE name = $1 AND (locked_until IS NULL OR locked_until <= $2) RETURNING failed_attempts`,
          [row.name, ...params],
        )
      : [{ failed_attempts: 0 }];
    if (byAddress.length === 0 || byName.length === 0) {
      const held = await tx.query<{ until: string }>(
        `SELECT locked_until AS until FROM login_failures WHERE address = $1 AND locked_until > $3
         UNION ALL SELECT locked_until FROM operators WHERE name_key = $2 AND locked_until > $3`,
        [address, name.toLowerCase(), now],
      );
      const until = held.map((h) => h.until).sort().at(-1) ?? now;
      // Thrown: the transaction rolls back, so a refused attempt counts nowhere.
      throw new CentralError('locked', `too many failed logins: try again after ${until}`, 429, { until_at: until });
    }
    return row;
  });
}

const BAD_LOGIN = 'wrong operator name, password or code';

/**
 * Logs an operator in: its password, then its current TOTP code (each code once), unless it or the
 * address waits out a delay (the attempt is counted first: admitAttempt). Answers the session's token (to keep secret: a cookie, or the CLI's session file).
 */
export async function login(c: Central, a: { operator: string; password: string; totp: string; address: string }): Promise<Session & { token: string }> {
  const now = c.now();
  const row = await admitAttempt(c, a.operator, a.address);
  // The same work whether the name exists or not (no telling names apart by time).
  const passwordOk = row ? await argonVerify(row.password_hash, a.password).catch(() => false) : (await argonHash(a.password), false);
  let step: number | null = null;
  if (row && passwordOk && /^\d{6}$/.test(a.totp)) {
    const delta = totpOf(row.name, row.totp_secret).validate({ token: a.totp, timestamp: Date.parse(now), window: 1 });
    if (delta !== null) step = Math.floor(Date.parse(now) / 1000 / TOTP_PERIOD) + delta;
  }
  if (!row || !passwordOk || step === null || step <= row.totp_last_step || row.disabled) {
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
