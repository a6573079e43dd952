/** `guichet kiosk --self-check` and its timings. */
import { InvalidArgumentError, type Command } from 'commander';
import { CliError } from '../../../../common/cli-run.js';
import { DEFAULT_SELF_CHECK, type SelfCheckConfig } from '../../../services/selfcheck/self-check.js';

export interface SelfCheckCliOptions {
  readonly selfCheck?: boolean;
  readonly checkLimit?: number;
  readonly checkWindow?: number;
  readonly resetSeconds?: number;
  readonly wrongCodeAlert?: number;
}

function positive(what: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < 1 || n > 86_400) throw new InvalidArgumentError(`${what} takes a whole number from 1 to 86400`);
    return n;
  };
}

export function withSelfCheckOptions(command: Command): Command {
  const d = DEFAULT_SELF_CHECK;
  return command
    .option('--self-check', 'player-facing self-check kiosk: players scan their tickets and see what they win; nothing else')
    .option('--check-limit <n>', `self-check: checks one scanner may make per window (default ${d.checks_per_window})`, positive('--check-limit'))
    .option('--check-window <seconds>', `self-check: the rate limit's window (default ${d.window_seconds})`, positive('--check-window'))
    .option('--reset-seconds <n>', `self-check: seconds a result stays on screen (default ${d.reset_seconds})`, positive('--reset-seconds'))
    .option('--wrong-code-alert <n>', `self-check: wrong codes from one scanner within ${d.wrong_code_window_minutes} minutes that alert the technician (default ${d.wrong_code_alert})`, positive('--wrong-code-alert'));
}

/** The self-check config of the options, or undefined without --self-check (the terminal's mode setting then decides). */
export function selfCheckConfigOf(opts: SelfCheckCliOptions): SelfCheckConfig | undefined {
  const tuned = opts.checkLimit ?? opts.checkWindow ?? opts.resetSeconds ?? opts.wrongCodeAlert;
  if (!opts.selfCheck) {
    if (tuned !== undefined) throw new CliError('--check-limit, --check-window, --reset-seconds and --wrong-code-alert go with --self-check');
    return undefined;
  }
  return {
    ...DEFAULT_SELF_CHECK,
    ...(opts.checkLimit !== undefined ? { checks_per_window: opts.checkLimit } : {}),
    ...(opts.checkWindow !== undefined ? { window_seconds: opts.checkWindow } : {}),
    ...(opts.resetSeconds !== undefined ? { reset_seconds: opts.resetSeconds } : {}),
    ...(opts.wrongCodeAlert !== undefined ? { wrong_code_alert: opts.wrongCodeAlert } : {}),
  };
}
