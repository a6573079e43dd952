/** The server engine: a PostgreSQL server reached through a `pg` connection pool. */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { parseInt8, type Db, type Queryable } from './db.js';

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
const names = new Map<string, string>();

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

/** Connects a pool to `url` (postgresql://…); checks the server answers before returning. */
export async function openPostgres(url: string, maxConnections = PG_POOL_SIZE): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  pool.on('error', () => {
    // An idle client lost its connection (server restart): the pool replaces it on the next query.
  });
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new Error(`cannot reach PostgreSQL at ${redactUrl(url)}: ${(err as Error).message}`);
  }
  const base = wrap(pool);
  return {
    engine: 'postgres',
    ...base,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+):[^@/]*@/, '$1:***@');
}
