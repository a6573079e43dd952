/**
 * The application of a terminal that is not set up yet (its data folder holds no database): it never
 * invents keys, operators or PINs. `status.get` says so (the kiosk shows its provisioning screen) and
 * `settings.language` switches the screen's language; every other method answers `not-provisioned`.
 */
import { isMethodName, parseInput } from '../../common/api/contract.js';
import type { ApiResult } from '../../common/api/errors.js';
import type { StatusView } from '../../common/api/views.js';
import type { HostApp } from './app.js';

export const NOT_PROVISIONED = 'not-provisioned';

export interface ProvisioningAppOptions {
  /** The empty data folder, shown to the technician. */
  readonly dataDir: string;
}

export function notProvisionedMessage(dataDir: string): string {
  return (
    `this terminal is not set up (no terminal in ${dataDir}): enrol it with the lottery's central (guichet enroll, with the code and root fingerprint of its enrolment letter), ` +
    `or a technician runs guichet init --data ${dataDir} --terminal ID --manager NAME (it asks for the manager's PIN)`
  );
}

export function createProvisioningApp(options: ProvisioningAppOptions): HostApp {
  const status: StatusView = {
    operator: null,
    connection: 'offline',
    outbox_waiting: 0,
    central: { state: 'not-enrolled', seconds_since_contact: null, problem: null },
    printer: null,
    cash_session_open: false,
    provisioning: { data_dir: options.dataDir },
  };
  return {
    call(method: unknown, input: unknown): Promise<ApiResult<unknown>> {
      if (!isMethodName(method)) return Promise.resolve({ ok: false, error: { code: 'unknown-method', message: `unknown API method ${JSON.stringify(method)}` } });
      if (method === 'status.get' || method === 'settings.language') {
        try {
          parseInput(method, input);
        } catch (err) {
          return Promise.resolve({ ok: false, error: { code: 'invalid-input', message: err instanceof Error ? err.message : String(err) } });
        }
        return Promise.resolve({ ok: true, value: method === 'status.get' ? status : null });
      }
      return Promise.resolve({ ok: false, error: { code: NOT_PROVISIONED, message: notProvisionedMessage(options.dataDir) } });
    },
    subscribe: () => () => undefined,
    close: () => undefined,
  };
}
