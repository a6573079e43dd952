/**
 * Where updates live in the data folder:
 * - `updates/metadata/`: tuf-js's trusted metadata (seeded with root.json at enrolment or from the release);
 * - `updates/downloads/<sha256>.part`: a download in progress (kept: the next attempt resumes it), then
 *   `<sha256>.tar.gz` once TUF verified it;
 * - `updates/backups/before-<version>.db`: the database as it was before a version's first start;
 * - `updates/state.json`: what the launcher must do at the next start (a pending self-check);
 * - `versions/<version>/`: each installed version, side by side, and `versions/current`, a symlink to
 *   the one the launcher starts, switched atomically (a new symlink renamed over the old one).
 */
import path from 'node:path';

/** Written by the installer in each version folder: the release's version and tarball sha256 (a hint, verified: verify-release.ts). */
export const INSTALLED_FILE = 'installed.json';

export interface UpdatePaths {
  readonly root: string;
  readonly metadataDir: string;
  readonly downloadsDir: string;
  readonly backupsDir: string;
  readonly stateFile: string;
  readonly versionsDir: string;
  readonly current: string;
  versionDir(version: string): string;
}

export function updatePaths(dataRoot: string): UpdatePaths {
  const root = path.resolve(dataRoot);
  const versionsDir = path.join(root, 'versions');
  return {
    root,
    metadataDir: path.join(root, 'updates', 'metadata'),
    downloadsDir: path.join(root, 'updates', 'downloads'),
    backupsDir: path.join(root, 'updates', 'backups'),
    stateFile: path.join(root, 'updates', 'state.json'),
    versionsDir,
    current: path.join(versionsDir, 'current'),
    versionDir: (version) => path.join(versionsDir, version),
  };
}
