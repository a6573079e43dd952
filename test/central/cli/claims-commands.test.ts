/**
 * `guichet central claims list|pay` (#22), in process on a store on the production engine (PostgreSQL; PGlite where it is absent): a filed claim's payment
 * proposed by one finance operator (dual control), approved by another, then listed paid with the ID
 * document by its last 4 characters, printed ticket numbers and local time; a second payment refused,
 * bad input refused before anything is asked of central.
 */
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packOfTicket } from '../../../central/store/packs.js';
import { localTime } from '../../../central/cli/local-time.js';
import { printedTicket } from '../../../central/cli/ticket-number.js';
import { insertPrizeClaim } from '../../../central/store/queries/prize-claims.js';
import { addTerminal } from '../../../central/store/terminals.js';
import { centralCli, cliLoginAs, cliSandbox } from '../support/central-cli.js';
import { ENGINES, testCentral } from '../support/engines.js';
import { createOperator, type TestOperator } from '../support/operators.js';
import { publishTestEmission } from '../support/paid-twice.js';
import type { StartedCentral } from '../support/start-central.js';

describe('guichet central claims list|pay (in process)', () => {
  let sandbox: ReturnType<typeof cliSandbox>;
  let data: string;
  let ticket: string;
  let prize: number;
  const ops: Record<string, TestOperator> = {};

  beforeAll(async () => {
    const made = await testCentral(ENGINES[0]!, 'claims-cli');
    sandbox = cliSandbox('guichet-claims-cli-', made.url);
    const c = made.central;
    data = c.dataDir;
    await addTerminal(c, 'test', 'SHOP-A', 'Tabac du Port');
    const e = await publishTestEmission({ central: c, lotteryKeyFile: join(dirname(data), 'lottery.key') } as StartedCentral, { emission: 6 });
    const unit = Array.from({ length: 200 }, (_, u) => u).reduce((a, u) => (e.prizeOf(u) > e.prizeOf(a) ? u : a), 0);
    ticket = e.ticketOf(unit);
    prize = e.prizeOf(unit);
    // Its pack active at SHOP-A, as when it was sold there (central pays no ticket of a pack active nowhere).
    const pack = packOfTicket(e.game, e.emission, 1, unit)!;
    await c.db.execute(`INSERT INTO pack_states (game, emission, block, pack, state, terminal_id, received_at, activated_at, updated_at) VALUES ($1, $2, 1, $3, 'active', 'SHOP-A', $4, $4, $4)`, [e.game, e.emission, pack.pack, '2026-12-01T08:00:00.000Z']);
    await c.db.transaction((tx) => insertPrizeClaim(tx, 'SHOP-A', { seq: 20, kind: 'over-limit', ticket, amount_cents: prize, receipt_no: null, reason: null, filed_at: '2026-12-01T09:00:00.000Z', received_at: '2026-12-01T09:00:01.000Z' }));
    ops.boss = await createOperator(c, { name: 'boss', roles: ['administrator'] });
    ops.fanny = await createOperator(c, { name: 'fanny', roles: ['finance'] });
    ops.gael = await createOperator(c, { name: 'gael', roles: ['finance'] });
    await c.db.close();
  }, 120_000);
  afterAll(() => sandbox.done());

  const guichet = (...args: string[]) => centralCli(data, args);
  const loginAs = (o: TestOperator) => cliLoginAs(data, o);

  const PAY = ['--name', 'Camille Martin', '--id-kind', 'passport', '--id-number', '19AB45678', '--method', 'cheque', '--reference', 'CHQ 0001234', '--paid-on', '2026-12-02', '--reason', 'winner at the office'];

  it('proposes a payment (dual control), lists it proposed, then paid once another finance operator approves', async () => {
    await loginAs(ops.fanny!);
    const filed = await guichet('claims', 'list');
    expect(filed.out).toBe(`SHOP-A/20  ${localTime('2026-12-01T09:00:00.000Z')}  claim form     ${printedTicket(ticket)}  ${(prize / 100).toFixed(2)} €  at SHOP-A (Tabac du Port)  filed`);
    // Bad input: refused before central is asked.
    const bad = await guichet('claims', 'pay', 'SHOP-A/20', ...PAY.slice(0, -4), '--paid-on', '2026-02-30', '--reason', 'x');
    expect([bad.code, bad.err]).toEqual([1, expect.stringMatching(/payment\.paid_on: no such date/)]);
    expect((await guichet('claims', 'pay', 'SHOP-A', ...PAY)).err).toMatch(/'SHOP-A' is not a claim: give TERMINAL\/ENTRY/);

    const proposed = await guichet('claims', 'pay', 'SHOP-A/20', ...PAY);
    expect(proposed.code, proposed.err).toBe(0);
    const id = /^proposed as #(\d+) \(dual control\)/.exec(proposed.out)?.[1];
    expect(id, proposed.out).toBeDefined();
    expect((await guichet('claims', 'list')).out).toMatch(new RegExp(`  payment proposed \\(#${id}\\)$`));

    await loginAs(ops.gael!);
    const approved = await guichet('proposal', 'approve', id!, '--reason', 'cheque and ID checked');
    expect(approved.code, approved.err).toBe(0);
    const paid = (await guichet('claims', 'list')).out.split('\n');
    expect(paid[0]).toMatch(/  paid$/);
    expect(paid[1]).toMatch(new RegExp(`^  paid ${(prize / 100).toFixed(2)} € to Camille Martin \\(passport …5678\\) by cheque CHQ 0001234 on 2026-12-02, recorded .+ by gael \\(proposed by fanny\\)$`));
    expect(paid.join('\n')).not.toContain('19AB45678');
    const json = JSON.parse((await guichet('claims', 'list', '--json')).out) as { state: string; paid: { id_last4: string } }[];
    expect(json.map((x) => [x.state, x.paid.id_last4])).toEqual([['paid', '5678']]);

    const again = await guichet('claims', 'pay', 'SHOP-A/20', ...PAY);
    expect([again.code, again.err]).toEqual([1, expect.stringMatching(/claim SHOP-A\/20 was paid on 2026-12-02 \(cheque, CHQ 0001234\), recorded by gael .*: a claim is paid once/)]);
    // `claims` alone: the filed claims as before.
    expect((await guichet('claims')).out).toMatch(/claim form .* at SHOP-A \(Tabac du Port\)$/);
  }, 120_000);
});
