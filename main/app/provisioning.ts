/**
 * The application of a terminal that is not set up yet (its data folder holds no database): it never
 * invents keys, operators or PINs. `status.get` says so (the kiosk shows its provisioning screen),
 * `settings.language` switches the screen's language, and `provisioning.enroll` (when the host offers
 * it) enrols the folder with central from the enrolment letter's fields; every other method answers
 * `not-provisioned`. In self-check mode (a public screen) it answers `selfcheck.status` alone, saying the
 * terminal is not set up: no enrolment, no counter status, whatever the page sends (#41).
 */
import { isMethodName, parseInput, type OutputOf, type ParsedInputOf } from '../../common/api/contract.js';
import type { ApiResult } from '../../common/api/errors.js';
import type { StatusView } from '../../common/api/views.js';
import type { SelfCheckConfig } from '../services/selfcheck/self-check.js';
import { failureOf, type HostApp } from './app.js';
import { selfCheckRefusal } from './self-check-mode.js';

export const NOT_PROVISIONED = 'not-provisioned';

export interface ProvisioningAppOptions {
  /** The empty data folder, shown to the technician. */
  readonly dataDir: string;
  /**
   * Enrols the folder and makes the host serve the terminal's application from then on (the host's
   * `prepareKiosk`); absent, the screen's form is refused as `not-provisioned`.
   */
  readonly enroll?: (input: ParsedInputOf<'provisioning.enroll'>) => Promise<OutputOf<'provisioning.enroll'>>;
  /** Where unexpected errors are reported (default: console.error). */
  readonly log?: (message: string, err: unknown) => void;
  /** The host runs as a public self-check kiosk: provisioning is refused (`self-check-mode`). */
  readonly selfCheck?: SelfCheckConfig;
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
    provisioning: { data_dir: options.dataDir, can_enroll: options.enroll !== undefined },
  };
  const selfCheck = options.selfCheck;
  const busy = { now: false };
  return {
    call(method: unknown, input: unknown): Promise<ApiResult<unknown>> {
      if (!isMethodName(method)) return Promise.resolve({ ok: false, error: { code: 'unknown-method', message: `unknown API method ${JSON.stringify(method)}` } });
      if (selfCheck) {
        const refused = selfCheckRefusal(method);
        if (refused) return Promise.resolve({ ok: false, error: refused });
        if (method === 'selfcheck.status') {
          const view: OutputOf<'selfcheck.status'> = {
            self_check: true,
            language: 'fr',
            reset_seconds: selfCheck.reset_seconds,
            checks_per_window: selfCheck.checks_per_window,
            window_seconds: selfCheck.window_seconds,
            not_set_up: true,
          };
          return Promise.resolve({ ok: true, value: view });
        }
      }
      if (method === 'status.get' || method === 'settings.language') {
        try {
          parseInput(method, input);
        } catch (err) {
          return Promise.resolve({ ok: false, error: { code: 'invalid-input', message: err instanceof Error ? err.message : String(err) } });
        }
        return Promise.resolve({ ok: true, value: method === 'status.get' ? status : null });
      }
      if (method === 'provisioning.enroll' && options.enroll) return enrol(options.enroll, input, busy, options.log ?? ((message, err) => console.error(message, err)));
      return Promise.resolve({ ok: false, error: { code: NOT_PROVISIONED, message: notProvisionedMessage(options.dataDir) } });
    },
    subscribe: () => () => undefined,
    close: () => undefined,
  };
}

/** One enrolment at a time: a second press while the first is on its way is refused, not sent again. */
async function enrol(run: NonNullable<ProvisioningAppOptions['enroll']>, input: unknown, busy: { now: boolean }, log: NonNullable<ProvisioningAppOptions['log']>): Promise<ApiResult<unknown>> {
  let parsed: ParsedInputOf<'provisioning.enroll'>;
  try {
    parsed = parseInput('provisioning.enroll', input);
  } catch (err) {
    return { ok: false, error: { code: 'invalid-input', message: err instanceof Error ? err.message : String(err) } };
  }
  if (busy.now) return { ok: false, error: { code: 'enrol-busy', message: 'an enrolment is already under way' } };
  busy.now = true;
  try {
    return { ok: true, value: await run(parsed) };
  } catch (err) {
    return { ok: false, error: failureOf(err, () => log('guichet: provisioning.enroll failed', err)) };
  } finally {
    busy.now = false;
  }
}
