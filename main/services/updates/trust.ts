/**
 * The trusted root.json of a terminal's updates (#23), seeded once from central — but believed only when
 * its root role is the very lottery root this terminal trusted at enrolment (trust_root) and it is signed
 * by it. From then on tuf-js takes new root versions only when the previous one signs them.
 */
import { createPublicKey } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { request, type Dispatcher } from 'undici';
import { trustRootRow } from '../../../db/queries/key-hierarchy.js';
import { METADATA_MAX_BYTES, metadataBytes, parseRoot, tufKey, verifyRole } from '../../../db/updates/tuf.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import type { UpdatePaths } from './paths.js';

export class UntrustedRootError extends Error {
  override readonly name = 'UntrustedRootError';
}

/** Writes `updates/metadata/root.json` from central's `1.root.json` once checked against the enrolment root; throws why not. */
export async function seedUpdateRoot(t: LotteryTerminal, paths: UpdatePaths, source: { readonly url: string; readonly dispatcher?: Dispatcher | undefined }): Promise<void> {
  const file = path.join(paths.metadataDir, 'root.json');
  if (existsSync(file)) return;
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
  let md;
  try {
    md = parseRoot(Buffer.concat(chunks));
  } catch (err) {
    throw new UntrustedRootError(`root.json is not TUF root metadata: ${(err as Error).message}`);
  }
  const key = tufKey(createPublicKey(trusted.public_key_pem));
  const role = md.signed.roles['root'];
  const held = md.signed.keys[key.keyID]?.keyVal['public'];
  if (md.signed.version !== 1 || role?.keyIDs.length !== 1 || role.keyIDs[0] !== key.keyID || held !== key.keyVal['public']) {
    throw new UntrustedRootError(`root.json's root role is not the lottery root this terminal was enrolled with (${trusted.fingerprint.slice(0, 16)}…)`);
  }
  try {
    verifyRole(md, 'root', md);
  } catch (err) {
    throw new UntrustedRootError(`root.json is not signed by the lottery root: ${(err as Error).message}`);
  }
  mkdirSync(paths.metadataDir, { recursive: true });
  writeFileSync(`${file}.tmp`, metadataBytes(md));
  renameSync(`${file}.tmp`, file);
}
