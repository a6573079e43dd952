/**
 * How a host learns it is a self-check kiosk: `guichet kiosk --self-check` (its timings on the command
 * line), passed on to the Electron app in GUICHET_SELF_CHECK (the config as JSON), or the terminal's
 * `mode` setting (`self_check`, with the default timings).
 */
import { z } from 'zod';
import { DEFAULT_SELF_CHECK, type SelfCheckConfig } from '../../services/selfcheck/self-check.js';

const positive = z.number().int().positive().max(86_400);

export const selfCheckConfigSchema = z
  .object({
    checks_per_window: positive.default(DEFAULT_SELF_CHECK.checks_per_window),
    window_seconds: positive.default(DEFAULT_SELF_CHECK.window_seconds),
    reset_seconds: positive.default(DEFAULT_SELF_CHECK.reset_seconds),
    wrong_code_alert: positive.default(DEFAULT_SELF_CHECK.wrong_code_alert),
    wrong_code_window_minutes: positive.default(DEFAULT_SELF_CHECK.wrong_code_window_minutes),
    wrong_code_limit: positive.default(DEFAULT_SELF_CHECK.wrong_code_limit),
    wrong_code_limit_seconds: positive.default(DEFAULT_SELF_CHECK.wrong_code_limit_seconds),
  })
  .strict();

export const SELF_CHECK_ENV = 'GUICHET_SELF_CHECK';

/** The config a parent process put in the environment, or undefined when none (counter mode, unless the setting says otherwise). */
export function selfCheckFromEnv(env: NodeJS.ProcessEnv): SelfCheckConfig | undefined {
  const text = env[SELF_CHECK_ENV];
  if (!text) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${SELF_CHECK_ENV} is not JSON: ${text}`);
  }
  return selfCheckConfigSchema.parse(json);
}

/** The environment entry that carries `config` to a child process. */
export function selfCheckEnv(config: SelfCheckConfig): Record<string, string> {
  return { [SELF_CHECK_ENV]: JSON.stringify(config) };
}
