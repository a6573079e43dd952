/**
 * The provisioning screen's form (`provisioning.enroll`): the enrolment letter's fields enrol the empty
 * folder with a real central on loopback, and the terminal's own application then answers under the
 * same app object (no restart), its event listeners carried over. Each wrong field is refused by name
 * before anything is written; a set-up terminal refuses the form.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../../common/api/events.js';
import { prepareKiosk } from '../../../../main/hosts/kiosk/prepare.js';
import type { RunningCentral } from '../../../../central/server/serve.js';
import { rootOfCode } from '../../../central/support/letters.js';
import { centralStore, serveInProcess, type CentralStore } from '../../services/sync/sync-fixture.js';

let store: CentralStore;
let central: RunningCentral;
const dirs: string[] = [];

beforeAll(async () => {
  store = await centralStore(['SHOP-9']);
  central = await serveInProcess(store);
}, 120_000);
afterAll(async () => {
  await central?.close();
  store?.cleanup();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('enrolling from the provisioning screen', () => {
  it('refuses each wrong field by name and writes nothing, then enrols and serves the terminal under the same app', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'guichet-provisioning-enrol-'));
    dirs.push(dir);
    const kiosk = await prepareKiosk({ dataDir: dir, host: 'browser', sync: false, updates: false });
    const events: AppEvent[] = [];
    kiosk.app.subscribe((e) => events.push(e));
    try {
      expect(await kiosk.app.call('status.get', {})).toMatchObject({ ok: true, value: { provisioning: { data_dir: dir, can_enroll: true } } });
      const code = store.codes.get('SHOP-9')!;
      const letter = { central: central.url, code, root: rootOfCode(code), manager: 'Marie', pin: '246810' };

      for (const [wrong, problem] of [
        [{ central: 'ftp://central.example' }, 'central-url'],
        [{ central: 'https://central.example:8470' }, 'ca-needed'],
        [{ root: 'abc' }, 'root'],
        [{ central_ca: 'not a certificate' }, 'ca'],
      ] as const) {
        expect(await kiosk.app.call('provisioning.enroll', { ...letter, ...wrong })).toMatchObject({ ok: false, error: { code: 'enrol-input', details: { problem } } });
      }
      expect(await kiosk.app.call('provisioning.enroll', { ...letter, pin: '12' })).toMatchObject({ ok: false, error: { code: 'bad-pin' } });
      expect(readdirSync(dir)).toEqual([]);
      // A code central does not know: refused by central, nothing of a terminal kept.
      expect(await kiosk.app.call('provisioning.enroll', { ...letter, code: 'WRONG-CODE-0000' })).toMatchObject({ ok: false, error: { code: 'enrol-refused' } });
      expect(existsSync(path.join(dir, 'guichet.db'))).toBe(false);
      expect(await kiosk.app.call('app.info', {})).toMatchObject({ ok: false, error: { code: 'not-provisioned' } });

      expect(await kiosk.app.call('provisioning.enroll', letter)).toEqual({ ok: true, value: { terminal_id: 'SHOP-9', retailer: 'Shop SHOP-9', manager: 'Marie' } });
      // The terminal's own application now answers, under the same object the host holds.
      expect(kiosk.app.context?.terminal.id).toBe('SHOP-9');
      expect(await kiosk.app.call('app.info', {})).toMatchObject({ ok: true, value: { terminal_id: 'SHOP-9' } });
      expect(await kiosk.app.call('auth.login', { name: 'Marie', pin: '246810' })).toMatchObject({ ok: true, value: { name: 'Marie', role: 'manager' } });
      const status = await kiosk.app.call('status.get', {});
      expect(status.ok && (status.value as { provisioning?: unknown }).provisioning).toBeUndefined();
      // The listener subscribed before the switch hears the terminal's events.
      expect(events.some((e) => e.type === 'status' && e.status.operator?.name === 'Marie')).toBe(true);
      // The form is refused once the folder is a terminal.
      expect(await kiosk.app.call('provisioning.enroll', letter)).toMatchObject({ ok: false, error: { code: 'already-initialised' } });
    } finally {
      await kiosk.close();
    }
  }, 120_000);
});
