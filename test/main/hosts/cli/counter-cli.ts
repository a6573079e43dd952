/**
 * The terminal's `guichet` for the counter tests, with no GUICHET_* variable from the test's environment:
 * `counterCli` in this process (test/support/guichet-runner.ts), `guichet` as a real process with stdin
 * left open and not a TTY, for what only a process shows (a prompt would hang and be killed).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { runGuichet } from '../../../support/guichet-runner.js';

const root = join(import.meta.dirname, '..', '..', '..', '..');

export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** True when the command had to be killed (it waited for input). */
  readonly hung: boolean;
}

export function guichet(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GUICHET_')));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bin', 'guichet.js'), ...args], { env: { ...clean, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let hung = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      hung = true;
      child.kill();
    }, 30_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, hung });
    });
  });
}

/** The same command run in this process (its standard input not a TTY either): its exit status, output and error. */
export async function counterCli(args: string[], env: Record<string, string> = {}): Promise<Omit<Run, 'hung'>> {
  const cleared = Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('GUICHET_')).map((k) => [k, undefined]));
  const r = await runGuichet(args, { ...cleared, ...env });
  return { status: r.code, stdout: r.stdout, stderr: r.stderr };
}
