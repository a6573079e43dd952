/**
 * A central data folder: `central.json` (central's online key, the lottery root's fingerprint), the PGlite database in `db/` (when no
 * PostgreSQL URL is given), published files in `files/`, print data in `print/`. While `central serve`
 * runs, `central.url` and `admin.token` (mode 0600) tell the other commands to go through it.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { keyFingerprint, loadOrCreateSigningKey, publicKeyPem } from '../../node/outcome/keys.js';
import { newMemo, type Central } from './context.js';
import type { Db } from './db.js';
import { ambientDb } from './ambient.js';
import { migrateCentral } from './migrate.js';
import { applyRestoredMark, renewEpoch } from './epoch.js';
import { sealLegacyCentralJournal } from './queries/central-journal.js';
import { openPglite } from './pglite.js';
import { ensureMonthPartitions } from './partitions.js';
import { openPostgres } from './postgres.js';
import { certify } from '../../node/outcome/certificates.js';
import { certificatesInForce, setLotteryRoot, storeCertificate } from './keys.js';

export const CENTRAL_FILE = 'central.json';
/** Central's online key in its data folder: signs enrolment answers and the feed (certified by the root). */
export const ONLINE_KEY_FILE = 'online.key';

export interface CentralFile {
  format: 'guichet-central/2';
  /** Absolute path of central's online Ed25519 private key (in the data folder). */
  online_key: string;
  online_key_fingerprint: string;
  /** The lottery root's fingerprint: what every enrolment letter carries. */
  root_fingerprint: string;
  created_at: string;
  /** Absolute path of the folder snapshots go into (`central backup --set-folder`), set on central's machine only. */
  backups?: string;
}

export interface OpenOptions {
  dataDir: string;
  /** postgresql://… ; PGlite in `<dataDir>/db` when absent. */
  databaseUrl?: string | undefined;
  now?: () => string;
}

/** The database URL from the option or GUICHET_DATABASE_URL, or undefined for the embedded engine. */
export function databaseUrlFrom(option: string | undefined): string | undefined {
  const url = option ?? process.env.GUICHET_DATABASE_URL;
  return url && url.trim() !== '' ? url : undefined;
}

async function openDb(dataDir: string, databaseUrl: string | undefined): Promise<Db> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(join(dataDir, 'db'));
}

