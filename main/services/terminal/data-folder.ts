/**
 * The terminal's data folder: where its database and imported outcome files live.
 * Chosen by `--data DIR`, else the `GUICHET_DATA` environment variable, else a per-user default.
 */
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../../../db/open.js';

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
  close(): void;
}

/** Creates the folder (and `outcomes/`) when missing, opens and migrates its database. */
export function openTerminal(root: string): Terminal {
  const folder = dataFolder(root);
  mkdirSync(folder.outcomesDir, { recursive: true });
  const db = openDatabase(folder.databasePath);
  return {
    folder,
    db,
    close: () => {
      if (db.open) db.close();
    },
  };
}
