/**
 * A central data folder: `central.json` (which lottery key), the PGlite database in `db/` (when no
 * PostgreSQL URL is given), published files in `files/`, print data in `print/`. While `central serve`
 * runs, `central.url` and `admin.token` (mode 0600) tell the other commands to go through it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { keyFingerprint, loadOrCreateSigningKey, publicKeyPem } from '../../db/outcome/keys.js';
import { newMemo, type Central } from './context.js';
import type { Db } from './db.js';
import { migrateCentral } from './migrate.js';
import { openPglite } from './pglite.js';
import { ensureMonthPartitions } from './partitions.js';
import { openPostgres } from './postgres.js';
import { addLotteryKey } from './terminals.js';

export const CENTRAL_FILE = 'central.json';

export interface CentralFile {
  format: 'guichet-central/1';
  /** Absolute path of the lottery's Ed25519 private key (PKCS#8 PEM, as `emission create` makes). */
  lottery_key: string;
  lottery_key_fingerprint: string;
  created_at: string;
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

/** Creates a central store: the data folder, the lottery key (created when missing), the schema. */
export async function initCentral(opts: OpenOptions & { keyFile: string }): Promise<{ central: Central; keyCreated: boolean }> {
  const dataDir = resolve(opts.dataDir);
  if (existsSync(join(dataDir, CENTRAL_FILE))) throw new Error(`${dataDir} already holds a central store (${CENTRAL_FILE})`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const keyFile = resolve(opts.keyFile);
  const { created, publicKey } = loadOrCreateSigningKey(keyFile);
  const file: CentralFile = { format: 'guichet-central/1', lottery_key: keyFile, lottery_key_fingerprint: keyFingerprint(publicKey), created_at: new Date().toISOString() };
  const db = await openDb(dataDir, opts.databaseUrl);
  try {
    await migrateCentral(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  writeFileSync(join(dataDir, CENTRAL_FILE), `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  const central = makeCentral(db, dataDir, keyFile, opts.now);
  await addLotteryKey(central, central.lotteryKey.fingerprint, central.lotteryKey.publicKeyPem);
  return { central, keyCreated: created };
}

/** Opens an initialised store (migrating it to the current schema). */
export async function openCentral(opts: OpenOptions): Promise<Central> {
  const dataDir = resolve(opts.dataDir);
  const path = join(dataDir, CENTRAL_FILE);
  if (!existsSync(path)) throw new Error(`${dataDir} is not a central store: run \`guichet central init --data ${opts.dataDir} --key lottery.key\` first`);
  const file = JSON.parse(readFileSync(path, 'utf8')) as CentralFile;
  if (file.format !== 'guichet-central/1') throw new Error(`${path}: unknown format ${String(file.format)}`);
  const db = await openDb(dataDir, opts.databaseUrl);
  try {
    await migrateCentral(db);
    const central = makeCentral(db, dataDir, file.lottery_key, opts.now);
    await ensureMonthPartitions(db, central.now());
    if (central.lotteryKey.fingerprint !== file.lottery_key_fingerprint) {
      throw new Error(`${file.lottery_key} is not the lottery key this store was made with (fingerprint ${file.lottery_key_fingerprint})`);
    }
    await addLotteryKey(central, central.lotteryKey.fingerprint, central.lotteryKey.publicKeyPem);
    return central;
  } catch (err) {
    await db.close();
    throw err;
  }
}

function makeCentral(db: Db, dataDir: string, keyFile: string, now: (() => string) | undefined): Central {
  if (!existsSync(keyFile)) throw new Error(`lottery key ${keyFile} is missing`);
  const { privateKey, publicKey } = loadOrCreateSigningKey(keyFile);
  return {
    db,
    dataDir,
    lotteryKey: { privateKey, publicKey, fingerprint: keyFingerprint(publicKey), publicKeyPem: publicKeyPem(publicKey) },
    now: now ?? (() => new Date().toISOString()),
    memo: newMemo(),
  };
}
