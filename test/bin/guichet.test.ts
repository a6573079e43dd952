/**
 * bin/guichet.js runs the compiled JavaScript when it is installed without the sources (out/ next to
 * it, no main/ nor central/), with no TypeScript loader at all; in a checkout it runs the sources
 * through tsx, or out/ when npm test asks (GUICHET_SPAWN_COMPILED=1). Checked on a copy of the script in a temporary folder laid out either way.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function put(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** `guichet ARGS` from the copy in `dir`; `compiled` sets GUICHET_SPAWN_COMPILED (npm test sets it for the tiers that spawn: left out otherwise). */
function run(dir: string, args: readonly string[], compiled = false): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env };
  delete env.GUICHET_SPAWN_COMPILED;
  if (compiled) env.GUICHET_SPAWN_COMPILED = '1';
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(dir, 'bin', 'guichet.js'), ...args], { cwd: dir, env }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('bin/guichet.js', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'guichet-bin-'));
    mkdirSync(path.join(dir, 'bin'));
    for (const file of ['guichet.js', 'node-runtime.js']) copyFileSync(path.join(ROOT, 'bin', file), path.join(dir, 'bin', file));
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'guichet', type: 'module' }));
    // What tsx would run, should it be loaded: says so, so that a wrong pick is seen.
    put(path.join(dir, 'out', 'main', 'hosts', 'cli', 'main.js'), "console.log('compiled terminal');\n");
    put(path.join(dir, 'out', 'central', 'cli', 'main.js'), "console.log('compiled lottery');\n");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs out/ without any TypeScript loader when there are no sources (installed)', async () => {
    // No node_modules here: loading tsx would fail, so an answer means it was never asked for.
    expect(await run(dir, ['games'])).toMatchObject({ code: 0, stdout: expect.stringContaining('compiled terminal') });
    expect(await run(dir, ['emission', '--help'])).toMatchObject({ code: 0, stdout: 'compiled lottery\n' });
  });

  it('runs the sources through tsx in a checkout, even when out/ is built', async () => {
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    put(path.join(dir, 'main', 'hosts', 'cli', 'main.ts'), "const from: string = 'sources';\nconsole.log(from, 'terminal');\n");
    put(path.join(dir, 'central', 'cli', 'main.ts'), "const from: string = 'sources';\nconsole.log(from, 'lottery');\n");
    expect(await run(dir, ['games'])).toMatchObject({ code: 0, stdout: 'sources terminal\n' });
    expect(await run(dir, ['units'])).toMatchObject({ code: 0, stdout: 'sources lottery\n' });
  });

  it('runs out/ in a checkout when the test run says so (GUICHET_SPAWN_COMPILED=1), and refuses when out/ is not built', async () => {
    put(path.join(dir, 'main', 'hosts', 'cli', 'main.ts'), "console.log('sources terminal');\n");
    put(path.join(dir, 'central', 'cli', 'main.ts'), "console.log('sources lottery');\n");
    expect(await run(dir, ['games'], true)).toMatchObject({ code: 0, stdout: 'compiled terminal\n' });
    expect(await run(dir, ['units'], true)).toMatchObject({ code: 0, stdout: 'compiled lottery\n' });
    rmSync(path.join(dir, 'out'), { recursive: true, force: true });
    expect(await run(dir, ['games'], true)).toMatchObject({ code: 2, stderr: expect.stringContaining('run npm run build') });
  });
});
