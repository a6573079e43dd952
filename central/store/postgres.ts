/**
 * The server engine: a PostgreSQL server reached through a `pg` connection pool. The URL may name several
 * hosts (`postgres://h1:p1,h2:p2/central?target_session_attrs=read-write`, what `pg_autoctl show uri`
 * prints): the pool goes to the one that takes writes (pg-hosts.ts) and, after a failover (connections
 * cut, `57P01`, `25006` read-only, connection refused), to the new primary. A transaction that failed so
 * is run again (cockatiel, within GUICHET_PG_RETRY_MS, default 5 s): every write central makes is
 * idempotent by its key (a push's entries by terminal and seq, a claim by ticket and terminal, pack
 * operations by op_key, digital sales by sale key), so running again one whose COMMIT was sent but never
 * answered is safe (admin acts by their Idempotency-Key: docs/operations/failover.md). A single statement outside a
 * transaction is retried only when it never reached a server, or when it only reads. Past the budget the
 * caller gets DatabaseUnavailableError (503 with Retry-After).
 */
import { createHash } from 'node:crypto';
import { ExponentialBackoff, handleWhen, retry } from 'cockatiel';
import pg from 'pg';
import { DatabaseUnavailableError, parseInt8, type Db, type Queryable } from './db.js';
import { cutConnection, findWritableHost, parsePgTargets, type PgTargets } from './pg-hosts.js';

const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? parseInt8 : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/**
 * Pool size: GUICHET_PG_POOL, else 10. Statements with parameters are prepared once per connection (named after a hash
 * of their text) unless GUICHET_PG_PREPARE=0; the load bench measures both.
 */
export const PG_POOL_SIZE = Number(process.env.GUICHET_PG_POOL) || 10;
const PREPARE = process.env.GUICHET_PG_PREPARE !== '0';
/** How long a request waits for the database to take writes again before 503 (ms). */
export const PG_RETRY_MS = Number(process.env.GUICHET_PG_RETRY_MS) || 5000;
/**
 * How long `close()` lets busy connections finish before destroying them (ms): after a failover a COMMIT
 * may wait for a synchronous standby that is gone, or a connection to a killed server never answer, and
 * `pool.end()` waits for every checked-out connection.
 */
export const PG_CLOSE_MS = Number(process.env.GUICHET_PG_CLOSE_MS) || 5000;
const names = new Map<string, string>();
const listening = new WeakSet<pg.PoolClient>();

