/**
 * One transaction around a whole act: `inOneTransaction(db, fn)` opens a transaction that every
 * statement of `fn` joins, `db.query`, `db.execute` and `db.transaction` included, wherever they are
 * called from (AsyncLocalStorage). A nested `transaction` becomes a savepoint, so a store function that
 * catches its own failed transaction still works, and nothing it wrote survives the act's rollback.
 * The admin operations run so (admin/ops.ts): the act, its `admin.op` journal row and its idempotency
 * record commit together or not at all.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Queryable } from './db.js';

interface Ambient {
  readonly tx: Queryable;
  savepoints: number;
}

const AMBIENT = new AsyncLocalStorage<Ambient>();

/** `db` whose statements join the act's transaction when one is open (see `inOneTransaction`). */
export function ambientDb(db: Db): Db {
  const current = (): Ambient | undefined => {
    const a = AMBIENT.getStore();
    return a && OWNER.get(a) === db ? a : undefined;
  };
  const wrapped: Db = {
    ...db,
    engine: db.engine,
    query: (sql, params) => (current()?.tx ?? db).query(sql, params),
    execute: (sql, params) => (current()?.tx ?? db).execute(sql, params),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const a = current();
      if (!a) return db.transaction((tx) => AMBIENT.run(own({ tx, savepoints: 0 }, db), () => fn(tx)));
      const name = `guichet_sp_${++a.savepoints}`;
      await a.tx.execute(`SAVEPOINT ${name}`);
      try {
        const out = await fn(a.tx);
        await a.tx.execute(`RELEASE SAVEPOINT ${name}`);
        return out;
      } catch (err) {
        await a.tx.execute(`ROLLBACK TO SAVEPOINT ${name}`);
        throw err;
      }
    },
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
    ...(db.poolStats ? { poolStats: () => db.poolStats!() } : {}),
  };
  Object.defineProperty(wrapped, IS_AMBIENT, { value: true });
  return wrapped;
}

const IS_AMBIENT = Symbol('guichet.ambientDb');

const OWNER = new WeakMap<Ambient, Db>();
function own(a: Ambient, db: Db): Ambient {
  OWNER.set(a, db);
  return a;
}

/** Runs `fn` in one transaction of `db` (an `ambientDb`) that every statement `fn` makes joins. */
export function inOneTransaction<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  // (A proxy of an ambient db, as tests make to count statements, forwards the mark.)
  if (!(db as { [IS_AMBIENT]?: true })[IS_AMBIENT]) throw new Error('inOneTransaction needs a store opened by openCentral (store/ambient.ts)');
  return db.transaction(() => fn());
}
