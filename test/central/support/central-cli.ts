/** Runs `guichet central …` in this process on a data folder; answers what it printed and its exit status. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runGuichet } from '../../support/guichet-runner.js';

/** `guichet central ARGS --data DATA` in process: its output and error without their last newline, and its exit status. */
export async function centralCli(data: string, args: readonly string[]): Promise<{ out: string; err: string; code: number }> {
  const r = await runGuichet(['central', ...args, '--data', data]);
  return { out: r.stdout.replace(/\n$/, ''), err: r.stderr.replace(/\n$/, ''), code: r.code };
}

/**
 * A temporary folder whose `sessions/` holds the CLI's logins, and the store's database URL in the
 * environment as an operator's script gives it (none: the data folder's PGlite); `done()` puts the
 * environment back and removes the folder.
 */
export function cliSandbox(prefix: string, databaseUrl?: string): { readonly tmp: string; done(): void } {
  const saved = { ...process.env };
  const tmp = mkdtempSync(join(tmpdir(), prefix));
  process.env.GUICHET_SESSION_DIR = join(tmp, 'sessions');
  process.env.GUICHET_DATABASE_URL = databaseUrl ?? '';
  return {
    tmp,
    done() {
      process.env = saved;
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** `guichet central logout`, then `login` as `o` (password and one-time code given as the environment, as a script would). */
export async function cliLoginAs(data: string, o: { name: string; password: string; totp(): string }): Promise<void> {
  await centralCli(data, ['logout']);
  process.env.GUICHET_OPERATOR_PASSWORD = o.password;
  process.env.GUICHET_OPERATOR_TOTP = o.totp();
  const r = await centralCli(data, ['login', '--operator', o.name]);
  delete process.env.GUICHET_OPERATOR_PASSWORD;
  delete process.env.GUICHET_OPERATOR_TOTP;
  expect(r.code, r.err).toBe(0);
}
