/** Print data of published blocks, read once per opened store (`Central.memo`) (claims and settlement judge on it). */
import { join } from 'node:path';
import { readPrintFile, type PrintData } from '../emission/print-file.js';
import type { Central, Publication } from './context.js';
import type { Queryable } from './db.js';
import { printDir } from './folders.js';
import { publicationOfBlock } from './queries/publications.js';

/** The print data of a published block, by its file name in central's print folder. */
export function printData(c: Central, name: string): PrintData {
  let p = c.memo.prints.get(name);
  if (!p) {
    p = readPrintFile(join(printDir(c), name));
    c.memo.prints.set(name, p);
  }
  return p;
}

/**
 * A published block: its print file's name and manifest (undefined when never published). Kept once
 * its print data are in, since publishing again the same file changes nothing; read through `q` (the
 * caller's transaction, if any) until then.
 */
export async function publishedBlock(c: Central, q: Queryable, b: { game: string; emission: number; block: number }): Promise<Publication | undefined> {
  const key = `${b.game}/${b.emission}/${b.block}`;
  const held = c.memo.publications.get(key);
  if (held) return held;
  const pub = await publicationOfBlock(q, b);
  if (pub?.print_name) c.memo.publications.set(key, pub);
  return pub;
}
