/**
 * #22: central's journal proves itself, on both engines. Every entry is chained and signed by central's
 * online key; an edited `config.set` row and a deleted `terminal.disable` row are found and named, in
 * the store and in an export (JSON lines with the verifying keys), as are a row slipped in around
 * central and an export cut short.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '../../../central/store/feed.js';
import { exportCentralJournal, verifyCentralJournal, verifyJournalExport } from '../../../central/store/journal-audit.js';
import { addTerminal, setTerminalEnabled } from '../../../central/store/terminals.js';
import type { Central } from '../../../central/store/context.js';
import { ENGINES, testCentral } from '../support/engines.js';

describe.each(ENGINES)("central's signed journal on %s", (engine) => {
  let c: Central;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const made = await testCentral(engine, 'journal-chain');
    c = made.central;
    close = made.close;
    await addTerminal(c, 'alice', 'T1', 'Tabac du Port');
    await setConfig(c, 'alice', 'settle_days', 30);
    await setTerminalEnabled(c, 'bob', 'T1', false, 'audit');
    await setConfig(c, 'alice', 'settle_share_percent', 50);
  }, 120_000);
  afterAll(() => close?.());

  const entryOf = async (type: string) => (await c.db.query<{ entry_id: number; payload: unknown }>('SELECT entry_id, payload FROM central_journal WHERE type = $1 ORDER BY entry_id LIMIT 1', [type]))[0]!;
  const exported = async () => {
    const { header, entries } = await exportCentralJournal(c);
    return [JSON.stringify(header), ...entries.map((e) => JSON.stringify(e))].join('\n');
  };

  it('verifies a whole journal, in the store and exported', async () => {
    const r = await verifyCentralJournal(c);
    expect(r).toMatchObject({ ok: true });
    expect(r.entries).toBeGreaterThanOrEqual(7);
    expect(verifyJournalExport(await exported(), r.root_fingerprint)).toMatchObject({ ok: true, entries: r.entries });
    // Another root than the lottery's is refused.
    expect(() => verifyJournalExport('x\n')).toThrow();
  });

  it('finds an edited config.set row, in the store and in an export', async () => {
    const row = await entryOf('config.set');
    const text = await exported();
    await c.db.execute(`UPDATE central_journal SET payload = '{"key":"settle_days","value":3}' WHERE entry_id = $1`, [row.entry_id]);
    const r = await verifyCentralJournal(c);
    expect(r).toMatchObject({ ok: false, first_break: { entry_id: row.entry_id, problem: 'hash' } });
    expect(r.first_break!.detail).toMatch(/edited/);
    await c.db.execute('UPDATE central_journal SET payload = $2 WHERE entry_id = $1', [row.entry_id, JSON.stringify(row.payload)]);
    expect((await verifyCentralJournal(c)).ok).toBe(true);
    const lines = text.split('\n');
    const i = lines.findIndex((l) => l.includes('"type":"config.set"'));
    lines[i] = lines[i]!.replace('"value":30', '"value":3');
    expect(verifyJournalExport(lines.join('\n'))).toMatchObject({ ok: false, first_break: { entry_id: row.entry_id, problem: 'hash' } });
  });

  it('finds a deleted terminal.disable row, in the store and in an export', async () => {
    const row = await entryOf('terminal.disable');
    const lines = (await exported()).split('\n');
    expect(verifyJournalExport(lines.filter((l) => !l.includes('"type":"terminal.disable"')).join('\n'))).toMatchObject({ ok: false, first_break: { entry_id: row.entry_id + 1, problem: 'sequence' } });
    // The last line cut off: the header's count tells.
    expect(verifyJournalExport(lines.slice(0, -1).join('\n'))).toMatchObject({ ok: false, truncated: true });
    await c.db.execute('DELETE FROM central_journal WHERE entry_id = $1', [row.entry_id]);
    const r = await verifyCentralJournal(c);
    expect(r).toMatchObject({ ok: false, first_break: { entry_id: row.entry_id + 1, problem: 'sequence' } });
    expect(r.first_break!.detail).toMatch(new RegExp(`entry ${row.entry_id} is missing`));
  });

  it('finds a row inserted around central, even renumbered into a gap', async () => {
    const gap = (await c.db.query<{ n: number }>(`SELECT min(entry_id) + 0 AS n FROM central_journal WHERE type = 'config.set' AND payload->>'key' = 'settle_share_percent'`))[0]!.n - 1;
    await c.db.execute(`INSERT INTO central_journal (entry_id, at, actor, type, payload) VALUES ($1, '2026-01-01T00:00:00.000Z', 'alice', 'terminal.enable', '{"terminal":"T1"}')`, [gap]);
    const r = await verifyCentralJournal(c);
    expect(r.ok).toBe(false);
    expect(r.first_break).toMatchObject({ entry_id: gap, problem: 'unsealed' });
  });
});
