/**
 * Runs the `guichet` command for tests: as a real child process (`spawnGuichet`, for what needs one: exit
 * on a signal, the command line as `ps` shows it, start-up), or in this process (`runGuichet`: the same
 * command tree and entry as bin/guichet.js picks, about a hundred times cheaper than a tsx spawn).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { Readable } from 'node:stream';
import { format } from 'node:util';
import { vi } from 'vitest';
import { LOTTERY_COMMANDS } from '../../central/cli/program.js';
import { runLotteryCli } from '../../central/cli/run.js';
import { runTerminalCli } from '../../main/hosts/cli/run.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/guichet.js');

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The environment a call adds (a value `undefined` removes the variable) and the folder it runs in. */
export interface RunOptions {
  readonly cwd?: string;
  /** What the command reads on its standard input, which then ends (as spawnSync's `input`). */
  readonly input?: string;
}

/** `node bin/guichet.js ARGS` in a child process; GUICHET_DATA is cleared unless given. */
export function spawnGuichet(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, GUICHET_DATA: '', ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

/**
 * The same command run in this process, as bin/guichet.js would (the lottery's commands or the terminal's,
 * each with its own refusal of secrets on the command line): standard output and error captured as a
 * process would write them, the exit status it would end with. GUICHET_DATA is cleared unless given; `env`
 * is laid over the environment and `opts.cwd` is the working folder for the call only: both, and
 * process.exitCode, are put back after.
 */
export async function runGuichet(args: readonly string[], env: Record<string, string | undefined> = {}, opts: RunOptions = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const saved = { ...process.env };
  const savedCwd = process.cwd();
  const savedCode = process.exitCode;
  const spies: { mockRestore(): void }[] = [
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true)),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (err.push(String(chunk)), true)),
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(`${format(...a)}\n`)),
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(`${format(...a)}\n`)),
  ];
  process.env.GUICHET_DATA = '';
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  process.exitCode = undefined;
  if (opts.input !== undefined) {
    const input = Readable.from([opts.input]);
    spies.push(vi.spyOn(process, 'stdin', 'get').mockReturnValue(input as unknown as typeof process.stdin));
  }
  // As a child whose standard input is a pipe: never a TTY, so a command never prompts (a prompt would hang the test).
  const tty = Object.getOwnPropertyDescriptor(process.stdin, 'isTTY');
  Object.defineProperty(process.stdin, 'isTTY', { value: false, configurable: true, writable: true });
  try {
    if (opts.cwd) process.chdir(opts.cwd);
    const argv = ['node', 'guichet', ...args];
    const lottery = LOTTERY_COMMANDS.includes(args[0] ?? '') && !(args[0] === 'units' && args[1] === 'show');
    await (lottery ? runLotteryCli(argv) : runTerminalCli(argv));
    return { code: Number(process.exitCode ?? 0), stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.exitCode = savedCode;
    if (tty) Object.defineProperty(process.stdin, 'isTTY', tty);
    else delete (process.stdin as { isTTY?: boolean }).isTTY;
    process.chdir(savedCwd);
    for (const s of spies) s.mockRestore();
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}
