/**
 * How `guichet central …` acts for an operator (#22). In order: `--operator NAME` with the password
 * and the TOTP code never on the command line (`--secret-fd N`: two lines, password then code; else
 * GUICHET_OPERATOR_PASSWORD and GUICHET_OPERATOR_TOTP; else asked without echo in a terminal) — one
 * login for this command; else the session `guichet central login` kept (a 0600 file, per data folder,
 * in $GUICHET_SESSION_DIR or ~/.guichet/sessions); else, while the store has no administrator, the
 * setup actor (the data folder's admin.token), which serves to create the first one.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { CliError } from '../../common/cli-run.js';
import { promptHidden } from '../../common/hidden-prompt.js';

export interface LoginFlags {
  operator?: string;
  secretFd?: number;
}

export type Credentials = { kind: 'login'; operator: string; password: string; totp: string } | { kind: 'session'; token: string; operator: string } | { kind: 'setup' };

export function fdArg(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) throw new InvalidArgumentError('expected a file descriptor number, e.g. 3');
  return n;
}

export function withLoginOptions(cmd: Command): Command {
  return cmd
    .option('--operator <name>', 'act as this operator for this command alone (else the session of `guichet central login`)')
    .option('--secret-fd <n>', "read the operator's password then TOTP code, one a line, from file descriptor N (else GUICHET_OPERATOR_PASSWORD and GUICHET_OPERATOR_TOTP, else asked)", fdArg);
}

export function sessionDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.GUICHET_SESSION_DIR || join(homedir(), '.guichet', 'sessions');
}

/** The session file of a data folder (one per store). */
export function sessionFile(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const dir = resolve(dataDir);
  const real = existsSync(dir) ? realpathSync(dir) : dir;
  return join(sessionDir(env), `central-${createHash('sha256').update(real).digest('hex').slice(0, 16)}.json`);
}

export function saveSession(dataDir: string, s: { token: string; operator: string; expires_at: string }): string {
  const file = sessionFile(dataDir);
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify({ ...s, data: resolve(dataDir) })}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

export function readSession(dataDir: string): { token: string; operator: string } | null {
  const file = sessionFile(dataDir);
  if (!existsSync(file)) return null;
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as { token?: unknown; operator?: unknown };
    return typeof s.token === 'string' && typeof s.operator === 'string' ? { token: s.token, operator: s.operator } : null;
  } catch {
    return null;
  }
}

export function forgetSession(dataDir: string): void {
  rmSync(sessionFile(dataDir), { force: true });
}


const HOW = 'give --secret-fd N (password and code, one a line), set GUICHET_OPERATOR_PASSWORD and GUICHET_OPERATOR_TOTP, or type them when asked (standard input a terminal)';

/** The lines of file descriptor `fd` (--secret-fd), or why it cannot be read, in words. */
function readSecretFd(fd: number): string[] {
  try {
    return readFileSync(fd, 'utf8').split(/\r?\n/);
  } catch (err) {
    throw new CliError(`--secret-fd ${fd}: cannot read it (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

/** The password and code for `operator`, from the fd, the environment, or hidden prompts. */
export async function readOperatorSecrets(operator: string, flags: LoginFlags, env: NodeJS.ProcessEnv = process.env): Promise<{ password: string; totp: string }> {
  if (typeof flags.secretFd === 'number') {
    const [password = '', totp = ''] = readSecretFd(flags.secretFd);
    if (!password || !totp) throw new CliError(`--secret-fd ${flags.secretFd}: two lines, the password then the TOTP code`);
    return { password, totp: totp.trim() };
  }
  if (env.GUICHET_OPERATOR_PASSWORD && env.GUICHET_OPERATOR_TOTP) return { password: env.GUICHET_OPERATOR_PASSWORD, totp: env.GUICHET_OPERATOR_TOTP.trim() };
  if (process.stdin.isTTY) {
    const password = await promptHidden(`password for operator ${operator}: `);
    const totp = await promptHidden('code from the authenticator (6 digits): ');
    if (!password || !totp) throw new CliError('nothing typed');
    return { password, totp: totp.trim() };
  }
  throw new CliError(`operator ${operator} logs in with a password and a code: ${HOW}`);
}

/**
 * What a new operator enrols with: its enrolment code and the password it chooses, from --secret-fd N
 * (two lines), GUICHET_ENROLMENT_CODE and GUICHET_OPERATOR_PASSWORD, or asked without echo.
 */
export async function readEnrolmentSecrets(operator: string, flags: LoginFlags, env: NodeJS.ProcessEnv = process.env): Promise<{ code: string; password: string }> {
  if (typeof flags.secretFd === 'number') {
    const [code = '', password = ''] = readSecretFd(flags.secretFd);
    if (!code || !password) throw new CliError(`--secret-fd ${flags.secretFd}: two lines, the enrolment code then the new password`);
    return { code: code.trim(), password };
  }
  if (env.GUICHET_ENROLMENT_CODE && env.GUICHET_OPERATOR_PASSWORD) return { code: env.GUICHET_ENROLMENT_CODE.trim(), password: env.GUICHET_OPERATOR_PASSWORD };
  if (process.stdin.isTTY) {
    const code = await promptHidden(`enrolment code of operator ${operator}: `);
    const password = await promptHidden('your new password (12 characters at least): ');
    if (!code || !password) throw new CliError('nothing typed');
    return { code: code.trim(), password };
  }
  throw new CliError(`operator ${operator} enrols with its code and a new password: give --secret-fd N (code and password, one a line), set GUICHET_ENROLMENT_CODE and GUICHET_OPERATOR_PASSWORD, or type them when asked`);
}

/** The name to log in as: the option, GUICHET_OPERATOR, or asked (echoed) in a terminal. */
export async function readOperatorName(flags: LoginFlags, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const name = flags.operator ?? env.GUICHET_OPERATOR;
  if (name) return name;
  if (process.stdin.isTTY) {
    process.stderr.write('operator: ');
    const { createInterface } = await import('node:readline/promises');
    const rl = createInterface({ input: process.stdin, terminal: false });
    const line = await rl[Symbol.asyncIterator]().next();
    rl.close();
    if (typeof line.value === 'string' && line.value.trim()) return line.value.trim();
  }
  throw new CliError('give --operator NAME (or set GUICHET_OPERATOR)');
}

/** Who this command acts as (see the file's comment). */
export async function credentialsFor(dataDir: string, flags: LoginFlags): Promise<Credentials> {
  if (flags.operator) return { kind: 'login', operator: flags.operator, ...(await readOperatorSecrets(flags.operator, flags)) };
  const s = readSession(dataDir);
  if (s) return { kind: 'session', ...s };
  return { kind: 'setup' };
}
