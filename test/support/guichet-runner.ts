/** Runs the `guichet` command for tests: as a real child process, or in this process (faster). */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { vi } from 'vitest';
import { buildProgram } from '../../../../main/hosts/cli/program.js';
import { buildLotteryProgram, LOTTERY_COMMANDS } from '../../../../central/cli/program.js';
import { runCli } from '../../../../common/cli-run.js';
import { refusePinsOnCommandLine } from '../../../../main/hosts/cli/pin-input.js';
import { refuseSecretsOnCommandLine } from '../../../../central/cli/secrets.js';

export const ROOT = path.resolve(import.meta.dirname, '../../../..');
const BIN = path.join(ROOT, 'bin/guichet.js');

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node bin/guichet.js ARGS` in a child process; GUICHET_DATA is cleared unless given. */
export function spawnGuichet(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, GUICHET_DATA: '', ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

/** The same command tree run in this process, with stdout, stderr and the exit status captured. */
export async function runGuichet(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const saved = { ...process.env };
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true)),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (err.push(String(chunk)), true)),
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(`${a.join(' ')}\n`)),
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(`${a.join(' ')}\n`)),
  ];
  process.env.GUICHET_DATA = '';
  Object.assign(process.env, env);
  process.exitCode = undefined;
  try {
    const lottery = LOTTERY_COMMANDS.includes(args[0] ?? '') && !(args[0] === 'units' && args[1] === 'show');
    await runCli(lottery ? buildLotteryProgram() : await buildProgram(args), ['node', 'guichet', ...args], lottery ? refuseSecretsOnCommandLine : refusePinsOnCommandLine);
    return { code: Number(process.exitCode ?? 0), stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.exitCode = undefined;
    for (const s of spies) s.mockRestore();
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}
