/**
 * #22: retailers as records. The free-text retailers of a store made before version 17 become one
 * record each (names differing only in case are one retailer), terminals and shipments point at them;
 * a retailer is then found by id or by its name in any case ("demo shop" finds "Demo Shop"), and a
 * terminal added for a known name joins its record rather than making a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorsAudit } from '../../../central/store/migrations/017-operators-audit.js';
import { findRetailer, listRetailers } from '../../../central/store/retailers.js';
import { addTerminal } from '../../../central/store/terminals.js';
import type { Central } from '../../../central/store/context.js';
import { testCentral } from '../support/engines.js';

describe('retailer records', () => {
  let c: Central;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const made = await testCentral('pglite', 'retailers');
    c = made.central;
    close = made.close;
  }, 120_000);
  afterAll(() => close?.());

  it('makes records of the free-text retailers an older store held, keeping their names', async () => {
    const at = '2026-11-01T00:00:00.000Z';
    for (const [id, retailer] of [
      ['OLD1', 'Demo Shop'],
      ['OLD2', 'demo shop'],
      ['OLD3', 'Presse du Port'],
    ]) {
      await c.db.execute(`INSERT INTO terminals (terminal_id, retailer, status, created_at) VALUES ($1, $2, 'pending', $3)`, [id, retailer, at]);
    }
    await c.db.execute(`INSERT INTO pack_shipments (game, emission, block, pack, retailer, shipped_at) VALUES ('annee-chance-2013', 1, 1, 0, 'Presse du Port', $1), ('annee-chance-2013', 1, 1, 1, 'Kiosque', $1)`, [at]);
    // Version 17's data statements, as they ran on such a store (the schema statements already ran here).
    for (const sql of operatorsAudit.statements.filter((s) => /^(INSERT INTO retailers|UPDATE)/.test(s.trim()))) await c.db.execute(sql);
    const records = await listRetailers(c);
    expect(records.map((r) => [r.name, r.terminals])).toEqual([
      ['Demo Shop', ['OLD1', 'OLD2']],
      ['Kiosque', []],
      ['Presse du Port', ['OLD3']],
    ]);
    expect(records.map((r) => r.id)).toEqual(['R000001', 'R000002', 'R000003']);
    const shipped = await c.db.query<{ pack: number; retailer_id: string }>('SELECT pack, retailer_id FROM pack_shipments ORDER BY pack');
    expect(shipped).toEqual([
      { pack: 0, retailer_id: 'R000003' },
      { pack: 1, retailer_id: 'R000002' },
    ]);
  });

  it('finds a retailer by id or by name in any case; a terminal for a known name joins its record', async () => {
    expect((await findRetailer(c.db, 'DEMO SHOP'))?.id).toBe('R000001');
    expect((await findRetailer(c.db, 'R000003'))?.name).toBe('Presse du Port');
    // An id typed in lower case, a name with its spaces doubled, as add keeps names.
    expect((await findRetailer(c.db, 'r000003'))?.name).toBe('Presse du Port');
    expect((await findRetailer(c.db, ' presse  du   Port '))?.id).toBe('R000003');
    expect(await findRetailer(c.db, 'nobody')).toBeUndefined();
    const t = await addTerminal(c, 'support', 'NEW1', 'presse du port');
    expect([t.retailer_id, t.retailer]).toEqual(['R000003', 'Presse du Port']);
    const n = await addTerminal(c, 'support', 'NEW2', 'Tabac Neuf');
    expect(n.retailer_id).toBe('R000004');
    await expect(addTerminal(c, 'support', 'NEW3', 'R009999')).rejects.toThrow(/no retailer R009999/);
  });
});
