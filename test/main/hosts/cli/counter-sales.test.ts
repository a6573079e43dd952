import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterTerminal, type CounterFixture } from '../../services/packs/counter-fixture.js';
import { guichet } from './counter-cli.js';
import { runGuichet } from '../../../support/guichet-runner.js';

let fx: CounterFixture;
let data: string;
const BOB = { GUICHET_OPERATOR: 'bob', GUICHET_PIN: '4321' };
const ALICE = { GUICHET_OPERATOR: 'alice', GUICHET_PIN: '123456' };

beforeAll(async () => {
  fx = await counterTerminal();
  data = fx.dir;
  fx.t.close();
});
afterAll(() => fx.cleanup());

const json = (out: string): Record<string, unknown> => JSON.parse(out) as Record<string, unknown>;

describe('guichet pack / sell / check / pay / void / stoplist', () => {
  it('receives a shipment (reporting refused packs), activates by barcode, lists', async () => {
    const r = await runGuichet(['pack', 'receive', fx.packNo(0), fx.inv(150), '213-001-01-00009', '--data', data, '--json'], BOB);
    expect(r.code).toBe(3);
    const doc = json(r.stdout) as { received: { number: string }[]; refused: { pack: string; code: string }[] };
    expect(doc.received.map((p) => p.number)).toEqual(['213-001-01-00000', '213-001-01-00001']);
    expect(doc.refused).toEqual([expect.objectContaining({ pack: '213-001-01-00009', code: 'unknown-pack' })]);

    const act = await runGuichet(['pack', 'activate', fx.inv(3), '--data', data], BOB);
    expect(act).toMatchObject({ code: 0, stdout: '213-001-01-00000 is now active\n' });
    const ret = await runGuichet(['pack', 'return', fx.packNo(1), '--data', data], BOB);
    expect(ret.code).toBe(1);
    expect(ret.stderr).toMatch(/bob.*may not return packs/);
    const list = await runGuichet(['pack', 'list', '--data', data, '--json']);
    expect((json(`{"p":${list.stdout}}`).p as { number: string; state: string }[]).map((p) => [p.number, p.state])).toEqual([
      ['213-001-01-00000', 'active'],
      ['213-001-01-00001', 'received'],
    ]);
    expect((await runGuichet(['pack', 'list', '--state', 'received', '--data', data])).stdout).toMatch(/^213-001-01-00001 {2}received/);
  });

  it('sells for cash with change; refuses a ticket already sold or from a pack not active', async () => {
    const sale = await runGuichet(['sell', fx.inv(10), fx.inv(11), '--tendered', '1000', '--data', data, '--json'], BOB);
    expect(sale.code).toBe(0);
    expect(json(sale.stdout)).toMatchObject({ receipt_no: 1, total_cents: 600, change_cents: 400, receipt: { kind: 'sale', receiptNumber: '1' } });
    const again = await runGuichet(['sell', fx.inv(10), '--tendered', '300', '--data', data], BOB);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already sold/);
    const inactive = await runGuichet(['sell', fx.inv(120), '--tendered', '300', '--data', data], BOB);
    expect(inactive.stderr).toMatch(/ticket non enregistré/);
    const bad = await runGuichet(['sell', fx.inv(12), '--tendered', '2,5', '--data', data], BOB);
    expect(bad.code).not.toBe(0);
  });

  it('check: the outcome verdict without an operator, the counter verdict with one', async () => {
    const plain = await runGuichet(['check', fx.val(102), '--data', data, '--json']);
    expect(json(plain.stdout).verdict).toBe('winner');
    const counter = await runGuichet(['check', fx.val(102), '--data', data, '--json'], BOB);
    expect(counter.code).toBe(3);
    expect(json(counter.stdout)).toMatchObject({ verdict: 'pack-not-active', pack: { state: 'received' } });
    const viaEnv = await runGuichet(['check', fx.val(2), '--data', data], { GUICHET_OPERATOR: 'bob', GUICHET_PIN: '4321' });
    expect(viaEnv.stdout).toMatch(/WINNER — PAY HERE[\s\S]*100,00 €/);
    const tech = await runGuichet(['check', fx.val(2), '--data', data, '--operator', 'tom'], { GUICHET_PIN: '555555' });
    expect(tech.code).toBe(1);
    expect(tech.stderr).toMatch(/may not check tickets/);
  });

  it('pay: pays once, then already-paid with when and where; above the limit prints a claim', async () => {
    const paid = await runGuichet(['pay', fx.val(2), '--data', data, '--json'], BOB);
    expect(paid.code).toBe(0);
    expect(json(paid.stdout)).toMatchObject({ status: 'paid', amount_cents: 10_000, receipt: { kind: 'payout' } });
    const twice = await runGuichet(['pay', fx.val(2), '--data', data, '--json'], BOB);
    expect(twice.code).toBe(3);
    expect(json(twice.stdout)).toMatchObject({ status: 'refused', code: 'already-paid', verdict: { paid: { terminal: 'T-001', amount_cents: 10_000 } } });
    const text = await runGuichet(['pay', fx.val(2), '--data', data], BOB);
    expect(text.stderr).toMatch(/not paid: ALREADY PAID/);
    const claim = await runGuichet(['pay', fx.val(1), '--data', data], BOB);
    expect(claim).toMatchObject({ code: 0 });
    expect(claim.stdout).toMatch(/^CLAIM 1 000,00 € is above the payout limit of 300,00 €: nothing paid here/);
    const loser = await runGuichet(['pay', fx.val(50), '--data', data, '--json'], BOB);
    expect(json(loser.stdout)).toMatchObject({ status: 'refused', code: 'loser' });
  });

  it('void: manager only, within the session', async () => {
    const byCashier = await runGuichet(['void', '1', '--reason', 'mistake', '--data', data], BOB);
    expect(byCashier.code).toBe(1);
    const v = await runGuichet(['void', '1', '--reason', 'mistake', '--data', data, '--json'], ALICE);
    expect(v.code).toBe(0);
    expect(json(v.stdout)).toMatchObject({ voided_receipt_no: 1, amount_cents: 600, receipt: { kind: 'void' } });
    expect((await runGuichet(['void', '1', '--reason', 'again', '--data', data], ALICE)).stderr).toMatch(/already voided/);
  });

  it('stoplist: add (manager) and list; a stop-listed ticket is refused at check', async () => {
    const add = await runGuichet(['stoplist', 'add', fx.inv(5), '--reason', 'damaged', '--data', data], ALICE);
    expect(add).toMatchObject({ code: 0 });
    const list = await runGuichet(['stoplist', 'list', '--data', data, '--json']);
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ scope: 'unit', unit: 5, reason: 'damaged' })]);
    const check = await runGuichet(['check', fx.val(5), '--data', data, '--json'], BOB);
    expect(check.code).toBe(4);
    expect(json(check.stdout).verdict).toBe('stop-listed');
  });

  it('pack return --reason: the reason journaled with the return; a blank one refused (#25)', async () => {
    const blank = await runGuichet(['pack', 'return', fx.packNo(1), '--reason', '  ', '--data', data], ALICE);
    expect(blank.code).not.toBe(0);
    expect(blank.stderr).toMatch(/needs a reason/);
    const ret = await runGuichet(['pack', 'return', fx.packNo(1), '--reason', ' fin du jeu ', '--data', data], ALICE);
    expect(ret).toMatchObject({ code: 0, stdout: '213-001-01-00001 is now returned\n' });
    const db = new Database(path.join(data, 'guichet.db'), { readonly: true });
    try {
      const rows = db.prepare("SELECT payload FROM journal WHERE type = 'pack.return'").all() as { payload: string }[];
      expect(rows.map((r) => (JSON.parse(r.payload) as { reason?: string }).reason)).toEqual(['fin du jeu']);
    } finally {
      db.close();
    }
  });

  it('never prompts without a TTY: a missing PIN is an error, not a wait', async () => {
    const r = await guichet(['pay', fx.val(3), '--data', data, '--operator', 'bob']);
    expect(r.hung).toBe(false);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/needs a PIN/);
  });
});
