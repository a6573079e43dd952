/**
 * Publishing an emission: its outcome files (sealed; what terminals import) go to the store's files/
 * folder and onto the feed; its print data (the lottery's secret) goes to print/, never to terminals.
 */
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, createReadStream, existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseBlockFileName } from '../emission/files.js';
import { openOutcomeFile } from '../../node/outcome/reader.js';
import { journalAtCentral, CentralError, type Central } from './context.js';
import { addDigitalBlock } from './digital.js';
import { appendFeed } from './feed.js';
import { filesDir, printDir } from './folders.js';
import { certificatesInForce } from './keys.js';
import { countPublished, insertPublication, publishedFile, type PublicationRow } from './queries/publications.js';

async function sha256File(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** Copies `from` to `to` through a temporary name, so a reader never sees half a file. */
function copyAtomic(from: string, to: string, mode?: number): void {
  const tmp = `${to}.part`;
  copyFileSync(from, tmp);
  if (mode !== undefined) chmodSync(tmp, mode);
  renameSync(tmp, to);
}

export interface Published extends Pick<PublicationRow, 'name' | 'game' | 'emission' | 'block' | 'size' | 'sha256'> {
  cursor: number | null;
  already: boolean;
}

/**
 * The outcome files of emission folder `dir`, by name. No folder, a file, a folder central may not read
 * and a folder without outcome files get one refusal, word for word: a security officer who proposes a
 * path and reads its progress learns only whether it is an emission folder, nothing of central's disk.
 */
export function outcomeFilesOf(dir: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => parseBlockFileName(n)?.kind === 'outcome').sort();
  } catch {
    // ENOENT, ENOTDIR, EACCES: said as below, not as the system's words.
  }
  if (names.length === 0) throw new CentralError('not_emission_folder', `${dir} is not an emission folder (one holding <game>-<emission>-<block>.outcome files)`, 404, { dir });
  return names;
}

/**
 * How far publishing `dir` has gone: its blocks, and how many are published. Each block is published in
 * a transaction of its own, so any central process reads the same figure while another publishes it.
 */
export async function publishProgress(c: Central, dir: string): Promise<{ dir: string; total: number; published: number }> {
  const names = outcomeFilesOf(dir);
  return { dir, total: names.length, published: await countPublished(c.db, names) };
}

/**
 * Publishes every block of an emission folder: checks each outcome file's signature against the
 * emission keys the lottery's root certified (and did not revoke), copies it, and adds a signed feed item. Publishing the same file again
 * changes nothing; another file under a published name is refused.
 */
export async function publishEmission(c: Central, actor: string, dir: string): Promise<Published[]> {
  const names = outcomeFilesOf(dir);
  // Only an emission key the root certified and did not revoke signs what terminals import.
  const trusted = (await certificatesInForce(c.db, 'emission')).map((k) => k.key);
  mkdirSync(filesDir(c), { recursive: true });
  mkdirSync(printDir(c), { recursive: true, mode: 0o700 });
  const out: Published[] = [];
  for (const name of names) {
    const src = join(dir, name);
    const file = openOutcomeFile(src);
    let manifest;
    try {
      file.verify(trusted);
      manifest = file.manifest;
    } catch (err) {
      const why = (err as Error).message.replace(/which is not trusted$/, 'which is not an emission key certified by the lottery root (guichet central keys certify --role emission), or was revoked');
      throw new CentralError('bad_file', `${name}: ${why}`);
    } finally {
      file.close();
    }
    const size = statSync(src).size;
    const sha256 = await sha256File(src);
    const held = await publishedFile(c.db, name);
    if (held) {
      if (held.sha256 !== sha256) throw new CentralError('already_published', `${name} was already published with other contents (sha256 ${held.sha256})`, 409);
      out.push({ name, game: manifest.game, emission: manifest.emission, block: manifest.block, size, sha256, cursor: null, already: true });
      continue;
    }
    copyAtomic(src, join(filesDir(c), name));
    const printName = name.replace(/\.outcome$/, '.print');
    const hasPrint = existsSync(join(dir, printName));
    if (hasPrint) copyAtomic(join(dir, printName), join(printDir(c), printName), 0o600);
    const cursor = await c.db.transaction(async (tx) => {
      const at = c.now();
      await insertPublication(tx, {
        name,
        game: manifest.game,
        emission: manifest.emission,
        block: manifest.block,
        size,
        sha256,
        manifest: JSON.stringify(manifest),
        print_name: hasPrint ? printName : null,
        published_at: at,
      });
      if (hasPrint) await addDigitalBlock(tx, manifest, printName);
      await journalAtCentral(c, tx, at, actor, 'publish', { name, game: manifest.game, emission: manifest.emission, block: manifest.block, sha256 });
      return appendFeed(c, tx, {
        kind: 'outcome_file',
        game: manifest.game,
        emission: manifest.emission,
        block: manifest.block,
        name,
        manifest: manifest as unknown as Record<string, unknown>,
        size,
        sha256,
        url: `/v1/files/${name}`,
      });
    });
    out.push({ name, game: manifest.game, emission: manifest.emission, block: manifest.block, size, sha256, cursor, already: false });
  }
  return out;
}
