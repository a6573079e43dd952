/** Runs `guichet central …` in this process on a data folder; answers what it printed and its exit status. */
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
