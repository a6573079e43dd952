/**
 * Looking for and downloading an update, in the background (#23). tuf-js refreshes the metadata from
 * central's repository against the trusted root in `updates/metadata/` (no rollback, no frozen or expired
 * metadata, no mix-and-match, every file within its signed or configured length); the tarball is then
 * downloaded here, resumable (an HTTP Range request continues the `.part` kept from a cut attempt), never
 * beyond its signed length, and checked against its signed length and sha256 before it is kept. A
 * verified download is journaled (`update.downloaded`, with its outbox event) and recorded; a refusal is
 * recorded with its reason in French and English, and nothing else changes.
 */
import { createReadStream, existsSync, mkdirSync, openSync, closeSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { TargetFile } from '@tufjs/models';
import { BaseFetcher, Updater } from 'tuf-js';
import { DownloadHTTPError } from 'tuf-js/dist/error.js';
import { Agent, request, type Dispatcher } from 'undici';
import type { SoftwareReport } from '../../../common/protocol/index.js';
import { outboxRowByKey } from '../../../db/queries/outbox.js';
import { insertSoftwareUpdate, softwareUpdateRows, type UpdateStep } from '../../../db/queries/software-updates.js';
import { artifactOf, METADATA_MAX_BYTES, parseTargets, RELEASE_TARGET, targetsVersionOf } from '../../../node/updates/tuf.js';
import { idempotencyKey } from '../../kernel/outbox.js';
import { inTransaction, record } from '../../kernel/record.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { reasonOfTufError, reasonText, type Bilingual, type UpdateReason } from './messages.js';
import type { UpdatePaths } from './paths.js';
import { seedUpdateRoot } from './trust.js';

export interface UpdateSource {
  /** Central's URL (the repository is under /v1/updates/<terminal>/). */
  readonly url: string;
  /** Central's certificate authority (PEM) when it serves https with the lottery's own authority. */
  readonly ca?: string | null | undefined;
  /** The root.json shipped with the running version (default: the installation's, when it has one; null: none). */
  readonly shippedRoot?: string | null | undefined;
}

export type CheckResult =
  | ({ readonly state: 'current'; readonly version: string } & Bilingual)
  | ({ readonly state: 'downloaded'; readonly version: string; readonly sha256: string; readonly file: string } & Bilingual)
  | ({ readonly state: 'refused'; readonly reason: UpdateReason; readonly version?: string } & Bilingual);

function dispatcherFor(ca: string | null | undefined): Dispatcher | undefined {
  return ca ? new Agent({ connect: { ca, minVersion: 'TLSv1.2' } }) : undefined;
}

class UndiciFetcher extends BaseFetcher {
  constructor(private readonly dispatcher: Dispatcher | undefined) {
    super();
  }
  override async fetch(url: string): Promise<ReadableStream<Uint8Array<ArrayBuffer>>> {
    const res = await request(url, { method: 'GET', ...(this.dispatcher ? { dispatcher: this.dispatcher } : {}), headersTimeout: 30_000, bodyTimeout: 60_000 });
    if (res.statusCode !== 200) {
      await res.body.dump();
      // tuf-js's own error: a 404 for the next root version ends the root rotation.
      throw new DownloadHTTPError(`GET ${url}: HTTP ${res.statusCode}`, res.statusCode);
    }
    return Readable.toWeb(res.body) as ReadableStream<Uint8Array<ArrayBuffer>>;
  }
}

/** tuf-js on this terminal's repository at central. */
export function updaterFor(t: LotteryTerminal, paths: UpdatePaths, source: UpdateSource): Updater {
  const base = `${source.url.replace(/\/$/, '')}/v1/updates/${encodeURIComponent(t.id)}`;
  return new Updater({
    metadataDir: paths.metadataDir,
    metadataBaseUrl: `${base}/metadata`,
    targetBaseUrl: `${base}/targets`,
    fetcher: new UndiciFetcher(dispatcherFor(source.ca)),
    config: {
      rootMaxLength: METADATA_MAX_BYTES.root,
      timestampMaxLength: METADATA_MAX_BYTES.timestamp,
      snapshotMaxLength: METADATA_MAX_BYTES.snapshot,
      targetsMaxLength: METADATA_MAX_BYTES.targets,
      prefixTargetsWithHash: true,
      fetchRetries: 0,
    },
  });
}

/** Records one step (the terminal's own view of its updates). */
export function noteStep(t: LotteryTerminal, step: UpdateStep, text: Bilingual, extra: { version?: string | null; sha256?: string | null; reason?: string | null } = {}): void {
  insertSoftwareUpdate(t.db, { at: t.now(), step, version: extra.version ?? null, sha256: extra.sha256 ?? null, reason: extra.reason ?? null, detail_fr: text.fr, detail_en: text.en });
}

function refused(t: LotteryTerminal, reason: UpdateReason, detail: string, version?: string): CheckResult {
  const text = reasonText(reason, detail);
  noteStep(t, 'refused', text, { reason, ...(version ? { version } : {}) });
  return { state: 'refused', reason, ...(version ? { version } : {}), ...text };
}

/**
 * Resumes (or starts) the download of `info` into `part`, never past its signed length. Returns the
 * bytes now held; throws 'too_long' when the server sends more than the signed length.
 */
async function resumeDownload(url: string, part: string, info: TargetFile, dispatcher: Dispatcher | undefined): Promise<number> {
  let have = existsSync(part) ? statSync(part).size : 0;
  if (have > info.length) {
    rmSync(part);
    have = 0;
  }
  if (have === info.length) return have;
  const res = await request(url, { method: 'GET', headers: have > 0 ? { range: `bytes=${have}-` } : {}, ...(dispatcher ? { dispatcher } : {}), headersTimeout: 30_000, bodyTimeout: 60_000 });
  if (res.statusCode !== 200 && res.statusCode !== 206) {
    await res.body.dump();
    throw Object.assign(new Error(`GET ${url}: HTTP ${res.statusCode}`), { code: 'EHTTP' });
  }
  if (res.statusCode === 200) have = 0; // the server ignored the range: start again
  const fd = openSync(part, have === 0 ? 'w' : 'a');
  try {
    for await (const chunk of res.body) {
      const buf = chunk as Buffer;
      if (have + buf.length > info.length) {
        res.body.destroy();
        throw Object.assign(new Error(`the server sent more than the signed ${info.length} bytes`), { tooLong: true });
      }
      writeSync(fd, buf);
      have += buf.length;
    }
  } finally {
    closeSync(fd);
  }
  return have;
}

/**
 * Keeps the signed targets metadata tuf-js just verified (and persisted as `targets.json`) beside the
 * tarball it names, `<sha256>.targets.json`: what the launcher checks the installed release against
 * before it runs it, and what the running version measures itself by (verify-release.ts).
 */
function keepTargets(paths: UpdatePaths, sha256: string): void {
  const file = path.join(paths.downloadsDir, `${sha256}.targets.json`);
  writeFileSync(`${file}.tmp`, readFileSync(path.join(paths.metadataDir, 'targets.json')));
  renameSync(`${file}.tmp`, file);
}

/**
 * One background round: refresh the metadata, and download the release central assigned this terminal
 * when it is newer than `running`. Never throws for what the server did: the result says why.
 */
export async function checkForUpdate(t: LotteryTerminal, paths: UpdatePaths, source: UpdateSource, running: SoftwareReport): Promise<CheckResult> {
  if (!existsSync(path.join(paths.metadataDir, 'root.json'))) {
    // First round: central's root.json, believed only when it is the enrolment root's (trust.ts).
    try {
      await seedUpdateRoot(t, paths, { url: source.url, dispatcher: dispatcherFor(source.ca), ...(source.shippedRoot !== undefined ? { shipped: source.shippedRoot } : {}) });
    } catch (err) {
      return refused(t, 'no_root', (err as Error).message.slice(0, 300));
    }
  }
  const updater = updaterFor(t, paths, source);
  let info: TargetFile | undefined;
  try {
    await updater.refresh();
    info = await updater.getTargetInfo(RELEASE_TARGET);
  } catch (err) {
    // No timestamp for this terminal: central assigned it no release (it is in no ring yet).
    if (err instanceof DownloadHTTPError && err.statusCode === 404 && err.message.includes('/timestamp.json:')) {
      return { state: 'current', version: running.version, fr: `Aucune version proposée à ce terminal (${running.version} reste)`, en: `No version offered to this terminal (${running.version} stays)` };
    }
    return refused(t, reasonOfTufError(err), (err as Error).message.slice(0, 300));
  }
  const version = info?.custom['version'];
  if (!info || typeof version !== 'string' || targetsVersionOf(version) <= targetsVersionOf(running.version)) {
    const current = { fr: `Logiciel à jour (${running.version})`, en: `Software up to date (${running.version})` };
    return { state: 'current', version: running.version, ...current };
  }
  const sha256 = info.hashes['sha256']!;
  mkdirSync(paths.downloadsDir, { recursive: true });
  const done = path.join(paths.downloadsDir, `${sha256}.tar.gz`);
  const text = { fr: `Version ${version} téléchargée et vérifiée`, en: `Version ${version} downloaded and verified` };
  if (existsSync(done)) {
    keepTargets(paths, sha256);
    return { state: 'downloaded', version, sha256, file: done, ...text };
  }
  {
    const part = path.join(paths.downloadsDir, `${sha256}.part`);
    const url = `${source.url.replace(/\/$/, '')}/v1/updates/${encodeURIComponent(t.id)}/targets/${sha256}.${RELEASE_TARGET}`;
    let have: number;
    try {
      have = await resumeDownload(url, part, info, dispatcherFor(source.ca));
    } catch (err) {
      if ((err as { tooLong?: boolean }).tooLong) {
        rmSync(part, { force: true });
        return refused(t, 'too_long', `${info.length} bytes signed`, version);
      }
      return refused(t, 'incomplete', (err as Error).message.slice(0, 300), version);
    }
    if (have < info.length) return refused(t, 'incomplete', `${have} of ${info.length} bytes`, version);
    try {
      await info.verify(createReadStream(part));
    } catch (err) {
      rmSync(part, { force: true });
      return refused(t, 'target_mismatch', (err as Error).message.slice(0, 300), version);
    }
    renameSync(part, done);
  }
  keepTargets(paths, sha256);
  inTransaction(t, () => {
    // Journaled once per release: the same one downloaded again (its folder lost, a new downloads
    // folder) is the same event, already told to central.
    const key = `update.downloaded/${sha256}`;
    if (!outboxRowByKey(t.db, idempotencyKey(t, key))) record(t, { type: 'update.downloaded', operator: null, payload: { version, sha256, length: info.length }, outbox: { key } });
    noteStep(t, 'downloaded', text, { version, sha256 });
  });
  return { state: 'downloaded', version, sha256, file: done, ...text };
}

/** The last word on updates, for the technician's screen and the status: the newest step, in both languages. */
export function updateStatus(t: LotteryTerminal): (Bilingual & { readonly step: UpdateStep; readonly at: string; readonly version: string | null }) | null {
  const row = softwareUpdateRows(t.db, 1)[0];
  return row ? { step: row.step, at: row.at, version: row.version, fr: row.detail_fr, en: row.detail_en } : null;
}

export type ArtifactResult =
  | { readonly state: 'none' }
  | { readonly state: 'downloaded'; readonly name: string; readonly sha256: string; readonly file: string }
  | ({ readonly state: 'refused'; readonly reason: UpdateReason } & Bilingual);

/**
 * The built artifact (AppImage, deb) of the release central assigned, for a packaged terminal: named by
 * the targets.json tuf-js verified in the last round (checkForUpdate first), downloaded resumable and
 * kept as `<sha256>.<name>` only when its signed length and sha256 match.
 */
export async function downloadArtifact(t: LotteryTerminal, paths: UpdatePaths, source: UpdateSource): Promise<ArtifactResult> {
  const trusted = path.join(paths.metadataDir, 'targets.json');
  if (!existsSync(trusted)) return { state: 'none' };
  const art = artifactOf(parseTargets(readFileSync(trusted)));
  if (!art) return { state: 'none' };
  const updater = updaterFor(t, paths, source);
  let info: TargetFile | undefined;
  try {
    await updater.refresh();
    info = await updater.getTargetInfo(art.name);
  } catch (err) {
    const reason = reasonOfTufError(err);
    return { state: 'refused', reason, ...reasonText(reason, (err as Error).message.slice(0, 300)) };
  }
  if (!info) return { state: 'none' };
  const sha256 = info.hashes['sha256']!;
  mkdirSync(paths.downloadsDir, { recursive: true });
  const done = path.join(paths.downloadsDir, `${sha256}.${art.name}`);
  if (existsSync(done)) return { state: 'downloaded', name: art.name, sha256, file: done };
  const part = `${done}.part`;
  const url = `${source.url.replace(/\/$/, '')}/v1/updates/${encodeURIComponent(t.id)}/targets/${sha256}.${art.name}`;
  let have: number;
  try {
    have = await resumeDownload(url, part, info, dispatcherFor(source.ca));
  } catch (err) {
    const tooLong = (err as { tooLong?: boolean }).tooLong === true;
    if (tooLong) rmSync(part, { force: true });
    const reason: UpdateReason = tooLong ? 'too_long' : 'incomplete';
    return { state: 'refused', reason, ...reasonText(reason, (err as Error).message.slice(0, 300)) };
  }
  if (have < info.length) return { state: 'refused', reason: 'incomplete', ...reasonText('incomplete', `${have} of ${info.length} bytes`) };
  try {
    await info.verify(createReadStream(part));
  } catch (err) {
    rmSync(part, { force: true });
    return { state: 'refused', reason: 'target_mismatch', ...reasonText('target_mismatch', (err as Error).message.slice(0, 300)) };
  }
  renameSync(part, done);
  return { state: 'downloaded', name: art.name, sha256, file: done };
}
