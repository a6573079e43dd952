import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record } from '../../../../main/kernel/record.js';
import { initTerminal } from '../../../../main/services/terminal/init.js';
import { inTransaction } from '../../../../main/kernel/transaction.js';
import { tamper } from '../../services/journal/tamper.js';
import { counterCli } from './counter-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'guichet-cli-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const { terminal: t } = await initTerminal(dir, { terminalId: 'T-007', managerName: 'alice', pin: '123456' });
  for (let i = 1; i <= 4; i++) inTransaction(t, () => record(t, { type: 'pack.receive', operator: null, payload: { pack: i } }));
  t.close();
  // Entry 4 of 6 edited behind Guichet's back.
  tamper(join(dir, 'guichet.db'), (db) => db.prepare(`UPDATE journal SET payload = '{"pack":9}' WHERE seq = 4`).run());
});

describe('guichet journal verify', () => {
  it('exits 1 and names the first broken entry (--json)', async () => {
    const r = await counterCli(['journal', 'verify', '--data', dir, '--json']);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ terminal: 'T-007', ok: false, entries: 4, first_break: { seq: 4, problem: 'hash' } });
  });

  it('says so in words for people', async () => {
    const r = await counterCli(['journal', 'verify'], { GUICHET_DATA: dir });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('journal of terminal T-007 is BROKEN at entry 4: entry 4 was altered: its contents do not match its hash\n');
  });
});

describe('guichet journal verify, business invariants', () => {
  const clean = mkdtempSync(join(tmpdir(), 'guichet-cli-invariants-'));
  afterAll(() => rmSync(clean, { recursive: true, force: true }));

  it('exits 1 naming the first entry breaking each rule, the chain being intact', async () => {
    const { terminal: t } = await initTerminal(clean, { terminalId: 'T-008', managerName: 'alice', pin: '123456' });
    for (const i of [1, 2]) {
      inTransaction(t, () =>
        record(t, { type: 'sale', operator: null, payload: { sale_id: i }, receipt: true, money: { kind: 'sale', lines: [{ game: 'happy-2014', count: 1, amount_cents: 300 }] }, outbox: { key: `sale/${i}` } }),
      );
    }
    t.close();
    expect((await counterCli(['journal', 'verify', '--data', clean])).status).toBe(0);
    tamper(join(clean, 'guichet.db'), (db) => db.prepare('DELETE FROM outbox WHERE journal_seq = 4').run());
    const r = await counterCli(['journal', 'verify', '--data', clean]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('journal of terminal T-008: 4 entries, chain intact\nrule money-outbox broken at entry 4: entry 4 (sale) moves money but has no outbox event for the lottery\n');
    const json = JSON.parse((await counterCli(['journal', 'verify', '--data', clean, '--json'])).stdout) as { ok: boolean; invariants: unknown };
    expect(json).toMatchObject({ ok: false, invariants: [{ rule: 'money-outbox', seq: 4 }] });
  });
});

