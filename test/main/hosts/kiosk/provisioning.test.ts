/**
 * An empty data folder without --demo is never turned into a terminal: the kiosk's application answers
 * only status and language, the rest "not provisioned", and nothing is written. With --demo it is the
 * demo terminal, drawn by the lottery's own command in a child process.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareKiosk } from '../../../../main/hosts/kiosk/prepare.js';
import { drawEmissionsByCommand } from '../../../../main/hosts/kiosk/demo.js';
import { guichetBin } from '../../../../main/hosts/kiosk/guichet-bin.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'guichet-provisioning-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('a kiosk on an empty data folder', () => {
  it('without --demo shows provisioning: status and language only, no keys, no PINs, nothing written', async () => {
    const dir = tempDir();
    const kiosk = await prepareKiosk({ dataDir: dir, host: 'browser' });
    try {
      expect(kiosk.provisioned).toBe(false);
      expect(kiosk.demo).toBe(false);
      const status = await kiosk.app.call('status.get', {});
      expect(status).toMatchObject({ ok: true, value: { operator: null, provisioning: { data_dir: dir } } });
      expect(await kiosk.app.call('settings.language', { language: 'en' })).toEqual({ ok: true, value: null });
      for (const [method, input] of [
        ['app.info', {}],
        ['auth.login', { name: 'Marie', pin: '1234' }],
        ['ticket.check', { barcode: '12345' }],
        ['scanner.feed', { data: '4006381333931' }],
      ] as const) {
        const r = await kiosk.app.call(method, input);
        expect(r).toMatchObject({ ok: false, error: { code: 'not-provisioned' } });
        expect((r as { error: { message: string } }).error.message).toContain('guichet init');
      }
      expect(await kiosk.app.call('no.such', {})).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    } finally {
      await kiosk.close();
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('with --demo becomes the demo terminal, its emissions drawn by `guichet emission demo` in a child process', async () => {
    expect(guichetBin()).not.toBeNull();
    const dir = tempDir();
    const steps: string[] = [];
    const kiosk = await prepareKiosk({ dataDir: dir, host: 'browser', demo: true, onProgress: (s) => steps.push(s) });
    try {
      expect(kiosk.provisioned).toBe(true);
      expect(kiosk.demo).toBe(true);
      expect(await kiosk.app.call('app.info', {})).toMatchObject({ ok: true, value: { terminal_id: 'DEMO-01' } });
      expect(steps.some((s) => s.startsWith('emission '))).toBe(true);
      expect(existsSync(path.join(dir, 'demo-lottery', 'lottery.pub'))).toBe(true);
    } finally {
      await kiosk.close();
    }
  }, 120_000);

  it('says which command failed when the lottery side cannot draw', async () => {
    const dir = tempDir();
    // An output folder that is a file: `emission demo` refuses it.
    const file = path.join(dir, 'file');
    await import('node:fs').then((fs) => fs.writeFileSync(file, 'x'));
    await expect(drawEmissionsByCommand(path.join(file, 'sub'), {})).rejects.toThrow(/guichet emission demo .* failed \(exit \d+\)/);
  }, 60_000);
});
