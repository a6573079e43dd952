/**
 * `guichet central stoplist add|list|remove`, `config set|get|list|history`, `game suspend|resume|list`
 * and `retailer add|list|show` (#22), in process on a store on the production engine (PostgreSQL; PGlite where it is absent), with the exact lines and exit codes:
 * a pack put on the stop list is listed with its reason, since when (Europe/Paris; `--json` keeps UTC)
 * and by whom, and lifted only once a second security operator approved (listed then as lifted, when
 * and by whom); lifting a pack not on the list is refused at once and proposes nothing. A plain setting
 * is set at once, a limit proposed then approved; an unknown key is refused; the history says who and
 * when, in local time. A suspended game is listed so, an unknown one refused. A retailer is found by id
 * or by its name in any case, with its terminals. The auditor reads but may not write. Times the store
 * wrote are moved to fixed instants so the lines can be compared whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTime } from '../../../central/cli/local-time.js';
import { openCentral } from '../../../central/store/open.js';
import { centralCli, cliLoginAs, cliSandbox } from '../support/central-cli.js';
import { ENGINES, testCentral } from '../support/engines.js';
import { createOperator, type TestOperator } from '../support/operators.js';

/** A summer and a winter instant, and how the CLI prints them in Paris. */
const SUMMER = '2026-07-01T10:00:00.000Z';
const SUMMER_PARIS = '2026-07-01 12:00:00 CEST';
const WINTER = '2026-12-02T10:00:00.000Z';
const WINTER_PARIS = '2026-12-02 11:00:00 CET';
/** A local time as the CLI prints it, never an ISO UTC time. */
const LOCAL = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d CES?T$/;

const PACK = '213-001-01-00042';

