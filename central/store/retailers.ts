/**
 * Retailers as records (#22): an id central generates (R000001…, never reused), a name looked up
 * without regard to case ("demo shop" finds "Demo Shop"), and an address. Terminals and pack shipments
 * refer to the record by id and carry its name as written at its creation.
 */
import { CentralError, journalAtCentral, type Central } from './context.js';
import type { Queryable } from './db.js';

export interface Retailer {
  id: string;
  name: string;
  address: string;
  created_at: string;
}

/** A retailer's id, as central makes it (R000001), found typed in any case. */
export const RETAILER_ID = /^R[0-9]{6,}$/i;

async function byKey(q: Queryable, key: string): Promise<Retailer | undefined> {
  return (await q.query<Retailer>('SELECT id, name, address, created_at FROM retailers WHERE name_key = $1', [key]))[0];
}

/** The retailer an id or a name (any case) names, or undefined. */
export async function findRetailer(q: Queryable, idOrName: string): Promise<Retailer | undefined> {
  const t = idOrName.trim();
  if (RETAILER_ID.test(t)) {
    const byId = (await q.query<Retailer>('SELECT id, name, address, created_at FROM retailers WHERE id = $1', [t.toUpperCase()]))[0];
    if (byId) return byId;
  }
  // A name as `add` keeps it: spaces collapsed, any case.
  return byKey(q, t.replace(/\s+/g, ' ').toLowerCase());
}

/** The retailer an id or name names; throws a clear refusal when there is none. */
export async function requireRetailer(q: Queryable, idOrName: string): Promise<Retailer> {
  const r = await findRetailer(q, idOrName);
  if (!r) throw new CentralError('unknown_retailer', `no retailer '${idOrName}': see guichet central retailer list`, 404, { retailer: idOrName.trim() });
  return r;
}

async function insertRetailer(c: Central, tx: Queryable, actor: string, name: string, address: string): Promise<Retailer> {
  const at = c.now();
  const seq = (await tx.query<{ n: number }>(`SELECT nextval('retailer_ids')::bigint AS n`))[0]!.n;
  const r: Retailer = { id: `R${String(seq).padStart(6, '0')}`, name, address, created_at: at };
  await tx.execute('INSERT INTO retailers (id, name, name_key, address, created_at) VALUES ($1, $2, $3, $4, $5)', [r.id, name, name.toLowerCase(), address, at]);
  await journalAtCentral(c, tx, at, actor, 'retailer.add', { retailer: r.id, name, address });
  return r;
}

function checkName(name: string): string {
  const n = name.trim().replace(/\s+/g, ' ');
  if (!n || n.length > 100) throw new CentralError('bad_retailer', 'a retailer name of 1 to 100 characters');
  if (RETAILER_ID.test(n)) throw new CentralError('bad_retailer', `'${n}' looks like a retailer id: give the retailer a name`);
  return n;
}

export async function addRetailer(c: Central, actor: string, a: { name: string; address?: string | undefined }): Promise<Retailer> {
  const name = checkName(a.name);
  return c.db.transaction(async (tx) => {
    const held = await byKey(tx, name.toLowerCase());
    if (held) throw new CentralError('retailer_exists', `retailer ${held.id} is already named ${held.name}`, 409);
    return insertRetailer(c, tx, actor, name, (a.address ?? '').trim());
  });
}

/** The record an id or name names, made (journaled) when a new name is given: `terminal add --retailer`. */
export async function retailerForTerminal(c: Central, tx: Queryable, actor: string, idOrName: string): Promise<Retailer> {
  const held = await findRetailer(tx, idOrName);
  if (held) return held;
  if (RETAILER_ID.test(idOrName.trim())) throw new CentralError('unknown_retailer', `no retailer ${idOrName.trim().toUpperCase()}`, 404, { retailer: idOrName.trim().toUpperCase() });
  return insertRetailer(c, tx, actor, checkName(idOrName), '');
}

export async function listRetailers(c: Central): Promise<(Retailer & { terminals: string[] })[]> {
  const rows = await c.db.query<Retailer & { terminals: string[] | null }>(
    `SELECT r.id, r.name, r.address, r.created_at, (SELECT array_agg(t.terminal_id ORDER BY t.terminal_id) FROM terminals t WHERE t.retailer_id = r.id) AS terminals
       FROM retailers r ORDER BY r.id`,
  );
  return rows.map((r) => ({ ...r, terminals: r.terminals ?? [] }));
}

export async function showRetailer(c: Central, idOrName: string): Promise<Retailer & { terminals: { terminal_id: string; status: string }[] }> {
  const r = await requireRetailer(c.db, idOrName);
  const terminals = await c.db.query<{ terminal_id: string; status: string }>('SELECT terminal_id, status FROM terminals WHERE retailer_id = $1 ORDER BY terminal_id', [r.id]);
  return { ...r, terminals };
}
