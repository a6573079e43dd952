/**
 * A stop-list addition names a pack (#22): `GGG-EEE-BB-PPPPP`, typed with or without its dashes and
 * kept in that one form, which terminals and central's claims match. Any other text (a ticket number, a
 * game sold without packs, a pack beyond its block, no reason) is refused with what is wrong, and nothing
 * is listed, journaled or announced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminOpFor } from '../../../central/admin/ops.js';
import type { OpContext } from '../../../central/admin/roles.js';
import type { Central } from '../../../central/store/context.js';
import { testCentral } from '../support/engines.js';

const SECURITY: OpContext = { actor: 'sam', roles: ['security'] };

async function counts(c: Central): Promise<number[]> {
  const [row] = await c.db.query<{ s: number; f: number; j: number }>(
    'SELECT (SELECT count(*)::int FROM stop_list) AS s, (SELECT count(*)::int FROM feed) AS f, (SELECT count(*)::int FROM central_journal) AS j',
  );
  return [row!.s, row!.f, row!.j];
}

describe('stoplist.add', () => {
  let t: Awaited<ReturnType<typeof testCentral>>;
  let c: Central;
  beforeAll(async () => {
    t = await testCentral('pglite', 'stoplist-add');
    c = t.central;
  });
  afterAll(async () => t?.close());

  it.each([
    ['anything at all', /not a pack number GGG-EEE-BB-PPPPP/],
    ['213-001-01-00002-004-7', /not a pack number/],
    ['999-001-01-00001', /of a known game/],
    ['213-000-01-00001', /emission and block numbers start at 1/],
    ['213-001-01-99999', /has \d+ packs \(00000 to \d{5}\): there is no pack 99999/],
  ])('refuses %s, nothing changed', async (pack, why) => {
    const before = await counts(c);
    await expect(runAdminOpFor(c, 'stoplist.add', { pack, reason: 'stolen' }, SECURITY)).rejects.toMatchObject({ reason: 'bad_pack', message: expect.stringMatching(why) });
    expect(await counts(c)).toEqual(before);
  });

  it('refuses a digital game (sold without packs) and an addition without a reason', async () => {
    const before = await counts(c);
    await expect(runAdminOpFor(c, 'stoplist.add', { pack: '316-001-01-00001', reason: 'stolen' }, SECURITY)).rejects.toThrow(/is not sold in packs: there is no pack to stop/);
    await expect(runAdminOpFor(c, 'stoplist.add', { pack: '213-001-01-00001', reason: '  ' }, SECURITY)).rejects.toThrow(/say why/);
    expect(await counts(c)).toEqual(before);
  });

  it('keeps a pack typed without dashes in its printed form', async () => {
    const r = await runAdminOpFor(c, 'stoplist.add', { pack: ' 2130010100003 ', reason: 'stolen from the van' }, SECURITY);
    expect(r.result).toMatchObject({ pack: '213-001-01-00003' });
    expect(await c.db.query('SELECT pack FROM stop_list WHERE removed_at IS NULL')).toEqual([{ pack: '213-001-01-00003' }]);
  });

  // The console words a refusal from these facts; they are checked here as central sends them, not
  // only as hand-built errors on the console's side.
  it('says what is wrong as facts a screen can word', async () => {
    await expect(runAdminOpFor(c, 'stoplist.add', { pack: 'carnet 12', reason: 'stolen' }, SECURITY)).rejects.toMatchObject({ reason: 'bad_pack', facts: { rule: 'format', text: 'carnet 12' } });
    await expect(runAdminOpFor(c, 'stoplist.add', { pack: '213-001-01-99999', reason: 'stolen' }, SECURITY)).rejects.toMatchObject({
      reason: 'bad_pack',
      facts: { rule: 'beyond', pack: '99999', last: expect.stringMatching(/^\d{5}$/) },
    });
    await expect(runAdminOpFor(c, 'stoplist.add', { pack: '213-001-01-00001', reason: 'stolen' }, { actor: 'audrey', roles: ['auditor'] })).rejects.toMatchObject({
      reason: 'forbidden',
      status: 403,
      facts: { actor: 'audrey', needed: 'security' },
    });
  });
});
