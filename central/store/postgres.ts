/** The server engine: a PostgreSQL server reached through a `pg` connection pool. */
import pg from 'pg';
import { parseInt8, type Db, type Queryable } from './db.js';

const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? parseInt8 : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

function wrap(q: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      return (await q.query({ text: sql, values: params as unknown[], types: typeParsers })).rows as R[];
    },
    async execute(sql: string, params: readonly unknown[] = []): Promise<number> {
      return (await q.query({ text: sql, values: params as unknown[], types: typeParsers })).rowCount ?? 0;
    },
  };
}

/** Connects a pool to `url` (postgresql://…); checks the server answers before returning. */
export async function openPostgres(url: string, maxConnections = 10): Promise<Db> {
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
  };
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+):[^@/]*@/, '$1:***@');
}
