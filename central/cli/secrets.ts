/**
 * No secret on the lottery side's command lines either: every user of the machine reads them (`ps`,
 * /proc/PID/cmdline). The one option that can carry a secret is `--database-url`, whose URL may hold
 * the PostgreSQL password (`postgresql://user:PASSWORD@host/db`, or `?password=`): refused before
 * anything runs, saying where the password goes instead (GUICHET_DATABASE_URL, PGPASSWORD, ~/.pgpass).
 * Keys and certificates are given as files (`--key`, `--tls-key`), never as values.
 */
import { CliError } from '../../common/cli-run.js';

const FLAG = '--database-url';

function holdsPassword(url: string): boolean {
  try {
    const u = new URL(url);
    return u.password !== '' || u.searchParams.has('password');
  } catch {
    // Not a URL the parser reads (a key=value string?): look for the word itself.
    return /password\s*=/i.test(url);
  }
}

/** Throws a CliError (exit 2) when `--database-url` carries a password on the command line. */
export function refuseSecretsOnCommandLine(args: readonly string[]): void {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') return;
    const value = arg === FLAG ? args[i + 1] : arg.startsWith(`${FLAG}=`) ? arg.slice(FLAG.length + 1) : undefined;
    if (value !== undefined && holdsPassword(value)) {
      throw new CliError(
        `${FLAG} carries a password: a password on the command line is visible to every user of this machine (ps). ` +
          'Give the URL in GUICHET_DATABASE_URL instead, or leave the password out of it and put it in PGPASSWORD or ~/.pgpass',
        2,
      );
    }
  }
}
