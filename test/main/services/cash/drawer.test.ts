import { afterEach, describe, expect, it } from 'vitest';
import { openDrawerFor } from '../../../../main/services/cash/drawer.js';
import { verifyJournal } from '../../../../main/services/journal/verify.js';
import { VirtualPrinter } from '../../../../native/printer/virtual-printer.js';
import { PrinterCashDrawer } from '../../../../native/drawer/printer-drawer.js';
import { makeTerminal, type Fixture } from '../terminal/fixture.js';

let f: Fixture;
afterEach(() => f?.cleanup());

function drawerEntries(fx: Fixture): Array<{ type: string; payload: string; operator: string | null }> {
  return fx.t.db.prepare("SELECT type, payload, operator FROM journal WHERE type = 'drawer.open' ORDER BY seq").all() as never;
}

describe('opening the cash drawer', () => {
  it('journals who opened it and why, then sends the pulse through the printer', async () => {
    f = await makeTerminal();
    const printer = new VirtualPrinter('virtual:drawer-test');
    const result = await openDrawerFor(f.t, f.bob, new PrinterCashDrawer(printer), { reason: 'sale', note: 'receipt 12' });
    expect(result.opened).toBe(true);
    expect(printer.kicks).toEqual([2]);
    const entries = drawerEntries(f);
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]!.payload)).toEqual({ reason: 'sale', note: 'receipt 12' });
    expect(verifyJournal(f.t).ok).toBe(true);
  });

  it('keeps the record when the drawer fails, and says so', async () => {
    f = await makeTerminal();
    const printer = new VirtualPrinter('virtual:drawer-test');
    printer.failNext('disconnected');
    const result = await openDrawerFor(f.t, f.alice, new PrinterCashDrawer(printer), { reason: 'no-sale' });
    expect(result).toMatchObject({ opened: false });
    expect(result.error).toMatch(/disconnected/);
    expect(printer.kicks).toEqual([]);
    expect(drawerEntries(f)).toHaveLength(1);
  });

  it('refuses a technician: no record, no pulse', async () => {
    f = await makeTerminal();
    const printer = new VirtualPrinter('virtual:drawer-test');
    await expect(openDrawerFor(f.t, f.tom, new PrinterCashDrawer(printer), { reason: 'maintenance' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(printer.kicks).toEqual([]);
    expect(drawerEntries(f)).toHaveLength(0);
  });
});
