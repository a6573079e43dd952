/**
 * #19: text a terminal cannot journal — a NUL, a lone surrogate (an emoji cut in two) — is refused where
 * it enters: every text of the kiosk API that reaches the journal (cash reason, void reason, operator
 * name, device settings, the scanner feed), with `invalid-input` naming the field and the problem, and
 * nothing changed; central's settings holding it are refused and the refusal journaled; a claim
 * address is cut on code points; the CLI refuses such an argument before its command runs.
 */
import { Command } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCentralConfig, centralConfig } from '../../../main/services/sync/central-config.js';
import { claimAddress } from '../../../main/services/tickets/pay.js';
import { badCliText } from '../../../main/hosts/cli/program.js';
import { inTransaction } from '../../../main/kernel/transaction.js';
import { textProblem } from '../../../common/text.js';
import type { MethodName } from '../../../common/api/contract.js';
import { demoApp, type AppFixture } from './sales-fixture.js';

let fx: AppFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

const BAD: readonly [string, string, string][] = [
  ['a NUL', 'coins \u0000 bag', 'nul'],
  ['a lone surrogate', `coins ${'\ud83d'}`, 'lone-surrogate'],
];

describe.each(BAD)('text holding %s', (_what, text, problem) => {
  async function refusedAs(method: MethodName, input: unknown, field: string): Promise<void> {
    const before = fx!.counts();
    const r = await fx!.app.call(method, input as never);
    expect(r.ok, `${method} took ${JSON.stringify(text)}`).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('invalid-input');
    expect(r.error.details).toMatchObject({ field, problem });
    expect(r.error.message).toMatch(problem === 'nul' ? /NUL/ : /surrogate/);
    expect(fx!.counts()).toEqual(before);
  }

  it('is refused by the kiosk API wherever it would be journaled, nothing changed', async () => {
    fx = await demoApp();
    await refusedAs('auth.login', { name: `Marie${text}`, pin: '123456' }, 'name');
    await fx.login('Marie');
    await fx.call('cash.open', { float_cents: 10_000 });
    await refusedAs('cash.move', { kind: 'in', amount_cents: 500, reason: text }, 'reason');
    await refusedAs('sale.void', { receipt_no: 1, reason: text }, 'reason');
    await refusedAs('operators.unlock', { name: `Camille${text}` }, 'name');
    await refusedAs('settings.update', { printer_uri: `virtual:${text}` }, 'printer_uri');
    await refusedAs('scanner.feed', { data: `0123${text}` }, 'data');
    // The same texts, clean, are taken.
    expect(await fx.call('cash.move', { kind: 'in', amount_cents: 500, reason: 'coins 🪙 bag' })).toMatchObject({ reason: 'coins 🪙 bag' });
  });

  it('is refused in central\'s settings: not applied, the refusal journaled', async () => {
    fx = await demoApp();
    const t = fx.app.context.terminal;
    inTransaction(t, () => applyCentralConfig(t, { claim_address: `Loterie, ${text}`, payout_limit_max_cents: 50_000 }));
    expect(centralConfig(t).claim_address).toBeUndefined();
    expect(centralConfig(t).payout_limit_max_cents).toBe(50_000);
    const refused = t.db.prepare(`SELECT payload FROM journal WHERE type = 'central.config-refused'`).all() as { payload: string }[];
    expect(refused).toHaveLength(1);
    expect(JSON.parse(refused[0]!.payload)).toMatchObject({ refused: [{ key: 'claim_address', problem }] });
  });

  it('is refused by the CLI before its command runs', () => {
    const cmd = new Command('move').option('--reason <text>').argument('[kind]');
    cmd.parse(['in', '--reason', text], { from: 'user' });
    expect(badCliText(cmd)).toEqual({ what: '--reason', problem });
  });
});

it('cuts a claim address on code points: never half an emoji', async () => {
  fx = await demoApp();
  const t = fx.app.context.terminal;
  // 199 letters then an emoji: a cut at 200 UTF-16 units would keep half of it.
  inTransaction(t, () => applyCentralConfig(t, { claim_address: `${'x'.repeat(199)}😀 and more` }));
  const cut = claimAddress(t)!;
  expect(textProblem(cut)).toBeNull();
  expect(Array.from(cut)).toHaveLength(200);
  expect(cut.endsWith('😀')).toBe(true);
});
