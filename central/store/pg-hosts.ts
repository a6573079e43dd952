/**
 * Which PostgreSQL server central writes to, when its URL names several (`pg_autoctl show uri`):
 * `postgres://h1:p1,h2:p2/central?target_session_attrs=read-write`. `pg` 8 connects to one host, so this
 * thin layer tries the hosts in order and keeps the first that takes writes (`pg_is_in_recovery()` false
 * and `transaction_read_only` off), as libpq does; after a failover the caller asks again. A URL with one
 * host and no `target_session_attrs` is used as it is.
 */
import pg from 'pg';

export type SessionAttrs = 'any' | 'read-write' | 'primary';

export interface PgTargets {
  /** One single-host URL per host, in the order given. */
  readonly urls: readonly string[];
  readonly attrs: SessionAttrs;
}

/** Splits a URL into single-host URLs; refuses an unknown `target_session_attrs`. */
export function parsePgTargets(url: string): PgTargets {
  const m = /^(postgres(?:ql)?:\/\/)([^@/?]*@)?([^/?]*)(.*)$/.exec(url);
  if (!m) return { urls: [url], attrs: 'any' };
  const [, scheme, user = '', hostPart = '', rest = ''] = m;
  const q = rest.indexOf('?');
  const path = q < 0 ? rest : rest.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : rest.slice(q + 1));
  const raw = params.get('target_session_attrs') ?? 'any';
  if (raw !== 'any' && raw !== 'read-write' && raw !== 'primary') {
    throw new Error(`target_session_attrs=${raw} is not supported: use read-write or primary (central writes), or any`);
  }
  params.delete('target_session_attrs');
  const query = params.toString();
  const hosts = hostPart.split(',');
  if (hosts.some((h) => h === '') && hosts.length > 1) throw new Error('the database URL names an empty host between commas');
  return { urls: hosts.map((h) => `${scheme}${user}${h}${path}${query ? `?${query}` : ''}`), attrs: raw };
}

/** Why no host was taken: every host, with what it answered. */
export class NoWritableHostError extends Error {
  override readonly name = 'NoWritableHostError';
  readonly code = 'GUICHET_NO_PRIMARY';
}

/** The first host that takes writes (or answers at all, for `any`). */
export async function findWritableHost(targets: PgTargets, connectTimeoutMs = 2000): Promise<string> {
  if (targets.urls.length === 1 && targets.attrs === 'any') return targets.urls[0] as string;
  const seen: string[] = [];
  for (const url of targets.urls) {
    // The bound covers the question too: a server can let a client in and then not answer (a host half
    // gone under failover); waiting on it would hold every request, and close(), behind this choice.
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, query_timeout: connectTimeoutMs });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const [row] = (await client.query<{ recovery: boolean; ro: string }>("SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_read_only') AS ro")).rows;
      if (targets.attrs === 'any' || (row && !row.recovery && row.ro === 'off')) return url;
      seen.push(`${hostOf(url)}: ${row?.recovery ? 'standby' : 'read-only'}`);
    } catch (err) {
      seen.push(`${hostOf(url)}: ${(err as Error).message}`);
    } finally {
      await endWithin(client, connectTimeoutMs);
    }
  }
  throw new NoWritableHostError(`no PostgreSQL server takes writes (${seen.join('; ')})`);
}

/** Cuts `client`'s connection under it: what it waits on fails at once (pg has no public call for this). */
export function cutConnection(client: pg.ClientBase): void {
  (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
}

/** Ends `client`, or after `ms` cuts its connection (a server that does not answer the goodbye either). */
async function endWithin(client: pg.Client, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), ms)));
  try {
    if ((await Promise.race([client.end().catch(() => undefined), late])) === 'late') cutConnection(client);
  } finally {
    clearTimeout(timer);
  }
}

function hostOf(url: string): string {
  return /^[^/]*\/\/(?:[^@/]*@)?([^/?]*)/.exec(url)?.[1] || url;
}
