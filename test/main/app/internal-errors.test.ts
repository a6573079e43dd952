/**
 * The dispatcher forwards a service's refusal (a ServiceError) as it is, and nothing else: any other
 * error, even one carrying a string `code` (SQLite's SQLITE_BUSY, a file system's ENOENT), is logged
 * and reaches the screen as an internal error, never as a refusal with its code and message.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../main/app/app.js';
import { createProvisioningApp } from '../../../main/app/provisioning.js';
import { ServiceError } from '../../../main/kernel/errors.js';
import type { LotteryTerminal } from '../../../main/kernel/terminal.js';

const busy = (): Error => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

function appThrowing(err: unknown) {
  const logged: unknown[] = [];
  const app = createApp({
    terminal: {} as LotteryTerminal,
    devices: { printer: null },
    host: 'browser',
    version: 'test',
    log: (_message, e) => logged.push(e),
    handlers: {
      'app.info': () => {
        throw err;
      },
    },
  });
  return { app, logged };
}

describe('what the dispatcher forwards as a refusal', () => {
  it('an internal error with a string code is logged and answered internal, not as a refusal', async () => {
    const err = busy();
    const { app, logged } = appThrowing(err);
    const r = await app.call('app.info', {});
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('internal');
    expect(logged).toEqual([err]);
  });

  it('a ServiceError is the refusal, with its code, message and details, and is not logged', async () => {
    const { app, logged } = appThrowing(new ServiceError('pack-not-active', 'pack 213-001-01 is received, not active', { pack: '213-001-01' }));
    expect(await app.call('app.info', {})).toEqual({ ok: false, error: { code: 'pack-not-active', message: 'pack 213-001-01 is received, not active', details: { pack: '213-001-01' } } });
    expect(logged).toEqual([]);
  });

  it('the provisioning screen: an internal error of the enrolment is logged and answered internal', async () => {
    const logged: unknown[] = [];
    const err = busy();
    const app = createProvisioningApp({
      dataDir: '/nowhere',
      enroll: () => Promise.reject(err),
      log: (_message, e) => logged.push(e),
    });
    const r = await app.call('provisioning.enroll', { central: 'http://127.0.0.1:1', code: 'ABCD-EFGH', root: 'a'.repeat(64), manager: 'Marie', pin: '123456' });
    expect(!r.ok && r.error.code).toBe('internal');
    expect(logged).toEqual([err]);
  });
});
