/**
 * The terminal's data folder: where its database and imported outcome files live.
 * Chosen by `--data DIR`, else the `GUICHET_DATA` environment variable, else a per-user default.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../../db/open.js';
import { MIGRATIONS, migrate, schemaVersion } from '../../db/migrations/index.js';
import { TerminalError } from './errors.js';
import { enforceDataFolderModes, FOLDER_MODE, type ModeFix } from './file-modes.js';

export const DATABASE_FILE = 'guichet.db';
export const OUTCOMES_DIR = 'outcomes';

export interface DataFolder {
  readonly root: string;
  /** `guichet.db` in the root. */
  readonly databasePath: string;
  /** `outcomes/`: imported outcome files, kept as the lottery arranged them. */
  readonly outcomesDir: string;
}

/**
 * The per-user default: `$XDG_DATA_HOME/guichet` or `~/.local/share/guichet` on Linux (and other Unixes),
 * `%APPDATA%\Guichet` on Windows, `~/Library/Application Support/Guichet` on macOS.
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (platform === 'win32') {
    const appData = env.APPDATA || path.win32.join(home, 'AppData', 'Roaming');
    return path.win32.join(appData, 'Guichet');
  }
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', 'Guichet');
  // XDG: a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = env.XDG_DATA_HOME;
  const base = xdg && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(home, '.local', 'share');
  return path.posix.join(base, 'guichet');
}

/**
 * The demo terminal's own folder, beside the real one (`~/.local/share/guichet-demo`, `Guichet-demo`):
 * `guichet kiosk --demo` never writes the shop's per-user folder unless told to with --data or GUICHET_DATA.
 */
export function defaultDemoDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  return `${defaultDataDir(env, platform, home)}-demo`;
}

/** The kiosk's folder: as resolveDataDir, except that the demo, given no folder, uses its own. */
export function resolveKioskDataDir(explicit: string | undefined, demo: boolean, env: NodeJS.ProcessEnv = process.env): string {
  if (demo && !explicit && !env.GUICHET_DATA) return path.resolve(defaultDemoDataDir(env));
  return resolveDataDir(explicit, env);
}

/** The data folder to use: the explicit one (`--data`), else `GUICHET_DATA`, else the default; made absolute. */
export function resolveDataDir(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = explicit || env.GUICHET_DATA || defaultDataDir(env);
  return path.resolve(chosen);
}

/** The paths of a data folder (nothing is created). */
export function dataFolder(root: string): DataFolder {
  const abs = path.resolve(root);
  return { root: abs, databasePath: path.join(abs, DATABASE_FILE), outcomesDir: path.join(abs, OUTCOMES_DIR) };
}

/** An open data folder: its paths and its migrated database. Close it when done. */
export interface Terminal {
  readonly folder: DataFolder;
  readonly db: Database;
  /** Modes this opening had to fix (folder 0700, database and keys 0600): the caller journals them. */
  readonly modeFixes?: readonly ModeFix[];
  close(): void;
}

export interface OpenTerminalOptions {
  /** Create the folder and an empty database when missing (`guichet init`, enrolment). Default false. */
  readonly create?: boolean;
  /** A read-only command: never migrate (a database from an older guichet is refused with the next step). */
  readonly readOnly?: boolean;
}

/** "no terminal in DIR": what every command says of a folder without a database. */
export function noTerminalMessage(root: string): string {
  return `no terminal in ${root}: run guichet init or guichet enroll`;
}

/** SQLite's codes for a file that is not (or no longer) a database. */
const CORRUPT_CODES = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT', 'SQLITE_CORRUPT_VTAB', 'SQLITE_CANTOPEN_ISDIR']);

/** A refusal naming the user's database file and the next step, for a database SQLite cannot read. */
export function corruptDatabaseError(file: string, err: unknown): TerminalError {
  const why = err instanceof Error ? err.message : String(err);
  return new TerminalError(
    'corrupt-database',
    `${file} is damaged or is not a Guichet database (${why}): restore it from a backup, or re-enrol the terminal with the lottery's central (guichet enroll)`,
  );
}

export function isCorruptDatabaseError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && CORRUPT_CODES.has(code);
}

/**
 * Opens the data folder's database and migrates it. Refuses a folder without one ("no terminal in DIR")
 * unless `create`; checks (and fixes) the modes of the folder and its secret files; names the file and
 * the next step when the database is damaged.
 */
export function openTerminal(root: string, options: OpenTerminalOptions = {}): Terminal {
  const folder = dataFolder(root);
  if (!existsSync(folder.databasePath)) {
    if (!options.create) throw new TerminalError('not-initialised', noTerminalMessage(folder.root));
    mkdirSync(folder.root, { recursive: true, mode: FOLDER_MODE });
    // mkdir's mode passes through the umask, and an existing folder keeps its own: set it.
    if (process.platform !== 'win32') chmodSync(folder.root, FOLDER_MODE);
  }
  const modeFixes = enforceDataFolderModes(folder.root);
  let db: Database;
  try {
    db = openDatabase(folder.databasePath, { noMigrate: true });
  } catch (err) {
    throw isCorruptDatabaseError(err) ? corruptDatabaseError(folder.databasePath, err) : err;
  }
  try {
    const version = schemaVersion(db);
    if (options.readOnly && version < MIGRATIONS.length) {
      throw new TerminalError(
        'old-database',
        `${folder.databasePath} was written by an older guichet (schema ${version}, this one reads ${MIGRATIONS.length}): a read-only command does not migrate it; start the kiosk or run a command that records, then try again`,
      );
    }
    // Refuses a database from a newer guichet, read-only or not.
    if (!options.readOnly || version > MIGRATIONS.length) migrate(db, MIGRATIONS);
    if (options.create) {
      mkdirSync(folder.outcomesDir, { recursive: true, mode: FOLDER_MODE });
      // The database file is created by SQLite with the umask's mode: make it the owner's only.
      modeFixes.push(...enforceDataFolderModes(folder.root));
    }
  } catch (err) {
    if (db.open) db.close();
    throw isCorruptDatabaseError(err) ? corruptDatabaseError(folder.databasePath, err) : err;
  }
  return {
    folder,
    db,
    modeFixes,
    close: () => {
      if (db.open) db.close();
    },
  };
}
