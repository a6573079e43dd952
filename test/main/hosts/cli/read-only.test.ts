/**
 * Read-only commands on a folder without a terminal: they say so (exit non-zero) and never create a
 * folder, a database, or anything else.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runGuichet } from '../../../support/guichet-runner.js';

const base = mkdtempSync(path.join(tmpdir(), 'guichet-read-only-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const READ_ONLY: readonly (readonly string[])[] = [
  ['check', '2131000000000000000000000'],
  ['check', '2131000000000000000000000', '--operator', 'Marie'],
  ['journal', 'verify'],
  ['report', 'x', '--operator', 'Marie'],
  ['outbox', '--operator', 'Marie'],
  ['operator', 'list', '--operator', 'Marie'],
  ['trust', 'list'],
  ['pack', 'list'],
  ['session', 'status'],
  ['stoplist', 'list'],
];

describe('read-only commands on a data folder without a terminal', () => {
  it.each(READ_ONLY.map((args) => [args.slice(0, 2).join(' '), args] as const))('%s says there is none and creates nothing', async (_name, args) => {
    for (const root of [path.join(base, 'missing', args.join('-')), path.join(base, 'empty', args.join('-'))]) {
      if (root.includes(`${path.sep}empty${path.sep}`)) mkdirSync(root, { recursive: true });
      const before = existsSync(root) ? readdirSync(root) : null;
      const r = await runGuichet([...args, '--data', root], { GUICHET_PIN: '123456' });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain(`no terminal in ${root}: run guichet init or guichet enroll`);
      expect(existsSync(root) ? readdirSync(root) : null).toEqual(before);
    }
  });
});
