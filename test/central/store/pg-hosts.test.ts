/** The database URL central takes: one host as it is, several hosts as pg_autoctl prints them (pg-hosts.ts). */
import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { findWritableHost, parsePgTargets } from '../../../central/store/pg-hosts.js';
import { isFailoverError, READ_ONLY } from '../../../central/store/postgres.js';

describe('the multi-host database URL', () => {
  it('splits the hosts in order, keeps user, database and other parameters, drops target_session_attrs', () => {
    expect(parsePgTargets('postgres://postgres@127.0.0.1:5001,127.0.0.1:5002/central?target_session_attrs=read-write&sslmode=disable')).toEqual({
      urls: ['postgres://postgres@127.0.0.1:5001/central?sslmode=disable', 'postgres://postgres@127.0.0.1:5002/central?sslmode=disable'],
      attrs: 'read-write',
    });
    expect(parsePgTargets('postgresql://u:pw@db-a,db-b:6432/central?target_session_attrs=primary').urls).toEqual(['postgresql://u:pw@db-a/central', 'postgresql://u:pw@db-b:6432/central']);
  });

  it('leaves a one-host URL (a Unix socket too) as it is', () => {
    const socket = 'postgresql://postgres@/central?host=%2Ftmp%2Fpg';
    expect(parsePgTargets(socket)).toEqual({ urls: [socket], attrs: 'any' });
  });

  it('refuses what it cannot honour, with the reason', () => {
    expect(() => parsePgTargets('postgres://a:1,b:2/c?target_session_attrs=standby')).toThrow(/target_session_attrs=standby is not supported/);
    expect(() => parsePgTargets('postgres://a:1,,b:2/c')).toThrow(/empty host/);
  });

  it('finds no writable host among servers that do not answer, and says so for each', async () => {
    const err = await findWritableHost(parsePgTargets('postgres://postgres@127.0.0.1:1,127.0.0.1:2/central?target_session_attrs=read-write'), 500).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/no PostgreSQL server takes writes \(127\.0\.0\.1:1: .*; 127\.0\.0\.1:2: /);
    // What a failover looks like to the client is retried; a statement's own error is not.
    expect(isFailoverError(err)).toBe(true);
    expect(isFailoverError(Object.assign(new Error('read-only'), { code: '25006' }))).toBe(true);
    expect(isFailoverError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    // Sent again after a cut connection only when it only reads.
    expect(['SELECT 1', ' select seq FROM t WHERE a = $1', 'SELECT * FROM t FOR UPDATE', 'SELECT nextval($1)', 'WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x', 'INSERT INTO t VALUES (1)'].map((q) => READ_ONLY.test(q))).toEqual([true, true, false, false, false, false]);
  });

  // A server that lets a client in (AuthenticationOk, ReadyForQuery) and then never answers a statement:
  // a host half gone (a node under failover, a machine that froze). Before the bound, choosing a host
  // waited on it for ever, and so did the client's close() behind it (a failover test's teardown hung).
  it('moves past a server that takes the connection but never answers, within the bound', async () => {
    const sockets = new Set<Socket>();
    const mute: Server = createServer((s) => {
      sockets.add(s);
      s.once('data', () => s.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49])));
    });
    await new Promise<void>((r) => mute.listen(0, '127.0.0.1', r));
    const port = (mute.address() as { port: number }).port;
    try {
      const err = await findWritableHost(parsePgTargets(`postgres://postgres@127.0.0.1:${port},127.0.0.1:1/central?target_session_attrs=read-write&sslmode=disable`), 300).catch((e: unknown) => e);
      expect((err as Error).message).toMatch(new RegExp(`no PostgreSQL server takes writes \\(127\\.0\\.0\\.1:${port}: .*timeout.*; 127\\.0\\.0\\.1:1: `, 'i'));
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => mute.close(r));
    }
  }, 10_000);
});
