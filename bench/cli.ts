/**
 * Start-up of the `guichet` command: `guichet --version` and `guichet games` (light commands, which
 * load only their own module) against the floor of running an empty TypeScript file through the same
 * loader (`node bin/run-ts.js`), and `guichet print --help` (which loads the printer drivers and the
 * picture library). Each figure is the median of BENCH_CLI_RUNS child processes (default 7).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 7);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function timeRuns(args: readonly string[]): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore', env: { ...process.env, GUICHET_DATA: '' } });
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-bench-cli-'));
  try {
    const empty = path.join(dir, 'empty.ts');
    writeFileSync(empty, '// nothing: the loader alone\n');
    console.log(`\ncli: start-up, median of ${RUNS} runs (load average ${loadavg()[0]?.toFixed(2)})`);
    const floor = timeRuns(['bin/run-ts.js', empty]);
    const rows: [string, number][] = [
      ['node bin/run-ts.js empty.ts (floor)', floor],
      ['guichet --version', timeRuns(['bin/guichet.js', '--version'])],
      ['guichet games', timeRuns(['bin/guichet.js', 'games'])],
      ['guichet print --help (drivers)', timeRuns(['bin/guichet.js', 'print', '--help'])],
    ];
    for (const [what, ms] of rows) console.log(`  ${what.padEnd(38)} ${ms.toFixed(0).padStart(6)} ms  (${(ms / floor).toFixed(1)}× the floor)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await Promise.resolve();
}
