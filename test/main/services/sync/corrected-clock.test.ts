/**
 * Journal entries dated on the corrected clock (#20's leftover): an enrolled terminal whose machine clock
 * runs ten minutes ahead dates its entries on central's signed time (its clock plus the offset measured
 * from `GET /v1/time`), as its signed requests are, so central stores them instead of refusing them
 * `entry_future`; and a clock then set back behind its last entry is still caught. On both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../../../main/services/auth/login.js';
import { syncOnce } from '../../../../main/services/sync/sync.js';
import { clockProblem } from '../../../../main/services/sync/trusted-clock.js';
import { databaseFor, ENGINES, releaseDatabase } from '../../../central/support/engines.js';
import { startCentral, type StartedCentral } from '../../../central/support/start-central.js';
import { dropCounters, enrolledCounter, type Counter } from './two-terminals.js';

const AHEAD_MS = 10 * 60_000;

describe.each(ENGINES)('journal dated on the corrected clock, central on %s', (engine) => {
  let c: StartedCentral;
  let x: Counter;
  /** The terminal's machine clock: real time moved by this many ms. */
  let shift = 0;

  beforeAll(async () => {
    const url = await databaseFor(engine);
    c = await startCentral({ terminals: ['T1'], ...(url ? { databaseUrl: url } : {}) });
    x = await enrolledCounter(c.url, c.codes.T1!, { clock: () => new Date(Date.now() + shift) });
  }, 180_000);
  afterAll(async () => {
    dropCounters(x);
    await c?.close();
    await releaseDatabase(engine);
  }, 60_000);

  it('a machine clock ten minutes ahead: entries dated on central\'s time, stored by central, not refused as future', async () => {
    shift = AHEAD_MS;
    await syncOnce(x.t); // measures the offset (about −10 min) from central's signed time
    const offset = (x.t.db.prepare('SELECT clock_offset_ms FROM sync_state').get() as { clock_offset_ms: number }).clock_offset_ms;
    expect(offset).toBeLessThan(-AHEAD_MS / 2);
    await login(x.t, 'alice', '123456'); // journals 'operator.login', as the counter does
    const local = x.t.db.prepare('SELECT seq, type, at FROM journal ORDER BY seq DESC LIMIT 1').get() as { seq: number; type: string; at: string };
    expect(local.type).toBe('operator.login');
    // Dated on the corrected clock: far nearer central's time than the machine's.
    expect(Math.abs(Date.parse(local.at) - Date.now())).toBeLessThan(AHEAD_MS / 2);
    await syncOnce(x.t);
    const held = await c.central.db.query<{ last_seq: number }>("SELECT last_seq::int AS last_seq FROM terminals WHERE terminal_id = 'T1'");
    expect(held[0]!.last_seq).toBe(local.seq);
    expect(await c.central.db.query("SELECT reason FROM integrity_alerts WHERE terminal_id = 'T1' AND reason = 'entry_future'")).toEqual([]);
    expect(clockProblem(x.t)).toBeNull();
  });

  it('a machine clock then set back an hour is still caught behind the last entry', () => {
    shift = AHEAD_MS - 3_600_000;
    expect(clockProblem(x.t)).toMatch(/behind its last journal entry/);
    shift = AHEAD_MS;
  });
});
