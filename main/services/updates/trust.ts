/**
 * The trusted root.json of a terminal's updates (#23), seeded once: from the `root.json` shipped with the
 * running version (`npm run release -- build --root`) when it has one, else from central's `1.root.json` —
 * either believed only when its root role is the very lottery root this terminal trusted at enrolment
 * (trust_root) and it is signed by it. A shipped root.json that is not the enrolment root's is refused
 * (nothing is seeded, no update is looked for: this installation was made for another lottery). From
 * then on tuf-js takes new root versions only when the previous one signs them.
 */
import { createPublicKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { request, type Dispatcher } from 'undici';
import { trustRootRow } from '../../../db/queries/key-hierarchy.js';
import type { Metadata, Root } from '@tufjs/models';
import { METADATA_MAX_BYTES, metadataBytes, parseRoot, tufKey, verifyRole } from '../../../node/updates/tuf.js';
import { packageJsonPath } from '../terminal/version.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import type { UpdatePaths } from './paths.js';

export class UntrustedRootError extends Error {
  override readonly name = 'UntrustedRootError';
}

/** The root.json shipped with the running installation (beside its package.json), or null. */
export function shippedRootFile(): string | null {
  try {
    const file = path.join(path.dirname(packageJsonPath()), 'root.json');
    return existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/** `bytes` as TUF root metadata whose root role is the enrolment root and which that root signs; throws why not. */
export function checkedRoot(t: LotteryTerminal, bytes: Buffer, where: string): Metadata<Root> {
  const trusted = trustRootRow(t.db);
  if (!trusted) throw new UntrustedRootError('this terminal trusts no lottery root (it was never enrolled)');
  if (bytes.length > METADATA_MAX_BYTES.root) throw new UntrustedRootError(`${where} is over ${METADATA_MAX_BYTES.root} bytes`);
  let md;
  try {
    md = parseRoot(bytes);
  } catch (err) {
    throw new UntrustedRootError(`${where} is not TUF root metadata: ${(err as Error).message}`);
  }
  const key = tufKey(createPublicKey(trusted.public_key_pem));
  const role = md.signed.roles['root'];
  const held = md.signed.keys[key.keyID]?.keyVal['public'];
  if (role?.keyIDs.length !== 1 || role.keyIDs[0] !== key.keyID || held !== key.keyVal['public']) {
    throw new UntrustedRootError(`${where}'s root role is not the lottery root this terminal was enrolled with (${trusted.fingerprint.slice(0, 16)}…)`);
  }
  try {
    verifyRole(md, 'root', md);
  } catch (err) {
    throw new UntrustedRootError(`${where} is not signed by the lottery root: ${(err as Error).message}`);
  }
  return md;
}

function keep(paths: UpdatePaths, md: Metadata<Root>): void {
  const file = path.join(paths.metadataDir, 'root.json');
  mkdirSync(paths.metadataDir, { recursive: true });
  writeFileSync(`${file}.tmp`, metadataBytes(md));
  renameSync(`${file}.tmp`, file);
}

/**
 * Writes `updates/metadata/root.json` once checked against the enrolment root: the shipped `root.json`
 * (`shipped`, default the installation's; null: none) when there is one, else central's `1.root.json`.
 * Throws why not.
 */
export async function seedUpdateRoot(t: LotteryTerminal, paths: UpdatePaths, source: { readonly url: string; readonly dispatcher?: Dispatcher | undefined; readonly shipped?: string | null }): Promise<void> {
  const file = path.join(paths.metadataDir, 'root.json');
  if (existsSync(file)) return;
  const shipped = source.shipped === undefined ? shippedRootFile() : source.shipped;
  if (shipped) {
    if (statSync(shipped).size > METADATA_MAX_BYTES.root) throw new UntrustedRootError(`the root.json shipped with this version is over ${METADATA_MAX_BYTES.root} bytes`);
    keep(paths, checkedRoot(t, readFileSync(shipped), 'the root.json shipped with this version'));
    return;
  }
  const trusted = trustRootRow(t.db);
  if (!trusted) throw new UntrustedRootError('this terminal trusts no lottery root (it was never enrolled)');
  const url = `${source.url.replace(/\/$/, '')}/v1/updates/${encodeURIComponent(t.id)}/metadata/1.root.json`;
  const res = await request(url, { method: 'GET', ...(source.dispatcher ? { dispatcher: source.dispatcher } : {}), headersTimeout: 30_000, bodyTimeout: 30_000 });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of res.body) {
    size += (c as Buffer).length;
    if (size > METADATA_MAX_BYTES.root) {
      res.body.destroy();
      throw new UntrustedRootError(`root.json is over ${METADATA_MAX_BYTES.root} bytes`);
    }
    chunks.push(c as Buffer);
  }
  if (res.statusCode !== 200) throw new UntrustedRootError(`central has no root.json for updates (HTTP ${res.statusCode})`);
  const md = checkedRoot(t, Buffer.concat(chunks), "central's root.json");
  if (md.signed.version !== 1) throw new UntrustedRootError(`central's 1.root.json is version ${md.signed.version}`);
  keep(paths, md);
}
