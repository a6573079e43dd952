/**
 * `guichet central keys root|certify|revoke|list` and the root at `central init` (issue #20), run in
 * process (test/support/guichet-runner.ts): the root's private key stays outside the data folder, the enrolment letter carries its
 * fingerprint, certified emission keys sign what central publishes, a revoked one no longer does.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor, ENGINES, releaseDatabase } from '../support/engines.js';
import { runGuichet, type Run } from '../../support/guichet-runner.js';

/** `guichet ARGS` in process, with no database URL from the environment (the store's URL is given as --database-url). */
const guichet = (args: string[]): Promise<Run> => runGuichet(args, { GUICHET_DATABASE_URL: '' });

describe.each(ENGINES)('guichet central keys on %s', (engine) => {
  let tmp: string;
  let data: string;
  let db: string[];
  const central = (args: string[]): Promise<Run> => guichet(['central', ...args, '--data', data, ...db]);
  const json = async <T>(args: string[]): Promise<T> => {
    const r = await central([...args, '--json']);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as T;
  };

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'guichet-keys-cli-'));
    data = join(tmp, 'central');
    const url = await databaseFor(engine);
    db = url ? ['--database-url', url] : [];
  }, 120_000);
  afterAll(async () => {
    rmSync(tmp, { recursive: true, force: true });
    await releaseDatabase(engine);
  }, 60_000);

  it('makes a root, keeps it out of the data folder, certifies and revokes emission keys', async () => {
    const rootFile = join(tmp, 'offline', 'root.key');
    const made = await guichet(['central', 'keys', 'root', '--out', rootFile, '--json']);
    expect(made.code, made.stderr).toBe(0);
    const root = (JSON.parse(made.stdout) as { fingerprint: string }).fingerprint;
    expect((await guichet(['central', 'keys', 'root', '--out', rootFile])).stderr).toMatch(/exists: a root is made once/);

    // The root never lives in central's data folder.
    const inside = await central(['init', '--key', join(tmp, 'emission.key'), '--root', join(data, 'root.key')]);
    expect([inside.code, inside.stderr]).toEqual([1, expect.stringMatching(/must live outside central's data folder/)]);
    expect(existsSync(join(data, 'central.json'))).toBe(false);

    const init = await json<{ root_fingerprint: string; emission_fingerprint: string; online_fingerprint: string; root_created: boolean }>([
      'init',
      '--key',
      join(tmp, 'emission.key'),
      '--root',
      rootFile,
    ]);
    expect(init).toMatchObject({ root_fingerprint: root, root_created: false });

    // The enrolment letter: the code and the root's fingerprint.
    const letter = await central(['terminal', 'add', '--id', 'T1', '--retailer', 'Tabac du Port']);
    expect(letter.code, letter.stderr).toBe(0);
    expect(letter.stdout).toContain(`lottery root fingerprint: ${root.match(/.{4}/g)!.join(' ')}`);
    expect(letter.stdout).toMatch(/guichet enroll --central URL --root [0-9a-f]{64} --manager NAME \(it asks for the code/);

    const second = await json<{ fingerprint: string; already: boolean; key_created: boolean }>(['keys', 'certify', '--root', rootFile, '--role', 'emission', '--key', join(tmp, 'emission-2.key')]);
    expect(second).toMatchObject({ already: false, key_created: true });
    const listed = await json<{ fingerprint: string; role: string; revoked_at: string | null; in_use: boolean }[]>(['keys', 'list']);
    expect(listed.map((k) => [k.role, k.fingerprint])).toEqual([
      ['root', root],
      ['online', init.online_fingerprint],
      ['emission', init.emission_fingerprint],
      ['emission', second.fingerprint],
    ]);
    expect(listed.find((k) => k.in_use)?.role).toBe('online');
    // As text, times are local (Paris unless GUICHET_TIME_ZONE), never the UTC ISO text --json keeps.
    const text = await central(['keys', 'list']);
    expect(text.stdout).toMatch(/certified \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (CET|CEST)\b/);
    expect(text.stdout).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);

    // Central's online key in use is not revoked; a certificate by another root is refused.
    const online = await central(['keys', 'revoke', init.online_fingerprint.slice(0, 12), '--root', rootFile, '--reason', 'oops']);
    expect([online.code, online.stderr]).toEqual([1, expect.stringMatching(/online key this central signs with/)]);
    const stranger = join(tmp, 'stranger-root.key');
    expect((await guichet(['central', 'keys', 'root', '--out', stranger])).code).toBe(0);
    const foreign = await central(['keys', 'certify', '--root', stranger, '--role', 'emission', '--key', join(tmp, 'emission-3.key')]);
    expect([foreign.code, foreign.stderr]).toEqual([1, expect.stringMatching(/names another root/)]);

    // The first emission key revoked: an emission it signs is no longer published; the second one's is.
    const revoked = await json<{ fingerprint: string; already: boolean }>(['keys', 'revoke', init.emission_fingerprint.slice(0, 10), '--root', rootFile, '--reason', 'rotated']);
    expect(revoked).toMatchObject({ fingerprint: init.emission_fingerprint, already: false });
    for (const [n, key] of [
      [5, 'emission.key'],
      [6, 'emission-2.key'],
    ] as const) {
      const r = await guichet(['emission', 'create', '--game', 'happy-2014', '--emission', String(n), '--units', '5', '--workers', '0', '--key', join(tmp, key), '--out', join(tmp, `em-${n}`)]);
      expect(r.code, r.stderr).toBe(0);
    }
    const old = await central(['publish', join(tmp, 'em-5')]);
    expect([old.code, old.stderr]).toEqual([1, expect.stringMatching(/not an emission key certified by the lottery root .*or was revoked/)]);
    expect((await json<{ name: string }[]>(['publish', join(tmp, 'em-6')])).map((p) => p.name)).toEqual(['happy-2014-6-1.outcome']);
  }, 300_000);

  it('announces a TLS authority signed with the root where it is kept, never without it (#39)', async () => {
    const made = await guichet(['central', 'tls', 'make', '--data', data, '--host', '127.0.0.1', '--json']);
    expect(made.code, made.stderr).toBe(0);
    const ca = (JSON.parse(made.stdout) as { ca: string }).ca;
    const bare = await central(['tls', 'announce', '--ca', ca, '--reason', 'no root']);
    expect([bare.code, bare.stderr]).toEqual([1, expect.stringMatching(/required option '--root <file>'/)]);
    const foreign = await central(['tls', 'announce', '--ca', ca, '--root', join(tmp, 'stranger-root.key'), '--reason', 'stranger']);
    expect([foreign.code, foreign.stderr]).toEqual([1, expect.stringMatching(/names another root/)]);
    const announced = await json<{ cursor: number }>(['tls', 'announce', '--ca', ca, '--root', join(tmp, 'offline', 'root.key'), '--reason', 'first authority']);
    expect(announced.cursor).toBeGreaterThan(0);
  }, 120_000);
});
