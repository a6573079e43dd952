/** SQL of `publications`, the published outcome files (the rules: store/publish.ts, store/print-cache.ts, server/files.ts). */
import type { Publication } from '../context.js';
import type { Queryable } from '../db.js';

/** A published block's print name and manifest. */
export async function publicationOfBlock(q: Queryable, b: { game: string; emission: number; block: number }): Promise<Publication | undefined> {
  return (await q.query<Publication>('SELECT print_name, manifest FROM publications WHERE game = $1 AND emission = $2 AND block = $3', [b.game, b.emission, b.block]))[0];
}

/** A published file's size and sha256, by its name. */
export async function publishedFile(q: Queryable, name: string): Promise<{ size: number; sha256: string } | undefined> {
  return (await q.query<{ size: number; sha256: string }>('SELECT size, sha256 FROM publications WHERE name = $1', [name]))[0];
}

/** How many of `names` are published. */
export async function countPublished(q: Queryable, names: readonly string[]): Promise<number> {
  if (names.length === 0) return 0;
  return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM publications WHERE name = ANY($1::text[])', [names]))[0]!.n;
}

export interface PublicationRow {
  name: string;
  game: string;
  emission: number;
  block: number;
  size: number;
  sha256: string;
  manifest: string;
  print_name: string | null;
  published_at: string;
}

export async function insertPublication(tx: Queryable, p: PublicationRow): Promise<void> {
  await tx.execute(
    `INSERT INTO publications (name, game, emission, block, size, sha256, manifest, print_name, published_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [p.name, p.game, p.emission, p.block, p.size, p.sha256, p.manifest, p.print_name, p.published_at],
  );
}
