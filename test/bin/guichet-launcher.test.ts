/**
 * bin/guichet-launcher.js with no command starts the counter's kiosk on the data folder it was given
 * (`guichet-launcher --data DIR` is `guichet kiosk --data DIR` under the launcher). Checked with an
 * option the kiosk does not know, so that it stops at once and says which option it refused.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function launcher(args: readonly string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(ROOT, 'bin', 'guichet-launcher.js'), ...args], { cwd: ROOT, timeout: 60_000 }, (err, _stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stderr });
    });
  });
}

it('with no command, runs the kiosk on the folder given (no update installed: this installation)', async () => {
  const data = mkdtempSync(path.join(tmpdir(), 'guichet-launcher-'));
  dirs.push(data);
  const r = await launcher(['--data', data, '--no-such-option']);
  expect(r.stderr).toContain("unknown option '--no-such-option'");
  expect(r.stderr).not.toContain("unknown option '--data'");
  expect(r.code).toBe(1);
}, 60_000);
