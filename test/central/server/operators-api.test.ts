/**
 * #22 on the API (not a page), PGlite: operators log in with a password and a TOTP code into a cookie
 * session guarded by a CSRF token; a growing lockout; every role refused what it may not do; dual
 * control (the proposer cannot approve, a read-only role cannot either, a second operator's approval
 * runs the act, journaled); the admin token creates the first administrator and nothing after.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_OPS, isWrite, type AdminOpDef } from '../../../central/admin/ops.js';
import { mayRun, ROLES, type Role } from '../../../central/admin/roles.js';
import { buildCentralServer } from '../../../central/server/app.js';
import type { Central } from '../../../central/store/context.js';
import { stopListChange } from '../../../central/store/feed.js';
import { totpCode } from '../../../central/store/operators.js';
import { testCentral } from '../support/engines.js';
import { createOperator, type TestOperator } from '../support/operators.js';

const ADMIN_TOKEN = 'test-admin-token-0123456789';

describe('operators, sessions, roles and dual control on the admin API', () => {
  let c: Central;
  let close: () => Promise<void>;
  let app: FastifyInstance;
  let clock = Date.parse('2026-12-02T10:00:00.000Z');
  const tick = (ms = 31_000): void => {
    clock += ms;
  };
  const ops: Record<string, TestOperator> = {};

  beforeAll(async () => {
    const made = await testCentral('pglite', 'operators', { now: () => new Date(clock).toISOString() });
    c = made.central;
    close = made.close;
    app = buildCentralServer(c, { adminToken: ADMIN_TOKEN });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await close?.();
  });

  const login = async (o: TestOperator, totp = o.totp(), password = o.password, address = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/v1/console/login', payload: { operator: o.name, password, totp }, remoteAddress: address });

  /** Logs in and answers the headers of an `Authorization: Operator` request (as the CLI sends them). */
  const sessionOf = async (o: TestOperator): Promise<Record<string, string>> => {
    tick();
    const r = await app.inject({ method: 'POST', url: '/v1/console/login', payload: { operator: o.name, password: o.password, totp: o.totp() }, headers: { 'x-guichet-client': 'cli' } });
    expect(r.statusCode, r.body).toBe(200);
    return { authorization: `Operator ${(r.json() as { token: string }).token}` };
  };
  const admin = (op: string, args: unknown, headers: Record<string, string>) => app.inject({ method: 'POST', url: `/v1/admin/${op}`, payload: args as object, headers });

  it('creates the first two administrators with the admin token, each enrolling itself, and refuses the token afterwards', async () => {
    const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const first = await admin('operator.add', { name: 'root-admin', roles: ['administrator'] }, bearer);
    expect(first.statusCode, first.body).toBe(200);
    const made = (first.json() as { result: { enrolment_code: string; password?: string; totp_secret?: string } }).result;
    expect(made.password ?? made.totp_secret).toBeUndefined();
    // Until it enrols, nobody logs in as it; a wrong code is refused.
    expect((await app.inject({ method: 'POST', url: '/v1/console/enrol', payload: { operator: 'root-admin', code: 'not-the-code', password: 'root-admin-password' } })).statusCode).toBe(401);
    const enrol = await app.inject({ method: 'POST', url: '/v1/console/enrol', payload: { operator: 'root-admin', code: made.enrolment_code, password: 'root-admin-password' } });
    expect(enrol.statusCode, enrol.body).toBe(200);
    const enrolled = enrol.json() as { totp_secret: string; otpauth_uri: string };
    expect(enrolled.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Guichet:root-admin\?/);
    // The code is good once.
    expect((await app.inject({ method: 'POST', url: '/v1/console/enrol', payload: { operator: 'root-admin', code: made.enrolment_code, password: 'another-password-x' } })).statusCode).toBe(401);
    // The password is kept as an argon2id hash, never as given.
    const [row] = await c.db.query<{ password_hash: string }>(`SELECT password_hash FROM operators WHERE name = 'root-admin'`);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    // One administrator could approve nothing of an administrator's: the token makes the second one too.
    expect((await admin('operator.add', { name: 'root-deputy', roles: ['administrator'] }, bearer)).statusCode).toBe(200);
    const again = await admin('terminal.list', {}, bearer);
    expect([again.statusCode, (again.json() as { reason: string }).reason]).toEqual([401, 'not_logged_in']);
    // The secrets shown once are not in the journal.
    const journal = await c.db.query<{ payload: unknown }>(`SELECT payload FROM central_journal`);
    expect(JSON.stringify(journal)).not.toContain(made.enrolment_code);
    expect(JSON.stringify(journal)).not.toContain(enrolled.totp_secret);
    expect(JSON.stringify(journal)).not.toContain('root-admin-password');
  });

  it("refuses issue 39's attack: an administrator adds a second operator, logs in as it and approves her own act", async () => {
    const alice = await createOperator(c, { name: 'alice39', roles: ['administrator'] });
    const bob = await createOperator(c, { name: 'bob39', roles: ['administrator'] });
    const carol = await createOperator(c, { name: 'carol39', roles: ['security'] });
    const asAlice = await sessionOf(alice);
    const limit = await admin('config.set', { key: 'commission_issue39', value: 1 }, { ...asAlice, 'x-guichet-reason': 'mine' });
    expect(limit.statusCode, limit.body).toBe(202);
    const limitId = (limit.json() as { result: { proposal_id: number } }).result.proposal_id;
    // Adding an operator is proposed, not done, and answers no secret.
    const add = await admin('operator.add', { name: 'mallory39', roles: ['administrator', 'security'] }, { ...asAlice, 'x-guichet-reason': 'a colleague' });
    expect(add.statusCode, add.body).toBe(202);
    expect(add.body).not.toMatch(/password|totp|enrolment_code/);
    const addId = (add.json() as { result: { proposal_id: number } }).result.proposal_id;
    // A name taken is refused before anything is proposed.
    expect((await admin('operator.add', { name: 'BOB39', roles: ['auditor'] }, { ...asAlice, 'x-guichet-reason': 'again' })).statusCode).toBe(409);
    expect((await admin('proposal.approve', { id: addId, reason: 'mine' }, asAlice)).statusCode).toBe(403);
    // Bob approves: the code goes to him, never to the proposer (her list shows it hidden).
    const approved = await admin('proposal.approve', { id: addId, reason: 'ok' }, await sessionOf(bob));
    expect(approved.statusCode, approved.body).toBe(200);
    const code = (approved.json() as { result: { result: { enrolment_code: string } } }).result.result.enrolment_code;
    const listed = await admin('proposal.list', {}, asAlice);
    expect(listed.body).not.toContain(code);
    // Even with the code in hand (bob gave it to her), alice's new operator approves none of her acts, nor of bob's.
    expect((await app.inject({ method: 'POST', url: '/v1/console/enrol', payload: { operator: 'mallory39', code, password: 'mallory-password-1' } })).statusCode).toBe(200);
    const [mallorySecret] = await c.db.query<{ totp_secret: string }>(`SELECT totp_secret FROM operators WHERE name = 'mallory39'`);
    const mallory: TestOperator = { name: 'mallory39', password: 'mallory-password-1', totpSecret: mallorySecret!.totp_secret, otpauthUri: '', totp: () => totpCode('mallory39', mallorySecret!.totp_secret, c.now()) };
    const asMallory = await sessionOf(mallory);
    const refused = await admin('proposal.approve', { id: limitId, reason: 'looks fine' }, asMallory);
    expect([refused.statusCode, (refused.json() as { reason: string }).reason]).toEqual([403, 'not_independent']);
    // Nor may alice approve what her operator proposes.
    const theirs = await admin('config.set', { key: 'commission_issue39', value: 2 }, { ...asMallory, 'x-guichet-reason': 'mine too' });
    const theirsId = (theirs.json() as { result: { proposal_id: number } }).result.proposal_id;
    expect((await admin('proposal.approve', { id: theirsId, reason: 'ok' }, asAlice)).statusCode).toBe(403);
    expect((await c.db.query(`SELECT 1 FROM config WHERE key = 'commission_issue39'`)).length).toBe(0);
    // A second person (carol, whom neither made) approves alice's act.
    const ok = await admin('proposal.approve', { id: limitId, reason: 'checked' }, await sessionOf(carol));
    expect(ok.statusCode, ok.body).toBe(200);
    // Giving an operator roles is an administrator's act under dual control too: proposed, nothing changed.
    const roles = await admin('operator.roles', { name: 'carol39', roles: ['administrator'], reason: 'promotion' }, asAlice);
    expect([roles.statusCode, (roles.json() as { result: { status: string } }).result.status]).toEqual([202, 'proposed']);
    expect((await c.db.query<{ roles: string[] }>(`SELECT roles FROM operators WHERE name = 'carol39'`))[0]!.roles).toEqual(['security']);
  });

  it('logs in into a cookie session whose requests need its CSRF token; logs out', async () => {
    const o = await createOperator(c, { name: 'sue', roles: ['support'] });
    tick();
    const r = await login(o);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as { operator: string; roles: Role[]; csrf_token: string; token?: string; may: string[] };
    expect(body).toMatchObject({ operator: 'sue', roles: ['support'] });
    expect(body.token).toBeUndefined();
    // What the console may offer support: investigating an exception and shipping packs, not a write-off or a stop-list change.
    expect(body.may).toEqual(expect.arrayContaining(['exceptions.investigate', 'packs.ship', 'console.fleet', 'proposal.approve']));
    for (const op of ['exceptions.write-off', 'stoplist.add', 'config.set', 'operator.add']) expect(body.may).not.toContain(op);
    const set = String(r.headers['set-cookie']);
    expect(set).toMatch(/^guichet_console=[A-Za-z0-9_-]{43};/);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Strict/);
    expect(set).toMatch(/Path=\//);
    // Over http to loopback the cookie cannot be Secure (the browser would drop it); from anywhere else it is.
    expect(set).not.toMatch(/Secure/);
    const far = await createOperator(c, { name: 'far', roles: ['auditor'] });
    const farLogin = await login(far, far.totp(), far.password, '192.0.2.10');
    expect(String(farLogin.headers['set-cookie'])).toMatch(/; Secure/);
    // An auditor's session may run reads only: the console offers no act.
    const farMay = (farLogin.json() as { may: string[] }).may;
    expect(farMay).toContain('console.fleet');
    for (const op of ['exceptions.investigate', 'exceptions.write-off', 'stoplist.add', 'terminal.disable', 'proposal.approve', 'claims.pay']) expect(farMay).not.toContain(op);
    const cookie = set.split(';')[0]!;
    expect((await app.inject({ method: 'GET', url: '/v1/console/session', headers: { cookie } })).json()).toMatchObject({ operator: 'sue', csrf_token: body.csrf_token });
    // Without the CSRF token (a forged cross-site request), or with another session's, refused.
    expect((await admin('terminal.list', {}, { cookie })).statusCode).toBe(403);
    expect((await admin('terminal.list', {}, { cookie, 'x-csrf-token': 'A'.repeat(43) })).statusCode).toBe(403);
    expect((await admin('terminal.list', {}, { cookie, 'x-csrf-token': body.csrf_token })).statusCode).toBe(200);
    // The same code twice is refused (a replayed code).
    expect((await login(o)).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/v1/console/logout', headers: { cookie, 'x-csrf-token': body.csrf_token } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/v1/console/session', headers: { cookie } })).statusCode).toBe(401);
    expect((await admin('terminal.list', {}, { cookie, 'x-csrf-token': body.csrf_token })).statusCode).toBe(401);
  });

  it('refuses the right password with a wrong or stale one-time code, and lets nobody in on a password alone', async () => {
    const o = await createOperator(c, { name: 'tess', roles: ['auditor'] });
    tick();
    const wrong = String((Number(o.totp()) + 1) % 1_000_000).padStart(6, '0');
    const r = await login(o, wrong);
    expect([r.statusCode, r.headers['set-cookie']]).toEqual([401, undefined]);
    expect((await login(o, '')).statusCode).toBe(400);
    // A code of long ago (two minutes before) is refused as well.
    const stale = o.totp();
    tick(120_000);
    expect((await login(o, stale)).statusCode).toBe(401);
    expect((await login(o)).statusCode).toBe(200);
  });

  it('locks an operator, and the address, after 5 failures, longer after each further one', async () => {
    const o = await createOperator(c, { name: 'lou', roles: ['auditor'] });
    const addr = '10.0.0.7';
    for (let i = 0; i < 5; i++) expect((await login(o, o.totp(), 'wrong-password-x', addr)).statusCode).toBe(401);
    tick();
    // The right password and code are refused while locked, from that address and from another.
    expect((await login(o, o.totp(), o.password, addr)).statusCode).toBe(429);
    expect((await login(o, o.totp(), o.password, '10.0.0.8')).statusCode).toBe(429);
    // Another operator from the locked address is refused too.
    const other = await createOperator(c, { name: 'ann', roles: ['auditor'] });
    expect((await login(other, other.totp(), other.password, addr)).statusCode).toBe(429);
    tick(61_000);
    expect((await login(o, o.totp(), 'wrong-password-x', addr)).statusCode).toBe(401);
    const [row] = await c.db.query<{ locked_until: string }>(`SELECT locked_until FROM operators WHERE name = 'lou'`);
    expect(Date.parse(row!.locked_until) - clock).toBe(5 * 60_000);
    tick(5 * 60_000 + 1_000);
    expect((await login(o, o.totp(), 'wrong-password-x', addr)).statusCode).toBe(401);
    const [capped] = await c.db.query<{ locked_until: string }>(`SELECT locked_until FROM operators WHERE name = 'lou'`);
    expect(Date.parse(capped!.locked_until) - clock).toBe(15 * 60_000);
    tick(15 * 60_000 + 1_000);
    expect((await login(o, o.totp(), o.password, addr)).statusCode).toBe(200);
  });

  it('issue 39 #8: a concurrent burst of wrong logins records exactly the limit, and no more reach the password check', async () => {
    const o = await createOperator(c, { name: 'burst', roles: ['auditor'] });
    tick();
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(o, o.totp(), 'wrong-password-x', '10.0.1.1')));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    const [row] = await c.db.query<{ failed_attempts: number }>(`SELECT failed_attempts FROM operators WHERE name = 'burst'`);
    expect(row!.failed_attempts).toBe(5);
  });

  it('issue 39 #8: a lock delays rather than shuts out: the real operator logs in once the delay is over, which clears it', async () => {
    const o = await createOperator(c, { name: 'delayed', roles: ['auditor'] });
    tick();
    for (let i = 0; i < 5; i++) expect((await login(o, o.totp(), 'wrong-password-x', '10.0.1.2')).statusCode).toBe(401);
    expect((await login(o, o.totp(), o.password, '10.0.1.3')).statusCode).toBe(429);
    // A stranger tries again after each delay (1, 5, 15, 15 minutes): the delay stops growing at 15.
    for (const minutes of [1, 5, 15, 15]) {
      tick(minutes * 60_000 + 1_000);
      expect((await login(o, o.totp(), 'wrong-password-x', `10.0.2.${minutes}`)).statusCode).toBe(401);
    }
    expect((await login(o, o.totp(), o.password, '10.0.1.3')).statusCode).toBe(429);
    tick(15 * 60_000 + 1_000);
    expect((await login(o, o.totp(), o.password, '10.0.1.3')).statusCode).toBe(200);
    const [row] = await c.db.query<{ failed_attempts: number; locked_until: string | null }>(`SELECT failed_attempts, locked_until FROM operators WHERE name = 'delayed'`);
    expect(row).toEqual({ failed_attempts: 0, locked_until: null });
  });

  it('issue 39 #8: counts the address behind a trusted proxy only; X-Forwarded-For from a stranger is ignored', async () => {
    const proxied = buildCentralServer(c, { adminToken: ADMIN_TOKEN, trustedProxies: ['10.9.9.9'] });
    await proxied.ready();
    try {
      const o = await createOperator(c, { name: 'proxied', roles: ['auditor'] });
      const attempt = (remoteAddress: string, forwarded: string) =>
        proxied.inject({ method: 'POST', url: '/v1/console/login', payload: { operator: o.name, password: 'wrong-password-x', totp: o.totp() }, remoteAddress, headers: { 'x-forwarded-for': forwarded } });
      const failures = async (address: string) => (await c.db.query<{ failures: number }>('SELECT failures FROM login_failures WHERE address = $1', [address]))[0]?.failures ?? 0;
      expect((await attempt('10.1.1.1', '10.2.2.2')).statusCode).toBe(401);
      expect([await failures('10.1.1.1'), await failures('10.2.2.2')]).toEqual([1, 0]);
      expect((await attempt('10.9.9.9', '10.3.3.3')).statusCode).toBe(401);
      expect([await failures('10.3.3.3'), await failures('10.9.9.9')]).toEqual([1, 0]);
    } finally {
      await proxied.close();
    }
  });

  it('refuses every role each operation it may not run (403), checked on the server', async () => {
    const entries = Object.entries(ADMIN_OPS) as [string, AdminOpDef][];
    for (const role of ROLES.filter((r) => r !== 'administrator')) {
      const o = await createOperator(c, { name: `only-${role}`, roles: [role] });
      const headers = await sessionOf(o);
      for (const [name, def] of entries) {
        if (mayRun([role], def.roles)) continue;
        // Arguments that would not even parse: the refusal comes first, and nothing runs.
        const r = await admin(name, { bogus: true }, headers);
        expect([name, role, r.statusCode, (r.json() as { reason: string }).reason]).toEqual([name, role, 403, 'forbidden']);
      }
      if (role === 'auditor') expect(entries.filter(([, d]) => mayRun(['auditor'], d.roles)).every(([, d]) => !isWrite(d))).toBe(true);
    }
    const auditor = await sessionOf(await createOperator(c, { name: 'audit2', roles: ['auditor'] }));
    expect((await admin('config.list', {}, auditor)).statusCode).toBe(200);
    const table = (await admin('admin.ops', {}, auditor)).json() as { result: { op: string; roles: Role[]; write: boolean; dual: boolean | string }[] };
    expect(table.result.find((x) => x.op === 'config.set')).toEqual({ op: 'config.set', roles: ['security'], write: true, dual: 'depends' });
    expect(table.result.find((x) => x.op === 'stoplist.remove')).toMatchObject({ write: true, dual: true });
    expect((await admin('config.set', { key: 'settle_days', value: 30 }, auditor)).statusCode).toBe(403);
  });

  it('puts a limit under dual control: proposed, refused to its proposer and to a read-only role, applied once another approves', async () => {
    ops.sec1 = await createOperator(c, { name: 'sec1', roles: ['security'] });
    ops.sec2 = await createOperator(c, { name: 'sec2', roles: ['security'] });
    const one = await sessionOf(ops.sec1);
    const two = await sessionOf(ops.sec2);
    const auditor = await sessionOf(await createOperator(c, { name: 'aud3', roles: ['auditor'] }));
    // No reason: refused, nothing proposed.
    expect((await admin('config.set', { key: 'payout_limit_max_cents', value: 150_000 }, one)).statusCode).toBe(400);
    const p = await admin('config.set', { key: 'payout_limit_max_cents', value: 150_000 }, { ...one, 'x-guichet-reason': encodeURIComponent('plafond réduit') });
    expect(p.statusCode, p.body).toBe(202);
    const { proposal_id, status } = (p.json() as { result: { proposal_id: number; status: string } }).result;
    expect(status).toBe('proposed');
    expect(await c.db.query(`SELECT 1 FROM config WHERE key = 'payout_limit_max_cents'`)).toHaveLength(0);
    const self = await admin('proposal.approve', { id: proposal_id, reason: 'mine' }, one);
    expect([self.statusCode, (self.json() as { reason: string }).reason]).toEqual([403, 'same_operator']);
    expect((await admin('proposal.approve', { id: proposal_id, reason: 'ok' }, auditor)).statusCode).toBe(403);
    const ok = await admin('proposal.approve', { id: proposal_id, reason: 'vu' }, two);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await c.db.query<{ value: unknown }>(`SELECT value FROM config WHERE key = 'payout_limit_max_cents'`))[0]?.value).toBe(150_000);
    expect((await admin('proposal.approve', { id: proposal_id, reason: 'again' }, two)).statusCode).toBe(409);
    // Both journaled with their reasons; the act's own entry names the approver, its audit row before, after and the proposer.
    const rows = await c.db.query<{ type: string; actor: string; payload: Record<string, unknown> }>(`SELECT type, actor, payload FROM central_journal WHERE type IN ('proposal.propose', 'proposal.approve', 'config.set', 'admin.op') ORDER BY entry_id`);
    const tail = rows.slice(-5);
    expect(tail.map((r) => [r.type, r.actor, r.payload.op ?? null])).toEqual([
      ['proposal.propose', 'sec1', 'config.set'],
      ['config.set', 'sec2', null],
      ['admin.op', 'sec2', 'config.set'],
      ['proposal.approve', 'sec2', 'config.set'],
      ['admin.op', 'sec2', 'proposal.approve'],
    ]);
    expect(tail[0]!.payload).toMatchObject({ reason: 'plafond réduit' });
    expect(tail[2]!.payload).toMatchObject({ op: 'config.set', before: { value: null }, after: { key: 'payout_limit_max_cents', value: 150_000 }, approval: { proposer: 'sec1', proposer_reason: 'plafond réduit' } });
    expect(tail[3]!.payload).toMatchObject({ proposer: 'sec1', reason: 'vu' });
  });

  it('puts every act that moves money or trust under dual control for an operator: each answers 202 and changes nothing', async () => {
    const one = await sessionOf(ops.sec1!);
    const money = await sessionOf(await createOperator(c, { name: 'fin9', roles: ['finance'] }));
    const reason = { 'x-guichet-reason': encodeURIComponent('contrôle') };
    const pem = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const hex = (s: string) => createHash('sha256').update(s).digest('hex');
    const signature = `${'A'.repeat(86)}==`;
    // A folder is proposed for publication only when it holds outcome files (checked as proposed): one, by its name.
    const emission = mkdtempSync(join(tmpdir(), 'guichet-proposed-emission-'));
    writeFileSync(join(emission, 'happy-2014-9-1.outcome'), '');
    const acts: [string, unknown, Record<string, string>][] = [
      ['publish', { dir: emission }, one],
      ['keys.add', { certificate: { body: { format: 'guichet-certificate/1', root: hex('root'), role: 'online', fingerprint: hex(pem), public_key: pem, issued_at: '2026-12-02T10:00:00.000Z' }, signature } }, one],
      ['keys.revoke', { revocation: { body: { format: 'guichet-revocation/1', root: hex('root'), fingerprint: hex(pem), reason: 'lost', revoked_at: '2026-12-02T10:00:00.000Z' }, signature } }, one],
      ['terminal.enable', { id: 'T-404', reason: 'retour' }, one],
      ['stoplist.remove', { pack: '213-001-01-00001', reason: 'erreur' }, one],
      ['config.set', { key: 'offline_allowance_cents', value: 0 }, one],
      ['config.set', { key: 'commission_sales_bp', value: 10_000 }, one],
      ['config.set', { key: 'commission_cashing_bp', value: 0 }, one],
      ['config.set', { key: 'payout_exception_policy', value: 'chargeback' }, one],
      ['exceptions.charge-back', { id: 1, reason: 'payé deux fois' }, money],
      ['exceptions.write-off', { id: 1, reason: 'la loterie le porte' }, money],
    ];
    // A removal is proposed only for a pack on the stop list.
    await stopListChange(c, 'test', '213-001-01-00001', 'add', 'volé');
    const journal = async () => (await c.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM central_journal WHERE type NOT LIKE 'proposal.%' AND type <> 'admin.op'`))[0]!.n;
    const before = await journal();
    for (const [op, args, headers] of acts) {
      const r = await admin(op, args, { ...headers, ...reason });
      expect([op, r.statusCode, (r.json() as { result?: { status?: string } }).result?.status], r.body).toEqual([op, 202, 'proposed']);
    }
    rmSync(emission, { recursive: true, force: true });
    expect(await c.db.query(`SELECT key FROM config WHERE key IN ('offline_allowance_cents', 'commission_sales_bp', 'commission_cashing_bp', 'payout_exception_policy')`)).toEqual([]);
    expect(await journal()).toBe(before);
    // A setting that moves no money is one operator's act.
    expect((await admin('config.set', { key: 'console_online_seconds', value: 30 }, { ...one, ...reason })).statusCode).toBe(200);
  });

  it('lets a proposal expire after 24 h', async () => {
    const one = await sessionOf(ops.sec1!);
    const p = await admin('terminal.enable', { id: 'NOPE', reason: 'retour' }, one);
    expect(p.statusCode).toBe(202);
    const id = (p.json() as { result: { proposal_id: number } }).result.proposal_id;
    tick(24 * 3600_000 + 1000);
    const two = await sessionOf(ops.sec2!);
    const late = await admin('proposal.approve', { id, reason: 'trop tard' }, two);
    expect([late.statusCode, (late.json() as { reason: string }).reason]).toEqual([409, 'proposal_expired']);
  });

  // The console words these refusals from their facts (console/src/refusal-words.ts): checked here as
  // central sends them over HTTP, not only as hand-built errors on the console's side.
  it('sends the facts a refused approval is worded from: the same operator, a decided proposal, an expired one', async () => {
    const one = await sessionOf(ops.sec1!);
    const two = await sessionOf(ops.sec2!);
    const refusal = (r: { statusCode: number; json(): unknown }) => [r.statusCode, r.json()];
    const proposed = async () => ((await admin('terminal.enable', { id: 'NOPE', reason: 'retour' }, one)).json() as { result: { proposal_id: number; expires_at: string } }).result;
    const p = await proposed();
    expect(refusal(await admin('proposal.approve', { id: p.proposal_id, reason: 'mine' }, one))).toEqual([403, { error: expect.any(String), reason: 'same_operator', facts: { id: p.proposal_id } }]);
    expect((await admin('proposal.reject', { id: p.proposal_id, reason: 'non' }, two)).statusCode).toBe(200);
    expect(refusal(await admin('proposal.approve', { id: p.proposal_id, reason: 'oui' }, two))).toEqual([409, { error: expect.any(String), reason: 'proposal_decided', facts: { id: p.proposal_id } }]);
    const late = await proposed();
    tick(24 * 3600_000 + 1000);
    const again = await sessionOf(ops.sec2!);
    expect(refusal(await admin('proposal.approve', { id: late.proposal_id, reason: 'trop tard' }, again))).toEqual([
      409,
      { error: expect.any(String), reason: 'proposal_expired', facts: { id: late.proposal_id, expired_at: late.expires_at } },
    ]);
  });

  it('sends the time a locked login may be tried again, as a fact', async () => {
    const o = await createOperator(c, { name: 'lea', roles: ['auditor'] });
    const addr = '10.0.0.9';
    tick();
    const lockedFrom = clock;
    for (let i = 0; i < 5; i++) expect((await login(o, o.totp(), 'wrong-password-x', addr)).statusCode).toBe(401);
    tick();
    const r = await login(o, o.totp(), o.password, addr);
    expect([r.statusCode, r.json()]).toEqual([429, { error: expect.any(String), reason: 'locked', facts: { until_at: new Date(lockedFrom + 60_000).toISOString() } }]);
  });
});
