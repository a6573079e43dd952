/**
 * #19's review commands, run as `guichet central …` (in process) against a running central (through its
 * admin route), on both engines: `quarantine list|show` (what central could not store as text) and `exceptions`
 * with its states and `exceptions write-off ID --reason …` (journaled at central); (#22) `exceptions
 * investigate ID --note …` and `exceptions close ID --reason …`, after which a write-off is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushAnswer, WireJournalEntry } from '../../../common/protocol/index.js';
import { databaseFor, ENGINES } from '../support/engines.js';
import { activatePack, claimTicket, publishTestEmission, type TestEmission } from '../support/paid-twice.js';
import { startCentral, type StartedCentral } from '../support/start-central.js';
import { runGuichet, type Run } from '../../support/guichet-runner.js';
import { enrol, newTerminalKey, signedRequest, TestJournal, type TestTerminal } from '../support/terminal-client.js';

/** `guichet ARGS` in process, with no database URL from the environment: the running central's folder says where it is. */
const guichet = (args: string[]): Promise<Run> => runGuichet(args, { GUICHET_DATABASE_URL: '' });

describe.each(ENGINES)('guichet central quarantine and exceptions on %s', (engine) => {
  let c: StartedCentral;
  let a: TestTerminal;
  let b: TestTerminal;
  let e: TestEmission;
  let unit: number;

  beforeAll(async () => {
    const databaseUrl = await databaseFor(engine);
    c = await startCentral({ terminals: ['Q1', 'Q2'], ...(databaseUrl ? { databaseUrl } : {}) });
    a = newTerminalKey();
    b = newTerminalKey();
    expect((await enrol(c.url, c.codes.Q1!, a)).status).toBe(200);
    expect((await enrol(c.url, c.codes.Q2!, b)).status).toBe(200);
    const ja = new TestJournal(a);
    const jb = new TestJournal(b);
    const push = (t: TestTerminal, entries: WireJournalEntry[]) => signedRequest<PushAnswer>(c.url, t, 'POST', '/v1/push', { entries, events: [] });
    // A real double payment, both payouts credited (support/paid-twice.ts): B's retailer holds the pack
    // active and B has a signed allowance; A claims the winner online and pays it; B pays it offline.
    e = await publishTestEmission(c, { emission: 3, units: 100 });
    unit = e.winners(0)[0]!;
    await activatePack(c, b, e, 0);
    expect((await push(b, [])).status).toBe(200);
    await claimTicket(c, a, e.barcodeOf(unit));
    expect((await push(a, [ja.append('note', { text: 'a NUL \u0000 here' }), ja.append('payout', e.payout(unit))])).status).toBe(200);
    expect((await push(b, [jb.append('payout', e.payout(unit, b.id))])).status).toBe(200);
    expect(await c.central.db.query('SELECT seq FROM uncredited_entries')).toEqual([]);
  }, 180_000);
  afterAll(() => c?.close(), 60_000);

  it('lists and shows a quarantined entry', async () => {
    const list = await guichet(['central', 'quarantine', 'list', '--data', c.dataDir, '--json']);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ terminal: a.id, kind: 'entry', seq: 1, name: 'note', reason: expect.stringMatching(/cannot store/) })]);
    const show = await guichet(['central', 'quarantine', 'show', a.id, '1', '--data', c.dataDir]);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain('a NUL \\u0000 here');
    const none = await guichet(['central', 'quarantine', 'show', a.id, '2', '--data', c.dataDir]);
    expect(none.code).not.toBe(0);
    expect(none.stderr).toMatch(/no quarantined entry 2/);
  });

  it('lists an exception charged back, and writes it off', async () => {
    const list = await guichet(['central', 'exceptions', '--data', c.dataDir, '--json']);
    expect(list.code, list.stderr).toBe(0);
    const [x] = JSON.parse(list.stdout) as { id: number; state: string; ticket: string }[];
    expect(x).toMatchObject({ ticket: e.ticketOf(unit), state: 'charged_back' });
    const off = await guichet(['central', 'exceptions', 'write-off', String(x!.id), '--reason', 'paid on the lottery\'s word', '--data', c.dataDir]);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toMatch(new RegExp(`exception #${x!.id} .* written off`));
    const journaled = await c.central.db.query<{ actor: string; payload: { reason: string } }>(`SELECT actor, payload FROM central_journal WHERE type = 'exception.write-off'`);
    expect(journaled).toEqual([{ actor: 'setup', payload: expect.objectContaining({ exception_id: x!.id, reason: 'paid on the lottery\'s word', was: 'charged_back' }) }]);
  });

  it('investigates an exception and closes it once written off; nothing is done to it after', async () => {
    const [x] = JSON.parse((await guichet(['central', 'exceptions', '--data', c.dataDir, '--json'])).stdout) as { id: number; state: string }[];
    expect(x!.state).toBe('written_off');
    const id = String(x!.id);
    const inv = await guichet(['central', 'exceptions', 'investigate', id, '--note', 'asked both shops for their receipts', '--data', c.dataDir]);
    expect(inv.code, inv.stderr).toBe(0);
    expect(inv.stdout).toMatch(new RegExp(`exception #${id} .* written off, under investigation: by setup since .*: asked both shops for their receipts`));
    expect((await guichet(['central', 'exceptions', 'investigate', id, '--data', c.dataDir])).stderr).toMatch(/--note/);
    const closed = await guichet(['central', 'exceptions', 'close', id, '--reason', 'receipts checked: the lottery bears it', '--data', c.dataDir, '--json']);
    expect(closed.code, closed.stderr).toBe(0);
    expect(JSON.parse(closed.stdout)).toMatchObject({ id: x!.id, state: 'written_off', investigating_by: 'setup', note: 'asked both shops for their receipts', closed_by: 'setup', close_reason: 'receipts checked: the lottery bears it' });
    const list = await guichet(['central', 'exceptions', '--data', c.dataDir]);
    expect(list.stdout).toMatch(/under investigation by setup since .*: asked both shops for their receipts/);
    expect(list.stdout).toMatch(/closed by setup .*: receipts checked: the lottery bears it/);
    const again = await guichet(['central', 'exceptions', 'close', id, '--reason', 'again', '--data', c.dataDir]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/already_closed|was closed at/);
    const off = await guichet(['central', 'exceptions', 'write-off', id, '--reason', 'once more', '--data', c.dataDir]);
    expect(off.code).not.toBe(0);
    expect(off.stderr).toMatch(/was closed at .* it cannot be written off/);
    const journaled = await c.central.db.query<{ type: string; actor: string }>(`SELECT type, actor FROM central_journal WHERE type IN ('exception.investigate', 'exception.close') ORDER BY entry_id`);
    expect(journaled).toEqual([
      { type: 'exception.investigate', actor: 'setup' },
      { type: 'exception.close', actor: 'setup' },
    ]);
  });
});
