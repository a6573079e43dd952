/**
 * #22's commands, run in this process on a store on the production engine (PostgreSQL; PGlite where it is absent) (no service): the first administrator made with
 * the data folder alone, then nothing without a login; `central login` from a file descriptor-free
 * environment keeps a 0600 session; a limit goes under dual control; `journal verify` names an edited
 * row (exit 1), `journal export` and `verify --file --root` check an export off the store (never without the root); printed ticket
 * numbers and local time.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTime } from '../../../central/cli/local-time.js';
import { printedTicket } from '../../../central/cli/ticket-number.js';
import { openCentral } from '../../../central/store/open.js';
import { totpCode } from '../../../central/store/operators.js';
import { centralCli, cliSandbox } from '../support/central-cli.js';
import { ENGINES, testCentral } from '../support/engines.js';

describe('guichet central back-office commands (in process)', () => {
  let sandbox: ReturnType<typeof cliSandbox>;
  let tmp: string;
  let data: string;
  /** The store's database URL (undefined: the data folder's PGlite). */
  let url: string | undefined;

  beforeAll(async () => {
    const made = await testCentral(ENGINES[0]!, 'back-office');
    sandbox = cliSandbox('guichet-back-office-', made.url);
    tmp = sandbox.tmp;
    url = made.url;
    data = made.central.dataDir;
    await made.central.db.close();
  }, 120_000);
  afterAll(() => sandbox.done());

  /** Runs `guichet central …` here; answers what it printed and its exit status. */
  const guichet = (...args: string[]) => centralCli(data, args);

  it('makes the first two administrators with the data folder alone, each enrolling with its code, then asks for a login', async () => {
    const added = await guichet('operator', 'add', '--name', 'Boss', '--roles', 'administrator', '--json');
    expect(added.code, added.err).toBe(0);
    const made = JSON.parse(added.out) as { enrolment_code: string; password?: string; totp_secret?: string };
    // No password and no TOTP secret to whoever adds: a code the new operator enrols with.
    expect(made.password ?? made.totp_secret).toBeUndefined();
    process.env.GUICHET_ENROLMENT_CODE = made.enrolment_code;
    process.env.GUICHET_OPERATOR_PASSWORD = 'boss-chose-this-password';
    const enrolled = await guichet('operator', 'enrol', 'Boss', '--json');
    delete process.env.GUICHET_ENROLMENT_CODE;
    expect(enrolled.code, enrolled.err).toBe(0);
    const boss = { password: 'boss-chose-this-password', ...(JSON.parse(enrolled.out) as { totp_secret: string }) };
    expect((await guichet('operator', 'add', '--name', 'Deputy', '--roles', 'administrator')).code).toBe(0);
    const refused = await guichet('terminal', 'list');
    expect([refused.code, refused.err]).toEqual([1, expect.stringMatching(/two administrators exist: log in first/)]);

    process.env.GUICHET_OPERATOR_TOTP = totpCode('Boss', boss.totp_secret, new Date().toISOString());
    const login = await guichet('login', '--operator', 'boss');
    delete process.env.GUICHET_OPERATOR_PASSWORD;
    delete process.env.GUICHET_OPERATOR_TOTP;
    expect(login.code, login.err).toBe(0);
    expect(login.out).toMatch(/^logged in as Boss \(administrator\) until /);
    const [file] = readdirSync(join(tmp, 'sessions'));
    expect(statSync(join(tmp, 'sessions', file!)).mode & 0o777).toBe(0o600);

    // A limit under dual control: proposed, not set.
    const limit = await guichet('config', 'set', 'payout_limit_max_cents', '90000', '--reason', 'new rules');
    expect(limit.out).toMatch(/^proposed as #\d+ \(dual control\): another operator approves it with guichet central proposal approve \d+ --reason TEXT/);
    const other = await guichet('config', 'set', 'console_online_seconds', '30', '--reason', 'policy');
    expect(other.out).toBe('console_online_seconds = 30');
    const history = await guichet('config', 'history', 'console_online_seconds');
    expect(history.out).toMatch(/ Boss {2}console_online_seconds = 30 {2}\(journal entry \d+\)$/);
  }, 120_000);

  it('verifies the journal, names an edited row, and checks an export off the store', async () => {
    const whole = await guichet('journal', 'verify');
    expect([whole.code, whole.out]).toEqual([0, expect.stringMatching(/^central's journal: \d+ entries, chain whole/)]);
    const out = join(tmp, 'journal.jsonl');
    expect((await guichet('journal', 'export', '--out', out)).code).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    // An export names its own root: without the one read out at the lottery, refused before the file is read.
    const unrooted = await guichet('journal', 'verify', '--file', join(tmp, 'no-such-export.jsonl'));
    expect([unrooted.code, unrooted.err]).toEqual([1, expect.stringMatching(/--file needs --root <fingerprint>/)]);
    expect((await guichet('journal', 'verify', '--file', out)).code).toBe(1);
    const root = (JSON.parse((await guichet('journal', 'verify', '--json')).out) as { root_fingerprint: string }).root_fingerprint;
    expect((await guichet('journal', 'verify', '--file', out, '--root', root)).out).toMatch(/chain whole/);

    const c = await openCentral({ dataDir: data, databaseUrl: url });
    const [row] = await c.db.query<{ entry_id: number }>(`SELECT entry_id FROM central_journal WHERE type = 'config.set'`);
    await c.db.execute(`UPDATE central_journal SET payload = '{"key":"settle_days","value":3}' WHERE entry_id = $1`, [row!.entry_id]);
    await c.db.close();
    const broken = await guichet('journal', 'verify');
    expect([broken.code, broken.out]).toEqual([1, `central's journal: BROKEN at entry ${row!.entry_id} (hash): entry ${row!.entry_id} (config.set) was edited: its contents do not match its hash`]);
    const edited = readFileSync(out, 'utf8').replace('"value":30', '"value":3');
    writeFileSync(out, edited);
    expect((await guichet('journal', 'verify', '--file', out, '--root', root)).code).toBe(1);
  }, 120_000);

  it('prints tickets as on the ticket, and times in Paris', () => {
    expect(printedTicket('annee-chance-2013/1/1/115')).toMatch(/^213-001-01-00001-015-\d$/);
    expect(printedTicket('happy-2014/3/1/7')).toMatch(/^114-003-01-0000007-\d$/);
    expect(printedTicket('not/a/ticket')).toBe('not/a/ticket');
    expect(localTime('2026-07-01T10:00:00.000Z')).toBe('2026-07-01 12:00:00 CEST');
    expect(localTime('2026-12-02T10:00:00.000Z')).toBe('2026-12-02 11:00:00 CET');
    expect(localTime(null)).toBe('never');
  });
});