describe('guichet central stoplist|config|game|retailer (in process)', () => {
  let sandbox: ReturnType<typeof cliSandbox>;
  let data: string;
  /** The store's database URL (undefined: the data folder's PGlite). */
  let url: string | undefined;
  const ops: Record<string, TestOperator> = {};

  beforeAll(async () => {
    delete process.env.GUICHET_TIME_ZONE;
    const made = await testCentral(ENGINES[0]!, 'admin-lists');
    sandbox = cliSandbox('guichet-admin-lists-', made.url);
    url = made.url;
    const c = made.central;
    data = c.dataDir;
    // Each operator logs in once in this file (a one-time code is refused the second time within 30 s).
    for (const name of ['sec1', 'sec2', 'sec3']) ops[name] = await createOperator(c, { name, roles: ['security'] });
    ops.sup = await createOperator(c, { name: 'sup', roles: ['support'] });
    ops.audrey = await createOperator(c, { name: 'audrey', roles: ['auditor'] });
    await c.db.close();
  }, 120_000);
  afterAll(() => sandbox.done());

  const guichet = (...args: string[]) => centralCli(data, args);
  const loginAs = (o: TestOperator) => cliLoginAs(data, o);
  /** Runs SQL on the store between two commands (the CLI holds it only for the time of one). */
  const onStore = async <T>(f: (c: Awaited<ReturnType<typeof openCentral>>) => Promise<T>): Promise<T> => {
    const c = await openCentral({ dataDir: data, databaseUrl: url });
    try {
      return await f(c);
    } finally {
      await c.db.close();
    }
  };
  const ok = (r: { code: number; err: string; out: string }): string => {
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe('');
    return r.out;
  };
  const proposalOf = (out: string): string => {
    const m = /^proposed as #(\d+) \(dual control\): another operator approves it with guichet central proposal approve (\d+) --reason TEXT, before (.+)$/.exec(out);
    expect(m, out).not.toBeNull();
    expect(m![2]).toBe(m![1]);
    expect(m![3]).toMatch(LOCAL);
    return m![1]!;
  };

  it('stoplist: add, list (text in Paris time with who, and --json), a removal proposed then approved; a pack not listed refused, nothing proposed', async () => {
    await loginAs(ops.sec1!);
    expect(ok(await guichet('stoplist', 'list'))).toBe('the stop list is empty');
    expect(ok(await guichet('stoplist', 'add', PACK, '--reason', 'volé au dépôt'))).toBe(`pack ${PACK} on the stop list: volé au dépôt`);
    await onStore((c) => c.db.execute('UPDATE stop_list SET added_at = $1 WHERE pack = $2', [SUMMER, PACK]));

    expect(ok(await guichet('stoplist', 'list'))).toBe(`${PACK}  since ${SUMMER_PARIS} by sec1: volé au dépôt`);
    expect(JSON.parse(ok(await guichet('stoplist', 'list', '--json')))).toEqual([{ pack: PACK, reason: 'volé au dépôt', added_at: SUMMER, added_by: 'sec1', removed_at: null, removed_by: null }]);

    // A pack not on the list: refused at once, nothing proposed.
    const missing = await guichet('stoplist', 'remove', '213-001-01-00043', '--reason', 'retrouvé');
    expect([missing.code, missing.out, missing.err]).toEqual([1, '', 'guichet: pack 213-001-01-00043 is not on the stop list']);
    expect(ok(await guichet('proposal', 'list'))).toBe('no proposal');

    // Dual control: proposed by sec1, still listed until sec2 approves.
    const id = proposalOf(ok(await guichet('stoplist', 'remove', PACK, '--reason', 'retrouvé chez le détaillant')));
    expect(ok(await guichet('stoplist', 'list'))).toBe(`${PACK}  since ${SUMMER_PARIS} by sec1: volé au dépôt`);
    const self = await guichet('proposal', 'approve', id, '--reason', 'moi-même');
    expect([self.code, self.err]).toEqual([1, `guichet: sec1 proposed #${id}: another operator must approve it (dual control)`]);

    await loginAs(ops.sec2!);
    expect(ok(await guichet('proposal', 'approve', id, '--reason', 'vu le bon de retour'))).toBe(`proposal #${id} approved and run: vu le bon de retour`);
    expect(ok(await guichet('stoplist', 'list'))).toBe('the stop list is empty');
    await onStore((c) => c.db.execute('UPDATE stop_list SET removed_at = $1 WHERE pack = $2', [WINTER, PACK]));
    expect(ok(await guichet('stoplist', 'list', '--all'))).toBe(`${PACK}  since ${SUMMER_PARIS} by sec1: volé au dépôt  (lifted ${WINTER_PARIS} by sec2)`);
    // Lifted already: a second removal is refused the same way, and proposes nothing either.
    const again = await guichet('stoplist', 'remove', PACK, '--reason', 'encore');
    expect([again.code, again.out, again.err]).toEqual([1, '', `guichet: pack ${PACK} is not on the stop list`]);
    expect(ok(await guichet('proposal', 'list', '--status', 'proposed'))).toBe('no proposal');
  }, 120_000);

  it('config: a plain key set at once, a limit proposed then approved, an unknown key refused, the history with who and local time', async () => {
    // Still sec2's session.
    const unknown = await guichet('config', 'get', 'console_online_seconds');
    expect([unknown.code, unknown.out, unknown.err]).toEqual([1, '', "guichet: no configuration value 'console_online_seconds' is set: see guichet central config list"]);
    const before = ok(await guichet('config', 'list'));

    expect(ok(await guichet('config', 'set', 'console_online_seconds', '30'))).toBe('console_online_seconds = 30');
    await onStore((c) => c.db.execute('UPDATE config SET updated_at = $1 WHERE key = $2', [SUMMER, 'console_online_seconds']));
    expect(ok(await guichet('config', 'get', 'console_online_seconds'))).toBe(`console_online_seconds = 30  (set ${SUMMER_PARIS})`);
    expect(JSON.parse(ok(await guichet('config', 'get', 'console_online_seconds', '--json')))).toEqual({ key: 'console_online_seconds', value: 30, updated_at: SUMMER });

    // A limit moves money: without a reason refused, with one proposed and not set until approved.
    const bare = await guichet('config', 'set', 'payout_limit_max_cents', '90000');
    expect([bare.code, bare.err]).toEqual([1, 'guichet: config.set is under dual control: say why (the reason travels with the proposal)']);
    const id = proposalOf(ok(await guichet('config', 'set', 'payout_limit_max_cents', '90000', '--reason', 'nouvelle règle')));
    expect((await guichet('config', 'get', 'payout_limit_max_cents')).code).toBe(1);

    await loginAs(ops.sec3!);
    expect(ok(await guichet('proposal', 'approve', id, '--reason', 'circulaire du 1er juillet'))).toBe(`proposal #${id} approved and run: circulaire du 1er juillet`);
    await onStore((c) => c.db.execute('UPDATE config SET updated_at = $1 WHERE key = $2', [WINTER, 'payout_limit_max_cents']));
    expect(ok(await guichet('config', 'get', 'payout_limit_max_cents'))).toBe(`payout_limit_max_cents = 90000  (set ${WINTER_PARIS})`);
    const listed = ok(await guichet('config', 'list')).split('\n');
    expect(listed).toContain(`console_online_seconds = 30  (set ${SUMMER_PARIS})`);
    expect(listed).toContain(`payout_limit_max_cents = 90000  (set ${WINTER_PARIS})`);
    expect(listed.length).toBe((before === 'no value set' ? 0 : before.split('\n').length) + 2);

    // The history: from central's journal (its times are sealed there, so read back rather than moved).
    const journal = await onStore((c) => c.db.query<{ entry_id: number; at: string; key: string }>(`SELECT entry_id, at, payload->>'key' AS key FROM central_journal WHERE type = 'config.set' ORDER BY entry_id`));
    const mine = journal.filter((j) => j.key === 'console_online_seconds' || j.key === 'payout_limit_max_cents');
    expect(mine.map((j) => j.key)).toEqual(['console_online_seconds', 'payout_limit_max_cents']);
    for (const j of mine) expect(localTime(j.at)).toMatch(LOCAL);
    const history = ok(await guichet('config', 'history')).split('\n');
    expect(history.slice(-2)).toEqual([
      `${localTime(mine[0]!.at)}  sec2  console_online_seconds = 30  (journal entry ${mine[0]!.entry_id})`,
      // Proposed by sec2, approved by sec3: both named.
      `${localTime(mine[1]!.at)}  sec2 → sec3  payout_limit_max_cents = 90000  (journal entry ${mine[1]!.entry_id})`,
    ]);
    expect(history.join('\n')).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
    expect(ok(await guichet('config', 'history', 'console_online_seconds'))).toBe(history.at(-2));
    expect(ok(await guichet('config', 'history', 'offline_limit_cents'))).toBe('no change');
  }, 120_000);

  it('game: suspend, listed suspended in local time, resume; an unknown game refused and nothing changed', async () => {
    // Still sec3's session.
    expect(ok(await guichet('game', 'list'))).toBe('every game on sale');
    expect(ok(await guichet('game', 'suspend', 'annee-chance-2013', '--reason', 'rupture de stock'))).toBe('annee-chance-2013 suspended: rupture de stock');
    await onStore((c) => c.db.execute('UPDATE games SET updated_at = $1', [SUMMER]));
    expect(ok(await guichet('game', 'list'))).toBe(`annee-chance-2013  suspended  ${SUMMER_PARIS}: rupture de stock`);

    for (const action of ['suspend', 'resume']) {
      const r = await guichet('game', action, 'loto-9000', '--reason', 'essai');
      expect([r.code, r.out, r.err]).toEqual([1, '', "guichet: no game 'loto-9000' (happy-2014, annee-chance-2013, millionnaire)"]);
    }
    expect(ok(await guichet('game', 'list'))).toBe(`annee-chance-2013  suspended  ${SUMMER_PARIS}: rupture de stock`);

    expect(ok(await guichet('game', 'resume', 'annee-chance-2013', '--reason', 'réassort'))).toBe('annee-chance-2013 resumed: réassort');
    await onStore((c) => c.db.execute('UPDATE games SET updated_at = $1', [WINTER]));
    expect(ok(await guichet('game', 'list'))).toBe(`annee-chance-2013  on sale  ${WINTER_PARIS}: réassort`);
    // Another zone when GUICHET_TIME_ZONE names one; a name that is no zone is refused.
    process.env.GUICHET_TIME_ZONE = 'America/New_York';
    try {
      expect(ok(await guichet('game', 'list'))).toBe('annee-chance-2013  on sale  2026-12-02 05:00:00 UTC−5: réassort');
      process.env.GUICHET_TIME_ZONE = 'Mars/Olympus';
      const bad = await guichet('game', 'list');
      expect([bad.code, bad.out, bad.err]).toEqual([1, '', 'guichet: GUICHET_TIME_ZONE=Mars/Olympus is not a time zone (e.g. Europe/Paris)']);
      // Refused before the act, not after it: the game is not suspended behind an error message.
      const act = await guichet('game', 'suspend', 'annee-chance-2013', '--reason', 'essai');
      expect([act.code, act.out, act.err]).toEqual([1, '', 'guichet: GUICHET_TIME_ZONE=Mars/Olympus is not a time zone (e.g. Europe/Paris)']);
      delete process.env.GUICHET_TIME_ZONE;
      expect(ok(await guichet('game', 'list'))).toBe(`annee-chance-2013  on sale  ${WINTER_PARIS}: réassort`);
    } finally {
      delete process.env.GUICHET_TIME_ZONE;
    }
  }, 120_000);

  it('retailer: add, list, show by id or by name in any case with its terminals; an unknown one refused', async () => {
    await loginAs(ops.sup!);
    expect(ok(await guichet('retailer', 'list'))).toBe('no retailer');
    expect(ok(await guichet('retailer', 'add', '--name', 'Tabac du Port', '--address', '3 quai du Port, 13002 Marseille'))).toBe('retailer R000001 added: Tabac du Port');
    const twice = await guichet('retailer', 'add', '--name', 'TABAC DU PORT');
    expect([twice.code, twice.err]).toEqual([1, 'guichet: retailer R000001 is already named Tabac du Port']);
    expect(ok(await guichet('retailer', 'add', '--name', 'Maison de la Presse'))).toBe('retailer R000002 added: Maison de la Presse');
    expect(ok(await guichet('terminal', 'add', '--id', 'SHOP-B', '--retailer', 'tabac du port')).split('\n')[0]).toBe('terminal SHOP-B registered for Tabac du Port (R000001)');
    expect(ok(await guichet('terminal', 'add', '--id', 'SHOP-A', '--retailer', 'R000001')).split('\n')[0]).toBe('terminal SHOP-A registered for Tabac du Port (R000001)');
    await onStore((c) => c.db.execute('UPDATE retailers SET created_at = $1', [WINTER]));

    expect(ok(await guichet('retailer', 'list'))).toBe(['R000001  Tabac du Port, 3 quai du Port, 13002 Marseille  2 terminals: SHOP-A, SHOP-B', 'R000002  Maison de la Presse  no terminal'].join('\n'));
    const shown = ['R000001  Tabac du Port', '  address: 3 quai du Port, 13002 Marseille', `  since ${WINTER_PARIS}`, '  terminal SHOP-A pending', '  terminal SHOP-B pending'].join('\n');
    expect(ok(await guichet('retailer', 'show', 'R000001'))).toBe(shown);
    expect(ok(await guichet('retailer', 'show', 'tABAC DU pORT'))).toBe(shown);
    expect(ok(await guichet('retailer', 'show', 'maison de la presse'))).toBe(['R000002  Maison de la Presse', '  address: (none)', `  since ${WINTER_PARIS}`, '  no terminal'].join('\n'));
    expect(JSON.parse(ok(await guichet('retailer', 'show', 'R000002', '--json')))).toEqual({ id: 'R000002', name: 'Maison de la Presse', address: '', created_at: WINTER, terminals: [] });

    for (const who of ['R000009', 'Bar des Sports']) {
      const r = await guichet('retailer', 'show', who);
      expect([r.code, r.out, r.err]).toEqual([1, '', `guichet: no retailer '${who}': see guichet central retailer list`]);
    }
  }, 120_000);

  it('the auditor reads but is refused a write (stop list, game), and nothing changes', async () => {
    await loginAs(ops.audrey!);
    const entries = async () => onStore(async (c) => (await c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM central_journal'))[0]!.n);
    const journaled = await entries();
    const stopList = ok(await guichet('stoplist', 'list', '--all'));
    const games = ok(await guichet('game', 'list'));

    const add = await guichet('stoplist', 'add', '213-001-01-00099', '--reason', 'essai');
    expect([add.code, add.out, add.err]).toEqual([1, '', 'guichet: audrey (auditor) may not run stoplist.add: it takes a security or administrator operator']);
    const suspend = await guichet('game', 'suspend', 'happy-2014', '--reason', 'essai');
    expect([suspend.code, suspend.out, suspend.err]).toEqual([1, '', 'guichet: audrey (auditor) may not run game.suspend: it takes a security or administrator operator']);
    const set = await guichet('config', 'set', 'console_online_seconds', '1');
    expect([set.code, set.err]).toEqual([1, 'guichet: audrey (auditor) may not run config.set: it takes a security or administrator operator']);

    expect(ok(await guichet('stoplist', 'list', '--all'))).toBe(stopList);
    expect(ok(await guichet('game', 'list'))).toBe(games);
    expect(ok(await guichet('config', 'get', 'console_online_seconds'))).toBe(`console_online_seconds = 30  (set ${SUMMER_PARIS})`);
    expect(ok(await guichet('proposal', 'list', '--status', 'proposed'))).toBe('no proposal');
    expect(await entries()).toBe(journaled);
  }, 120_000);
});
