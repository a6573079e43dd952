/** Runs the real `guichet` command with stdin left open and not a TTY: a prompt would hang and be killed. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

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
