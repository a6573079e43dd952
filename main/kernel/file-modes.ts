/**
 * Least privilege on disk: the data folder is its owner's only (0700), the database (and its WAL
 * companions) and the keys are readable by their owner only (0600). Checked at every start: a wrong mode
 * is fixed (the caller journals what was fixed), or, when it cannot be fixed, refused with the reason.
 * Windows keeps its own access lists: nothing is checked there.
 */
import { chmodSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { TerminalError } from './errors.js';

export const FOLDER_MODE = 0o700;
export const SECRET_FILE_MODE = 0o600;

/** The files of a data folder that must be 0600 (those present are checked). */
export const SECRET_FILES = ['guichet.db', 'guichet.db-wal', 'guichet.db-shm', 'terminal.key'] as const;

export interface ModeFix {
  /** The file or folder, as the user knows it (absolute). */
  readonly path: string;
  /** Octal text, e.g. '0644'. */
  readonly was: string;
  readonly now: string;
}

export function octal(mode: number): string {
  return `0${(mode & 0o777).toString(8).padStart(3, '0')}`;
}

/** Makes `file` exactly `mode` (permission bits); returns the fix, or null when it already was. Throws TerminalError when it cannot. */
function enforce(file: string, mode: number, chmod: typeof chmodSync): ModeFix | null {
  const current = statSync(file).mode & 0o777;
  if (current === mode) return null;
  try {
    chmod(file, mode);
  } catch (err) {
    throw new TerminalError(
      'permissions',
      `${file} has mode ${octal(current)} and must be ${octal(mode)} (only the terminal's user may read it), but it cannot be changed: ` +
        `${(err as Error).message}. Fix it as its owner (chmod ${octal(mode).slice(1)} ${file}) and start again`,
    );
  }
  if ((statSync(file).mode & 0o777) !== mode) {
    throw new TerminalError('permissions', `${file} stays at mode ${octal(statSync(file).mode)} after chmod ${octal(mode).slice(1)}: the file system does not keep modes; refusing to hold secrets there`);
  }
  return { path: file, was: octal(current), now: octal(mode) };
}

/**
 * Checks (and fixes) the modes of the data folder `root` and its secret files. Returns what it changed.
 * `platform` and `chmod` are for tests.
 */
export function enforceDataFolderModes(root: string, platform: NodeJS.Platform = process.platform, chmod: typeof chmodSync = chmodSync): ModeFix[] {
  if (platform === 'win32') return [];
  const fixes: ModeFix[] = [];
  const folderFix = enforce(root, FOLDER_MODE, chmod);
  if (folderFix) fixes.push(folderFix);
  for (const name of SECRET_FILES) {
    const file = path.join(root, name);
    if (!existsSync(file)) continue;
    const fix = enforce(file, SECRET_FILE_MODE, chmod);
    if (fix) fixes.push(fix);
  }
  return fixes;
}
