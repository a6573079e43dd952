/**
 * Every entry point runs on Node 24: the tests themselves (this file fails on an older Node), every
 * npm script (through bin/node24, which puts the pinned Node first on PATH or refuses an older one),
 * and the `guichet` command and bin/run-ts.js started by an older node, which start again on the
 * pinned one (bin/node-runtime.js) with their arguments, their PIN descriptors and their exit code.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NODE_MAJOR, namedDescriptors, pinnedNode, runtimePlan } from '../../bin/node-runtime.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

function put(file: string, text: string, mode = 0o644): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  chmodSync(file, mode);
}

describe('the runtime', () => {
  it('is Node 24 or later, here and in the processes the tests start', () => {
    expect(NODE_MAJOR).toBe(24);
    expect(major(process.versions.node)).toBeGreaterThanOrEqual(NODE_MAJOR);
    const child = spawnSync(process.execPath, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    expect(major(child.stdout.trim())).toBeGreaterThanOrEqual(NODE_MAJOR);
  });

  it('runs every npm script that runs JavaScript through bin/node24', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const offenders = Object.entries(scripts).flatMap(([name, line]) =>
      line
        .split(/&&|\|\||;/)
        .map((command) => command.trim().replace(/^(\w+=\S*\s+)+/, ''))
        .filter((command) => !command.startsWith('npm run ') && !command.startsWith('bin/node24 '))
        .map((command) => `${name}: ${command}`),
    );
    expect(offenders).toEqual([]);
    expect(scripts.test).toBe('bin/node24 node scripts/test.mjs');
  });
});

describe('runtimePlan', () => {
  it('runs here on Node 24 and later', () => {
    for (const v of ['24.0.0', '24.22.3', '26.1.0']) expect(runtimePlan(v, null, '/g/bin/guichet.js', ['games'])).toEqual({ action: 'run' });
  });

  it('refuses an older Node without the pinned one, in French and English', () => {
    const plan = runtimePlan('20.20.2', null, '/g/bin/guichet.js', ['games']);
    expect(plan.action).toBe('refuse');
    if (plan.action !== 'refuse') return;
    expect(plan.message).toContain('Guichet needs Node.js 24 or later, and this is Node 20.20.2: run scripts/setup.sh');
    expect(plan.message).toContain('Guichet a besoin de Node.js 24 ou plus récent');
  });

  it('starts again on the pinned Node, with node flags, the script, its arguments and the PIN descriptors', () => {
    const plan = runtimePlan('22.1.0', '/p/node', '/g/bin/guichet.js', ['login', '--pin-fd', '5', '--code-fd=3'], ['--enable-source-maps']);
    expect(plan).toEqual({
      action: 'restart',
      node: '/p/node',
      args: ['--enable-source-maps', '/g/bin/guichet.js', 'login', '--pin-fd', '5', '--code-fd=3'],
      stdio: ['inherit', 'inherit', 'inherit', 3, 'ignore', 5],
    });
    expect(runtimePlan('20.0.0', '/p/node', '/s', [])).toMatchObject({ stdio: ['inherit', 'inherit', 'inherit'] });
  });

  it('finds descriptors only in --*-fd options, never in other numbers', () => {
    expect(namedDescriptors(['--pin-fd', '7', '--new-pin-fd=4', '--count', '9', '--pin-fd', 'x', '--fd', '8', '--pin-fd', '1'])).toEqual([7, 4]);
  });
});

describe('finding the pinned Node', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'guichet-node24-'));
    put(path.join(dir, 'scripts/node-pin.sh'), 'GUICHET_NODE_VERSION=24.9.9\nGUICHET_NODE_INTEGRITY_X64=sha512-x\n');
    put(path.join(dir, 'bin/node24'), readFileSync(path.join(ROOT, 'bin/node24'), 'utf8'), 0o755);
    // An old machine node only: on PATH, the launcher must not take it.
    put(path.join(dir, 'old/node'), '#!/bin/sh\necho 20.20.2\n', 0o755);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const launch = (...args: string[]) => spawnSync(path.join(dir, 'bin/node24'), args, { encoding: 'utf8', env: { ...process.env, PATH: `${dir}/old:/usr/bin:/bin` } });

  it('bin/node24 refuses to run anything on an older Node when none is pinned here', () => {
    const r = launch('sh', '-c', 'echo ran');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("Guichet needs Node.js 24 or later, and this machine's is 20.20.2: run scripts/setup.sh");
    expect(pinnedNode(dir)).toBeNull();
  });

  it('bin/node24 puts the pinned Node first on PATH, with its headers for node-gyp', () => {
    const pinned = path.join(dir, '.runtime/node-v24.9.9/bin/node');
    put(pinned, '#!/bin/sh\necho v24.9.9\n', 0o755);
    const r = launch('sh', '-c', 'command -v node; node; echo "$npm_config_nodedir"');
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')).toEqual([pinned, 'v24.9.9', path.join(dir, '.runtime/node-v24.9.9'), '']);
    expect(pinnedNode(dir)).toBe(pinned);
  });

  it("bin/node24 keeps the machine's node when it is Node 24 or later", () => {
    put(path.join(dir, 'old/node'), '#!/bin/sh\necho 24.1.0\n', 0o755);
    expect(launch('sh', '-c', 'echo ran')).toMatchObject({ status: 0, stdout: 'ran\n' });
  });
});

/** A Node older than 24 on this machine (Debian's, or GUICHET_OLD_NODE), to start the commands with. */
function olderNode(): string | null {
  for (const candidate of [process.env.GUICHET_OLD_NODE, '/usr/bin/node', '/usr/local/bin/node']) {
    if (!candidate) continue;
    const r = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    if (r.status === 0 && major(r.stdout.trim()) < NODE_MAJOR) return candidate;
  }
  return null;
}
const OLD = olderNode();

describe.skipIf(!OLD || !pinnedNode())('started by an older Node', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'guichet-old-node-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('bin/run-ts.js runs its file on the pinned Node, with its arguments, descriptors and exit code', () => {
    const file = path.join(dir, 'probe.ts');
    put(file, "import { readFileSync } from 'node:fs';\nconst v: string = process.versions.node;\nconsole.log(v, process.argv.slice(2).join(' '), readFileSync(4, 'utf8'));\nprocess.exitCode = 3;\n");
    const secret = path.join(dir, 'secret');
    put(secret, 'from fd 4');
    const r = spawnSync('bash', ['-c', `"$0" bin/run-ts.js "$1" a --pin-fd 4 4<"$2"`, OLD as string, file, secret], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const [version, ...rest] = r.stdout.trim().split(' ');
    expect(major(version as string)).toBeGreaterThanOrEqual(NODE_MAJOR);
    expect(rest.join(' ')).toBe('a --pin-fd 4 from fd 4');
    expect(r.status).toBe(3);
  });

  it('the guichet command answers on the pinned Node, with the node flags it was given', () => {
    // The flag runs in both processes: the old node that hands over, then the pinned one that answers.
    const hook = `data:text/javascript,${encodeURIComponent('console.error("node", process.versions.node)')}`;
    const r = spawnSync(OLD as string, ['--import', hook, path.join(ROOT, 'bin/guichet.js'), '--version'], { cwd: ROOT, encoding: 'utf8' });
    expect(r).toMatchObject({ status: 0, stdout: '0.1.0\n' });
    const versions = r.stderr.trim().split('\n').map((line) => major(line.replace(/^node /, '')));
    expect(versions).toHaveLength(2);
    expect(versions[0]).toBeLessThan(NODE_MAJOR);
    expect(versions[1]).toBeGreaterThanOrEqual(NODE_MAJOR);
  });
});