/** True when `file` lies inside `dir`. */
function inside(dir: string, file: string): boolean {
  const rel = relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Where `central init` keeps the root when not told: next to the emission key (never in the data folder). */
export function defaultRootKeyFile(keyFile: string): string {
  return join(dirname(resolve(keyFile)), 'root.key');
}

export interface InitResult {
  central: Central;
  /** The emission key was made now. */
  keyCreated: boolean;
  rootCreated: boolean;
  rootKeyFile: string;
  rootFingerprint: string;
  emissionFingerprint: string;
}

/**
 * Creates a central store: the data folder, the schema, the lottery's root (its private key in
 * `rootKeyFile`, made when missing, outside the data folder: central never needs it again), the emission
 * key in `keyFile` (made when missing; `guichet emission create --key` signs with it) and central's online
 * key in the data folder, both certified by the root.
 */
export async function initCentral(opts: OpenOptions & { keyFile: string; rootKeyFile?: string | undefined }): Promise<InitResult> {
  const dataDir = resolve(opts.dataDir);
  if (existsSync(join(dataDir, CENTRAL_FILE))) throw new Error(`${dataDir} already holds a central store (${CENTRAL_FILE})`);
  const keyFile = resolve(opts.keyFile);
  const rootKeyFile = resolve(opts.rootKeyFile ?? defaultRootKeyFile(keyFile));
  if (inside(dataDir, rootKeyFile)) {
    throw new Error(`the lottery root's private key (${rootKeyFile}) must live outside central's data folder ${dataDir}: give --root FILE elsewhere (offline, on removable media)`);
  }
  if (rootKeyFile === keyFile) throw new Error('the root key and the emission key must be two keys: give --root another file than --key');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const root = loadOrCreateSigningKey(rootKeyFile);
  const emission = loadOrCreateSigningKey(keyFile);
  const onlineFile = join(dataDir, ONLINE_KEY_FILE);
  const online = loadOrCreateSigningKey(onlineFile);
  const db = await openDb(dataDir, opts.databaseUrl);
  try {
    await migrateCentral(db);
    const central = makeCentral(db, dataDir, onlineFile, opts.now);
    const rootFingerprint = keyFingerprint(root.publicKey);
    await db.transaction(async (tx) => {
      const now = central.now();
      // This store's own epoch (the migration's may come from a copied template).
      await renewEpoch(tx, now, 'init');
      await setLotteryRoot(central, tx, 'init', { fingerprint: rootFingerprint, public_key: publicKeyPem(root.publicKey) }, now);
      await storeCertificate(central, tx, 'init', certify(root.privateKey, 'online', online.publicKey, now));
      await storeCertificate(central, tx, 'init', certify(root.privateKey, 'emission', emission.publicKey, now));
    });
    const file: CentralFile = {
      format: 'guichet-central/2',
      online_key: onlineFile,
      online_key_fingerprint: keyFingerprint(online.publicKey),
      root_fingerprint: rootFingerprint,
      created_at: new Date().toISOString(),
    };
    writeFileSync(join(dataDir, CENTRAL_FILE), `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    return { central, keyCreated: emission.created, rootCreated: root.created, rootKeyFile, rootFingerprint, emissionFingerprint: keyFingerprint(emission.publicKey) };
  } catch (err) {
    await db.close();
    throw err;
  }
}

function readCentralFile(dataDir: string, given: string): CentralFile {
  const path = join(dataDir, CENTRAL_FILE);
  if (!existsSync(path)) throw new Error(`${dataDir} is not a central store: run \`guichet central init --data ${given} --key lottery.key\` first`);
  const file = JSON.parse(readFileSync(path, 'utf8')) as CentralFile | { format: string };
  if (file.format === 'guichet-central/1') {
    throw new Error(`${path} was made before the lottery's key hierarchy (a root that certifies the keys): make a new store with guichet central init, and enrol the terminals again with the root's fingerprint`);
  }
  if (file.format !== 'guichet-central/2') throw new Error(`${path}: unknown format ${String(file.format)}`);
  return file as CentralFile;
}

/** A store's central.json, without opening its database. */
export function centralFileOf(dataDir: string): CentralFile {
  return readCentralFile(resolve(dataDir), dataDir);
}

/** Replaces a store's central.json whole (written aside, then renamed). */
export function writeCentralFile(dataDir: string, file: CentralFile): void {
  const dir = resolve(dataDir);
  writeFileSync(join(dir, `${CENTRAL_FILE}.part`), `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  renameSync(join(dir, `${CENTRAL_FILE}.part`), join(dir, CENTRAL_FILE));
}

/** The root fingerprint of a store (for the enrolment letter), without opening its database. */
export function storeRootFingerprint(dataDir: string): string {
  return readCentralFile(resolve(dataDir), dataDir).root_fingerprint;
}

/**
 * Makes `keyFile` (a private key the root certified as `online`) the key central serves with from its
 * next start: copied into the data folder, named in central.json.
 */
export function switchOnlineKey(dataDir: string, keyFile: string): string {
  const dir = resolve(dataDir);
  const file = readCentralFile(dir, dataDir);
  const { privateKey, publicKey } = loadOrCreateSigningKey(resolve(keyFile));
  const fingerprint = keyFingerprint(publicKey);
  const target = join(dir, `online-${fingerprint.slice(0, 16)}.key`);
  if (!existsSync(target)) writeFileSync(target, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  writeCentralFile(dir, { ...file, online_key: target, online_key_fingerprint: fingerprint });
  return fingerprint;
}

/** Opens an initialised store (migrating it to the current schema); its online key must be certified and not revoked. */
export async function openCentral(opts: OpenOptions): Promise<Central> {
  const dataDir = resolve(opts.dataDir);
  const file = readCentralFile(dataDir, opts.dataDir);
  const db = await openDb(dataDir, opts.databaseUrl);
  try {
    await migrateCentral(db);
    // A copy of the data folder (a second central process on the same database) keeps its key beside it.
    const keyFile = existsSync(file.online_key) ? file.online_key : join(dataDir, basename(file.online_key));
    const central = makeCentral(db, dataDir, keyFile, opts.now);
    // Restored (`central restore`): a new epoch before anything is served (store/epoch.ts).
    await applyRestoredMark(db, dataDir, central.now());
    await ensureMonthPartitions(db, central.now());
    // Entries written before central's journal was a chain (schema version 17) are sealed once.
    await sealLegacyCentralJournal(db, central.lotteryKey);
    if (central.lotteryKey.fingerprint !== file.online_key_fingerprint) {
      throw new Error(`${keyFile} is not the online key this store names (fingerprint ${file.online_key_fingerprint})`);
    }
    const online = await certificatesInForce(db, 'online');
    if (!online.some((o) => o.cert.body.fingerprint === central.lotteryKey.fingerprint)) {
      throw new Error(`central's online key ${central.lotteryKey.fingerprint.slice(0, 16)}… is not certified by the lottery root, or was revoked: guichet central keys certify --role online`);
    }
    return central;
  } catch (err) {
    await db.close();
    throw err;
  }
}

function makeCentral(db: Db, dataDir: string, keyFile: string, now: (() => string) | undefined): Central {
  if (!existsSync(keyFile)) throw new Error(`central's online key ${keyFile} is missing`);
  const { privateKey, publicKey } = loadOrCreateSigningKey(keyFile);
  return {
    // Admin acts run in one transaction that the store functions' statements join (store/ambient.ts).
    db: ambientDb(db),
    dataDir,
    lotteryKey: { privateKey, publicKey, fingerprint: keyFingerprint(publicKey), publicKeyPem: publicKeyPem(publicKey) },
    now: now ?? (() => new Date().toISOString()),
    memo: newMemo(),
  };
}
