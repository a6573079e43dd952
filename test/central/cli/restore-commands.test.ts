/**
 * `guichet central restore-status|restore-release` (#21), in process on a store on the production engine (PostgreSQL; PGlite where it is absent) restored (a new
 * epoch): the status says claims are held and names the terminal not re-synced yet; a release is
 * proposed by one security operator and applies once another approves it; the status then says who
 * released them. With nothing held, a release is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewEpoch } from '../../../central/store/epoch.js';
import { openCentral } from '../../../central/store/open.js';
import { addTerminal } from '../../../central/store/terminals.js';
import { centralCli, cliLoginAs, cliSandbox } from '../support/central-cli.js';
import { ENGINES, testCentral } from '../support/engines.js';
import { createOperator, type TestOperator } from '../support/operators.js';

describe('guichet central restore-status|restore-release (in process)', () => {
  let sandbox: ReturnType<typeof cliSandbox>;
  let data: string;
  /** The store's database URL (undefined: the data folder's PGlite). */
  let url: string | undefined;
  const ops: Record<string, TestOperator> = {};

  beforeAll(async () => {
    const made = await testCentral(ENGINES[0]!, 'restore-cli');
    sandbox = cliSandbox('guichet-restore-cli-', made.url);
    url = made.url;
    const c = made.central;
    data = c.dataDir;
    await addTerminal(c, 'test', 'SHOP-A', 'Tabac du Port');
    await c.db.execute(`UPDATE terminals SET status = 'active'`);
    ops.sec1 = await createOperator(c, { name: 'sec1', roles: ['security'] });
    ops.sec2 = await createOperator(c, { name: 'sec2', roles: ['security'] });
    await c.db.close();
  }, 120_000);
  afterAll(() => sandbox.done());

  const guichet = (...args: string[]) => centralCli(data, args);
  const loginAs = (o: TestOperator) => cliLoginAs(data, o);


  it('says nothing is held on a store never restored, and refuses a release', async () => {
    await loginAs(ops.sec1!);
    expect((await guichet('restore-status')).out).toBe('no restore: online claims are not held');
    const r = await guichet('restore-release', '--reason', 'x');
    expect([r.code, r.err]).toEqual([1, expect.stringMatching(/online claims are not held/)]);
  }, 60_000);

  it('after a restore: held, waiting for SHOP-A; released by two operators', async () => {
    // A restore: the next opening of the store reads a new epoch.
    const c = await openCentral({ dataDir: data, databaseUrl: url });
    await renewEpoch(c.db, new Date().toISOString(), 'restore');
    await c.db.close();

    // Still sec1's session (a second login within the same 30 s would reuse its one-time code).
    const held = (await guichet('restore-status')).out.split('\n');
    expect(held[0]).toMatch(/^online claims HELD since the restore of .+: 0 terminal\(s\) re-synced, 1 still to come$/);
    expect(held[1]).toBe('  waiting for SHOP-A (Tabac du Port), last heard never');
    const proposed = await guichet('restore-release', '--reason', 'SHOP-A fermé pour travaux');
    expect(proposed.code, proposed.err).toBe(0);
    const id = /^proposed as #(\d+) \(dual control\)/.exec(proposed.out)?.[1];
    expect(id, proposed.out).toBeDefined();
    expect((await guichet('restore-status')).out).toMatch(/^online claims HELD/);

    await loginAs(ops.sec2!);
    const approved = await guichet('proposal', 'approve', id!, '--reason', 'vu avec le détaillant');
    expect(approved.code, approved.err).toBe(0);
    expect((await guichet('restore-status')).out).toMatch(/^online claims released at .+ by sec2 \(restore of .+\)$/);
  }, 60_000);
});