function statement(sql: string, params: readonly unknown[]): pg.QueryConfig {
  if (!PREPARE || params.length === 0) return { text: sql, values: params as unknown[], types: typeParsers };
  let name = names.get(sql);
  if (!name) {
    name = `g${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
  }
  return { name, text: sql, values: params as unknown[], types: typeParsers };
}

function wrap(q: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      return (await q.query(statement(sql, params))).rows as R[];
    },
    async execute(sql: string, params: readonly unknown[] = []): Promise<number> {
      return (await q.query(statement(sql, params))).rowCount ?? 0;
    },
  };
}

const FAILOVER_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH',
  '57P01', // admin_shutdown (the server stops, or pg_auto_failover demotes it)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting, or in recovery)
  '25006', // read_only_sql_transaction (we reached a standby, or a demoted primary)
  '08000', '08001', '08003', '08004', '08006',
  'GUICHET_NO_PRIMARY',
]);

/** An error that says the server went away or no longer takes writes (not one about the statement). */
export function isFailoverError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && FAILOVER_CODES.has(code)) return true;
  return /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end/i.test(err.message);
}

/** A statement that only reads (no data-modifying CTE, no locking clause): sent again after a cut connection. */
export const READ_ONLY = /^\s*SELECT\b(?![\s\S]*\b(?:INSERT|UPDATE|DELETE|FOR\s+UPDATE|FOR\s+SHARE|nextval|pg_advisory)\b)/i;

/** Marks an error raised before the statement left this process (safe to send again). */
class NotSent extends Error {
  constructor(override readonly cause: unknown) {
    super((cause as Error).message);
  }
}

/** Connects a pool to `url` (postgresql://…, one or several hosts); checks a server takes it before returning. */
export async function openPostgres(url: string, maxConnections = PG_POOL_SIZE, opts: { closeGraceMs?: number } = {}): Promise<Db> {
  const targets: PgTargets = parsePgTargets(url);
  let current: { pool: pg.Pool; url: string } | null = null;
  let selecting: Promise<{ pool: pg.Pool; url: string }> | null = null;
  let closed = false;
  // Every pool not ended yet (the current one and those dropped after a failover) and their connections, for close().
  const pools = new Map<pg.Pool, Promise<void> | null>();
  const connections = new Set<pg.PoolClient>();
  const makePool = (hostUrl: string): pg.Pool => {
    const pool = new pg.Pool({ connectionString: hostUrl, max: maxConnections, connectionTimeoutMillis: 2000, keepAlive: true });
    pool.on('error', () => {
      // An idle client lost its connection (server restart, failover): replaced on the next query.
    });
    pool.on('connect', (client) => connections.add(client));
    pool.on('remove', (client) => connections.delete(client));
    pools.set(pool, null);
    return pool;
  };
  /** Ends `pool` once (pool.end() twice throws); the promise says when its connections are all gone. */
  const endPool = (pool: pg.Pool): Promise<void> => {
    let ending = pools.get(pool);
    if (!ending) {
      ending = pool.end().catch(() => undefined);
      pools.set(pool, ending);
      void ending.then(() => pools.delete(pool));
    }
    return ending;
  };
  const select = (): Promise<{ pool: pg.Pool; url: string }> => {
    if (current) return Promise.resolve(current);
    selecting ??= (async () => {
      try {
        const hostUrl = await findWritableHost(targets);
        if (closed) throw new DatabaseUnavailableError('the database client is closed');
        current = { pool: makePool(hostUrl), url: hostUrl };
        return current;
      } finally {
        selecting = null;
      }
    })();
    return selecting;
  };
  /** Forgets a pool that failed so (the next call selects a host again). */
  const drop = (pool: pg.Pool, err: unknown): void => {
    if (!isFailoverError(err) || current?.pool !== pool) return;
    current = null;
    void endPool(pool);
  };
  const withRetry = async <T>(fn: () => Promise<T>, retryable: (err: unknown) => boolean): Promise<T> => {
    const deadline = Date.now() + PG_RETRY_MS;
    const policy = retry(handleWhen((err) => !closed && retryable(err) && Date.now() < deadline), {
      maxAttempts: 100,
      backoff: new ExponentialBackoff({ initialDelay: 50, maxDelay: 500 }),
    });
    try {
      return await policy.execute(fn);
    } catch (err) {
      const cause = err instanceof NotSent ? err.cause : err;
      if (isFailoverError(cause)) throw new DatabaseUnavailableError(`the database takes no writes now: ${(cause as Error).message}`);
      throw cause;
    }
  };
  const connect = async (): Promise<{ pool: pg.Pool; client: pg.PoolClient }> => {
    let pool: pg.Pool | null = null;
    try {
      pool = (await select()).pool;
      const client = await pool.connect();
      // A checked-out client whose server goes away between two statements emits 'error': the next statement fails instead.
      if (!listening.has(client)) {
        listening.add(client);
        client.on('error', () => undefined);
      }
      return { pool, client };
    } catch (err) {
      if (pool) drop(pool, err);
      throw new NotSent(err);
    }
  };
  /** `readOnly`: a plain SELECT, safe to send again whatever became of the first. */
  const single = (run: (q: Queryable) => Promise<unknown>, readOnly = false) =>
    withRetry(async () => {
      const { pool, client } = await connect();
      let broken = false;
      try {
        return await run(wrap(client));
      } catch (err) {
        broken = isFailoverError(err);
        drop(pool, err);
        throw err;
      } finally {
        client.release(broken);
      }
    }, (err) => (err instanceof NotSent ? isFailoverError(err.cause) : readOnly && isFailoverError(err)));
  try {
    await single((q) => q.query('SELECT 1'));
  } catch (err) {
    closed = true;
    const open = current as { pool: pg.Pool } | null;
    if (open) await endPool(open.pool);
    throw new Error(`cannot reach PostgreSQL at ${redactUrl(url)}: ${(err as Error).message}`);
  }
  return {
    engine: 'postgres',
    query: <R>(sql: string, params: readonly unknown[] = []) => single((q) => q.query<R>(sql, params), READ_ONLY.test(sql)) as Promise<R[]>,
    execute: (sql: string, params: readonly unknown[] = []) => single((q) => q.execute(sql, params)) as Promise<number>,
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return withRetry(async () => {
        const { pool, client } = await connect();
        let broken = false;
        try {
          await client.query('BEGIN');
          const result = await fn(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          broken = isFailoverError(err);
          if (!broken) await client.query('ROLLBACK').catch(() => undefined);
          drop(pool, err);
          throw err;
        } finally {
          client.release(broken);
        }
      }, (err) => isFailoverError(err instanceof NotSent ? err.cause : err));
    },
    exec: async (sql) => {
      await single((q) => q.query(sql));
    },
    async close() {
      closed = true;
      await selecting?.catch(() => undefined);
      current = null;
      const ended = Promise.all([...pools.keys()].map(endPool));
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), opts.closeGraceMs ?? PG_CLOSE_MS)));
      try {
        if ((await Promise.race([ended, grace])) !== 'late') return;
      } finally {
        clearTimeout(timer);
      }
      // Connections that did not answer in time (a COMMIT waiting for a standby that is gone, a killed
      // server): destroyed, so the statements they hold fail, their holders release them and the pools end.
      for (const client of connections) cutConnection(client);
      await ended;
    },
    poolStats: () => {
      const pool = current?.pool;
      return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : { total: 0, idle: 0, waiting: 0 };
    },
  };
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+):[^@/]*@/, '$1:***@');
}
