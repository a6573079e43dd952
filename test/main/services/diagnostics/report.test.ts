import { afterEach, describe, expect, it } from 'vitest';
import { diagnosticsReport } from '../../../../main/services/diagnostics/report.js';
import { reportText } from '../../../../main/services/diagnostics/report-text.js';
import { VirtualPrinter } from '../../../../native/printer/virtual-printer.js';
import { makeDemo, type DemoFixture } from './demo-fixture.js';

let f: DemoFixture | undefined;
afterEach(() => f?.cleanup());

describe('diagnostic report', () => {
  it('lists the devices, the database, every imported block, disk space and versions — for a technician', async () => {
    f = await makeDemo();
    const printer = new VirtualPrinter('virtual:counter');
    printer.setStatus({ paperLow: true });
    const r = await diagnosticsReport({ terminal: f.t, devices: { printer, scanners: [{ uri: 'serial:/dev/ttyUSB0', state: 'waiting' }] }, host: 'browser', version: '9.9.9' }, f.theo);
    expect(r.terminal_id).toBe('DEMO-01');
    expect(r.printer).toMatchObject({ uri: 'virtual:counter', online: true, paperLow: true });
    expect(r.scanners).toEqual([{ uri: 'serial:/dev/ttyUSB0', state: 'waiting' }]);
    expect(r.blocks.map((b) => [b.game, b.emission, b.block, b.unit_count])).toEqual([
      ['annee-chance-2013', 1, 1, 400],
      ['happy-2014', 1, 1, 400],
      ['millionnaire', 1, 1, 400],
    ]);
    expect(r.blocks.every((b) => (b.file_bytes ?? 0) > 0)).toBe(true);
    expect(r.database).toMatchObject({ schema_version: expect.any(Number), operators_active: 3, packs: 2, outbox_waiting: expect.any(Number) });
    expect(r.database.journal_entries).toBeGreaterThan(5);
    expect(r.disk?.total_bytes).toBeGreaterThan(0);
    expect(r.disk!.available_bytes).toBeLessThanOrEqual(r.disk!.total_bytes);
    expect(r.versions).toMatchObject({ guichet: '9.9.9', node: process.versions.node, electron: null });
    expect(r.versions.sqlite).toMatch(/^3\.\d+\.\d+$/);
    const text = reportText(r, null);
    expect(text).toContain('Happy 2014 emission 1 block 1: units 0–399 (400)');
    expect(text).toContain('paper low yes');
  });

  it('refuses a cashier', async () => {
    f = await makeDemo();
    await expect(diagnosticsReport({ terminal: f.t, devices: { printer: null }, host: 'browser', version: '1' }, f.camille)).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('reports a printer that cannot be reached as offline, without failing', async () => {
    f = await makeDemo();
    const printer = new VirtualPrinter('virtual:x');
    printer.setStatus({ online: false, detail: 'connection refused' });
    const r = await diagnosticsReport({ terminal: f.t, devices: { printer }, host: 'electron', version: '1' }, f.marie);
    expect(r.printer).toMatchObject({ online: false, detail: 'connection refused' });
    expect(r.scanners).toEqual([]);
  });
});
