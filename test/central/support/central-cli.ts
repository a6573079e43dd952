/** Runs `guichet central …` in this process on a data folder; answers what it printed and its exit status. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { buildLotteryProgram } from '../../../central/cli/program.js';
import { runCli } from '../../../common/cli-run.js';

export async function centralCli(data: string, args: readonly string[]): Promise<{ out: string; err: string; code: number }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  process.exitCode = 0;
  try {
    await runCli(buildLotteryProgram(), ['node', 'guichet', 'central', ...args, '--data', data]);
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
  const code = Number(process.exitCode ?? 0);
  process.exitCode = 0;
  return { out: out.join('\n'), err: err.join(''), code };
}

/**
 * A temporary folder whose `sessions/` holds the CLI's logins, and no database URL from the environment
 * (the store is the data folder's PGlite); `done()` puts the environment back and removes the folder.
 */
export function cliSandbox(prefix: string): { readonly tmp: string; done(): void } {
  const saved = { ...process.env };
  const tmp = mkdtempSync(join(tmpdir(), prefix));
  process.env.GUICHET_SESSION_DIR = join(tmp, 'sessions');
  process.env.GUICHET_DATABASE_URL = '';
  return {
    tmp,
    done() {
      process.env = saved;
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
