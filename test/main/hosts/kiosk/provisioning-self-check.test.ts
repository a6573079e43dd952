/**
 * `guichet kiosk --self-check` on an empty data folder (#41, finding 13): the public screen's host never
 * enrols. It answers the self-check status alone, saying the terminal is not set up (the renderer then
 * shows "a technician must set it up", never the enrolment form); enrolment and every counter method are
 * refused as `self-check-mode`, and nothing is written.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareKiosk } from '../../../../main/hosts/kiosk/prepare.js';
import { DEFAULT_SELF_CHECK } from '../../../../main/services/selfcheck/self-check.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const LETTER = { central: 'http://127.0.0.1:9', code: 'ABCD-EFGH', root: 'ab'.repeat(32), manager: 'Marie', pin: '123456' };

describe('a self-check kiosk on an empty data folder', () => {
  it('says it is not set up and refuses enrolment', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'guichet-selfcheck-unprovisioned-'));
    dirs.push(dir);
    const kiosk = await prepareKiosk({ dataDir: dir, host: 'browser', selfCheck: DEFAULT_SELF_CHECK });
    try {
      expect(kiosk.provisioned).toBe(false);
      expect(kiosk.selfCheck).toBe(true);
      expect(await kiosk.app.call('selfcheck.status', {})).toMatchObject({ ok: true, value: { self_check: true, not_set_up: true } });
      // The provisioning screen's own calls: refused, whatever the page sends.
      for (const [method, input] of [
        ['provisioning.enroll', LETTER],
        ['status.get', {}],
        ['settings.language', { language: 'en' }],
        ['auth.login', { name: 'Marie', pin: '123456' }],
      ] as const) {
        expect(await kiosk.app.call(method, input)).toMatchObject({ ok: false, error: { code: 'self-check-mode' } });
      }
      expect(await kiosk.app.call('selfcheck.check', { barcode: '12345' })).toMatchObject({ ok: false, error: { code: 'not-provisioned' } });
    } finally {
      await kiosk.close();
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});
