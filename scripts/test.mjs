#!/usr/bin/env node
/**
 * `npm test`: every test of Guichet, in phases, each timed (#48).
 *
 *   types ‖ lint   tsc --noEmit and eslint side by side, then electronegativity
 *   quick          vitest's quick tier: pure code and services on SQLite
 *   build          out/ and the two bundles (compiled without a second type-check: types did it)
 *   full           vitest's full tier: processes, servers, databases; spawns the build just made
 *   e2e            Playwright in Debian's Chromium against the build
 *
 * Every process a phase starts carries GUICHET_TEST_RUN in its environment, and its temporary folders
 * live in the run's own (TMPDIR). After each phase the run looks for processes that still carry the mark
 * or name the run's folder on their command line (pg_autoctl and PostgreSQL start their children with an
 * environment of their own): any found is a leak (a kiosk, a central, a PostgreSQL or a proxy a test did
 * not stop); they are listed, stopped, and the run fails. A run that passes removes its folder. The run
 * ends with one line per phase and its seconds.
 *
 * Usage: node scripts/test.mjs [PHASE...]   (default: every phase, in the order above)
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const node24 = path.join(root, 'bin', 'node24');

/** One phase: a name, and the commands it runs (commands of one step run side by side). */
const PHASES = [
  { name: 'types', steps: [[[bin('tsc'), '--noEmit', '-p', 'tsconfig.json'], [bin('eslint'), '.']]], also: 'lint' },
  { name: 'electronegativity', steps: [[['node', 'scripts/electronegativity.mjs']]] },
  { name: 'quick', steps: [[[bin('vitest'), 'run', '--project', 'quick', '--project', 'quick-isolated']]] },
  {
    name: 'build',
    steps: [
      [
        [bin('tsc'), '-p', 'tsconfig.build.json', '--noCheck'],
        [bin('vite'), 'build', '--logLevel', 'warn'],
      ],
      [[bin('vite'), 'build', '-c', 'vite.console.config.ts', '--logLevel', 'warn']],
    ],
  },
  { name: 'full', steps: [[[bin('vitest'), 'run', '--project', 'full']]], env: { GUICHET_SPAWN_COMPILED: '1' } },
  { name: 'e2e', steps: [[[bin('playwright'), 'test']]], env: { GUICHET_SPAWN_COMPILED: '1' } },
];

const run = randomUUID();
/** The run's temporary folder: short (PostgreSQL's socket paths are limited), traversable by the postgres user. */
const runTmp = mkdtempSync('/tmp/gt-');
chmodSync(runTmp, 0o755);

function runCommand(argv, env) {
  return new Promise((resolve) => {
    const child = spawn(node24, argv, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env, GUICHET_TEST_RUN: run, TMPDIR: runTmp } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    child.on('error', (err) => {
      console.error(`test: could not start ${argv.join(' ')}: ${err.message}`);
      resolve(1);
    });
  });
}

/**
 * Processes (other than this one) whose environment carries this run's mark, whose command line names
 * its folder, or whose working directory is in it (PostgreSQL's processes rewrite their title and drop
 * the environment, but stay in their data directory).
 */
function leftovers() {
  const found = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ').trim();
      const env = readFileSync(`/proc/${pid}/environ`, 'latin1');
      if (!env.split('\0').includes(`GUICHET_TEST_RUN=${run}`) && !cmd.includes(`${runTmp}/`) && !cwdIn(pid, runTmp)) continue;
      found.push({ pid: Number(pid), cmd });
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** The process works in `dir` or below (a folder deleted since reads with " (deleted)" after it). */
function cwdIn(pid, dir) {
  try {
    return readlinkSync(`/proc/${pid}/cwd`).startsWith(`${dir}/`);
  } catch {
    return false;
  }
}

/** Waits for the run's processes to end by themselves (a phase's children may still be exiting), then stops those left. */
async function checkLeaks(phase) {
  let left = leftovers();
  for (let i = 0; i < 50 && left.length > 0; i++) {
    // A child that exits after its parent reported is not a leak: give it a moment (event-free: /proc has none).
    await new Promise((r) => setTimeout(r, 100));
    left = leftovers();
  }
  if (left.length === 0) return true;
  console.error(`\ntest: ${left.length} process(es) started by the ${phase} phase outlived it (a test that leaks fails the run):`);
  for (const p of left) console.error(`  ${p.pid}  ${p.cmd.slice(0, 200)}`);
  for (const p of left) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  return false;
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !PHASES.some((p) => p.name === w || p.also === w));
if (unknown.length > 0) {
  console.error(`test: no phase ${unknown.join(', ')} (phases: ${PHASES.map((p) => p.name).join(', ')})`);
  rmSync(runTmp, { recursive: true, force: true });
  process.exit(2);
}
const phases = wanted.length === 0 ? PHASES : PHASES.filter((p) => wanted.includes(p.name) || wanted.includes(p.also));
const times = [];
let failed = null;
for (const phase of phases) {
  console.log(`\n── ${phase.also ? `${phase.name} ‖ ${phase.also}` : phase.name} ──`);
  const start = performance.now();
  let ok = true;
  for (const step of phase.steps) {
    const codes = await Promise.all(step.map((argv) => runCommand(argv, phase.env ?? {})));
    if (codes.some((c) => c !== 0)) ok = false;
    if (!ok) break;
  }
  if (!(await checkLeaks(phase.name))) ok = false;
  times.push({ name: phase.also ? `${phase.name} ‖ ${phase.also}` : phase.name, s: (performance.now() - start) / 1000, ok });
  if (!ok) {
    failed = phase.name;
    break;
  }
}
console.log('\nPhases:');
for (const t of times) console.log(`  ${t.name.padEnd(18)} ${t.s.toFixed(0).padStart(5)} s  ${t.ok ? 'ok' : 'FAILED'}`);
const total = times.reduce((s, t) => s + t.s, 0);
console.log(`  ${'total'.padEnd(18)} ${total.toFixed(0).padStart(5)} s`);
if (failed) {
  console.log(`test: the ${failed} phase failed (its temporary files are in ${runTmp})`);
  process.exit(1);
}
rmSync(runTmp, { recursive: true, force: true });
