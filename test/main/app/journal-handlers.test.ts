import { afterEach, describe, expect, it } from 'vitest';
import { tamper } from '../services/journal/tamper.js';
import { demoApp, inv, type AppFixture } from './sales-fixture.js';

let fx: AppFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

describe('journal handlers on the demo terminal', () => {
  it('pages the journal newest first, filters by type, and lists the types', async () => {
    fx = await demoApp();
    await fx.login('Marie');
    await fx.call('cash.open', { float_cents: 100 });
    const all = await fx.call('journal.list', { limit: 3 });
    expect(all.entries.map((e) => e.type)).toEqual(['session.open', 'operator.login', 'pack.receive']);
    expect(all.entries[0]?.payload).toEqual({ float_cents: 100 });
    const seqs = all.entries.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(all.next_before).toBe(all.entries[2]?.seq);
    const next = await fx.call('journal.list', { limit: 3, before_seq: all.next_before as number });
    expect(next.entries[0]?.seq).toBe((all.entries[2]?.seq ?? 0) - 1);
    expect(all.types).toContain('pack.activate');
    const packs = await fx.call('journal.list', { type: 'pack.receive' });
    expect(packs.total).toBe(2);
    expect(packs.entries.map((e) => (e.payload as { pack: string }).pack)).toEqual(['213-001-01-00001', '213-001-01-00000']);
    expect(packs.next_before).toBeNull();
  });

  it('verifies the chain, and names the first broken entry', async () => {
    fx = await demoApp();
    await fx.login('Theo');
    const ok = await fx.call('journal.verify', {});
    expect(ok).toMatchObject({ ok: true, first_break: null });
    expect(ok.entries).toBeGreaterThan(5);
    // Tamper with an entry the way an intruder with the database file would (another connection, triggers dropped).
    tamper(fx.app.context.terminal.folder.databasePath, (db) => {
      db.prepare("UPDATE journal SET payload = replace(payload, '00001', '00009') WHERE type = 'pack.receive' AND payload LIKE '%00001%'").run();
    });
    const db = fx.app.context.terminal.db;
    const seq = (db.prepare("SELECT seq FROM journal WHERE payload LIKE '%00009%'").get() as { seq: number }).seq;
    const broken = await fx.call('journal.verify', {});
    expect(broken.ok).toBe(false);
    expect(broken.first_break?.seq).toBe(seq);
    expect(broken.first_break?.detail).toBeTruthy();
  });

  it('shows entries only to managers and technicians; anyone logged in may verify', async () => {
    fx = await demoApp();
    await fx.refused('journal.verify', {}, 'not-logged-in');
    await fx.login('Camille');
    await fx.refused('journal.list', {}, 'forbidden');
    expect((await fx.call('journal.verify', {})).ok).toBe(true);
  });

  it('names the first entry breaking a business rule: a sale whose outbox event is gone', async () => {
    fx = await demoApp();
    await fx.login('Marie');
    await fx.call('cash.open', { float_cents: 1000 });
    const { sale } = await fx.call('sale.complete', { barcodes: [inv(3)], tendered_cents: 500 });
    expect(await fx.call('journal.verify', {})).toMatchObject({ ok: true, invariants: [] });
    const db = fx.app.context.terminal.db;
    const seq = (db.prepare("SELECT seq FROM journal WHERE type = 'sale'").get() as { seq: number }).seq;
    tamper(fx.app.context.terminal.folder.databasePath, (raw) => raw.prepare('DELETE FROM outbox WHERE journal_seq = ?').run(seq));
    const r = await fx.call('journal.verify', {});
    expect(r).toMatchObject({ ok: false, first_break: null, invariants: [{ rule: 'money-outbox', seq }] });
    expect(r.invariants[0]?.detail).toBe(`entry ${seq} (sale) moves money but has no outbox event for the lottery`);
    expect(sale.receipt_no).toBe(1);
  });
});

