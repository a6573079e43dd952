/**
 * A console act naming a terminal, a retailer or a game central does not know is refused with that
 * name as a fact (#22): the console words `unknown_terminal`, `unknown_retailer` (and its `no_terminal`
 * rule) and `unknown_game` from `{terminal}`, `{retailer}` and `{game}` (console/src/refusal-words.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminOpFor, type AdminOp } from '../../../central/admin/ops.js';
import type { OpContext } from '../../../central/admin/roles.js';
import type { Central } from '../../../central/store/context.js';
import { testCentral } from '../support/engines.js';

const SECURITY: OpContext = { actor: 'sam', roles: ['security'] };
const SUPPORT: OpContext = { actor: 'sue', roles: ['support'] };

describe('refusals of an unknown name', () => {
  let t: Awaited<ReturnType<typeof testCentral>>;
  let c: Central;
  beforeAll(async () => {
    t = await testCentral('pglite', 'unknown-refusal-facts');
    c = t.central;
  });
  afterAll(async () => t?.close());

  /** The refusal as the console gets it: its reason, status and exactly these facts (a missing one leaves central's English sentence). */
  const refusal = async (op: AdminOp, args: unknown, ctx: OpContext = SUPPORT) => {
    const e = await runAdminOpFor(c, op, args, ctx).then(
      () => null,
      (err: unknown) => err as { reason?: string; status?: number; facts?: unknown },
    );
    return e && { reason: e.reason, status: e.status, facts: e.facts };
  };

  it('names the terminal', async () => {
    const unknown = { reason: 'unknown_terminal', status: 404, facts: { terminal: 'T-NOPE' } };
    expect(await refusal('console.terminal', { id: 'T-NOPE' })).toEqual(unknown);
    expect(await refusal('terminal.disable', { id: 'T-NOPE', reason: 'stolen' }, SECURITY)).toEqual(unknown);
  });

  it('names the retailer, and says when it is a retailer without a terminal', async () => {
    const unknown = (retailer: string) => ({ reason: 'unknown_retailer', status: 404, facts: { retailer } });
    expect(await refusal('retailer.show', { retailer: ' Tabac Nulle Part ' })).toEqual(unknown('Tabac Nulle Part'));
    expect(await refusal('packs.ship', { packs: ['213-001-01-00001'], retailer: 'Tabac Nulle Part' })).toEqual(unknown('Tabac Nulle Part'));
    expect(await refusal('terminal.add', { id: 'T-NEW', retailer: 'r999999' })).toEqual(unknown('R999999'));
    await runAdminOpFor(c, 'retailer.add', { name: 'Kiosque Vide' }, SUPPORT);
    expect(await refusal('statement', { retailer: 'kiosque vide', week: '2026-W48' })).toEqual({ reason: 'unknown_retailer', status: 404, facts: { retailer: 'Kiosque Vide', rule: 'no_terminal' } });
  });

  it('names the game', async () => {
    const unknown = { reason: 'unknown_game', status: 404, facts: { game: 'loto-2099' } };
    expect(await refusal('game.suspend', { game: 'loto-2099', reason: 'fraud' }, SECURITY)).toEqual(unknown);
    expect(await refusal('game.resume', { game: 'loto-2099', reason: 'fixed' }, SECURITY)).toEqual(unknown);
  });
});
