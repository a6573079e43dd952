import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { demoApp, type AppFixture } from './sales-fixture.js';

let f: AppFixture | undefined;
afterEach(() => f?.cleanup());

describe('diagnostics through the application', () => {
  it('a technician gets the report, prints a test page and reads the printer status', async () => {
    f = await demoApp();
    await f.login('Theo');
    const report = await f.call('diagnostics.report', {});
    expect(report.printer).toMatchObject({ uri: 'virtual:test', online: true });
    expect(report.blocks).toHaveLength(3);
    const page = await f.call('diagnostics.test-page', {});
    expect(page).toMatchObject({ kind: 'test-page', printed: true, receipt_no: null });
    expect(page.picture).toMatch(/^data:image\/png;base64,/);
    expect(f.printer.receipts).toHaveLength(1);
    expect(f.printer.receipts[0]!.lines.join('\n')).toMatch(/PAGE DE TEST/);
    expect(f.printer.receipts[0]!.lines.join('\n')).toMatch(/Theo/);
    f.printer.setStatus({ coverOpen: true });
    expect(await f.call('diagnostics.printer-status', {})).toMatchObject({ online: false, coverOpen: true });
    expect(f.events.some((e) => e.type === 'printer' && e.printer.coverOpen)).toBe(true);
    const failed = await f.call('diagnostics.test-page', {});
    expect(failed).toMatchObject({ printed: false, error: expect.stringMatching(/cover open/) });
  });

  it('runs the integrity check in the background and keeps its last result for the bundle', async () => {
    f = await demoApp();
    await f.login('Theo');
    expect(await f.call('diagnostics.integrity', {})).toBeNull();
    const started = await f.call('diagnostics.integrity-start', {});
    expect(started.state).toBe('running');
    let view = started;
    while (view.state === 'running') {
      await new Promise((r) => setTimeout(r, 20));
      view = (await f.call('diagnostics.integrity', {}))!;
    }
    expect(view).toMatchObject({ ok: true, done: 1200, total: 1200 });
    const bundle = await f.call('diagnostics.bundle', {});
    expect(bundle.entries.some((e) => e.endsWith('/integrity.json'))).toBe(true);
    expect(existsSync(bundle.path)).toBe(true);
    expect(Buffer.from(bundle.data_base64, 'base64').subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it('refuses a cashier and anyone logged out, printing nothing', async () => {
    f = await demoApp();
    await f.refused('diagnostics.report', {}, 'not-logged-in');
    await f.login('Camille');
    for (const m of ['diagnostics.report', 'diagnostics.test-page', 'diagnostics.printer-status', 'diagnostics.integrity-start', 'diagnostics.bundle'] as const) {
      await f.refused(m, {}, 'forbidden');
    }
    expect(f.printer.receipts).toHaveLength(0);
  });
});
