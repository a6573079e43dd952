/**
 * The lottery side's commands take no secret on their command line either (issue #20): a
 * `--database-url` holding the PostgreSQL password is refused before anything runs, saying where the
 * password goes; the same URL in GUICHET_DATABASE_URL, or a URL without a password, is taken.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GUICHET_BIN } from '../support/start-central.js';

const tmp = mkdtempSync(join(tmpdir(), 'guichet-central-secrets-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function guichet(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [GUICHET_BIN, ...args], { env: { ...process.env, GUICHET_DATABASE_URL: '', ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('no password on central commands’ command lines', () => {
  it('refuses --database-url with a password, in either spelling, before touching anything', async () => {
    const data = join(tmp, 'refused');
    for (const args of [
      ['central', 'init', '--data', data, '--key', join(tmp, 'k.key'), '--database-url', 'postgresql://lottery:s3cret@127.0.0.1:1/central'],
      ['central', 'terminal', 'list', '--data', data, '--database-url=postgresql://lottery:s3cret@127.0.0.1:1/central'],
      ['central', 'serve', '--data', data, '--database-url', 'postgresql://lottery@127.0.0.1:1/central?password=s3cret'],
    ]) {
      const r = await guichet(args);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toBe(
        'guichet: --database-url carries a password: a password on the command line is visible to every user of this machine (ps). ' +
          'Give the URL in GUICHET_DATABASE_URL instead, or leave the password out of it and put it in PGPASSWORD or ~/.pgpass\n',
      );
    }
    expect(existsSync(data)).toBe(false);
    expect(existsSync(join(tmp, 'k.key'))).toBe(false);
  });

  it('takes the same URL from GUICHET_DATABASE_URL, and a URL without a password on the command line', async () => {
    const data = join(tmp, 'none');
    mkdirSync(data);
    const fromEnv = await guichet(['central', 'terminal', 'list', '--data', data], { GUICHET_DATABASE_URL: 'postgresql://lottery:s3cret@127.0.0.1:1/central' });
    const plain = await guichet(['central', 'terminal', 'list', '--data', data, '--database-url', 'postgresql://lottery@127.0.0.1:1/central']);
    for (const r of [fromEnv, plain]) {
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/is not a central store/);
    }
  });
});
