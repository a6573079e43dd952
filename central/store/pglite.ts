/** The embedded engine: PGlite in a folder of the data folder (one process at a time). */
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import { parseInt8, type Db, type Queryable } from './db.js';

function wrap(q: PGlite | Transaction): Queryable {
  return {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      return (await q.query<R>(sql, params as unknown[])).rows;
    },
    async execute(sql: string, params: readonly unknown[] = []): Promise<number> {
      return (await q.query(sql, params as unknown[])).affectedRows ?? 0;
    },
  };
}

/** Opens (creating when missing) a PGlite database in `dir`; `dir` undefined gives an in-memory one. */
export async function openPglite(dir: string | undefined): Promise<Db> {
  if (dir) mkdirSync(dir, { recursive: true });
  const pg = await PGlite.create(dir ?? 'memory://', { parsers: { [types.INT8]: (v: string) => parseInt8(v) } });
  const base = wrap(pg);
  return {
    engine: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}
