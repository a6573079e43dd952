/** Versions of everything the terminal runs on, for the technician and the support bundle. */
import type { Database } from 'better-sqlite3';
import { sqliteVersion } from '../../../db/queries/diagnostics.js';
import type { VersionsView } from '../../../common/api/methods/diagnostics.js';

/** Guichet's own version, Node, Electron and Chromium (when this process is Electron's), SQLite, V8 and the OS. */
export function versionsOf(db: Database, guichet: string, versions: NodeJS.ProcessVersions = process.versions): VersionsView {
  return {
    guichet,
    node: versions.node,
    electron: versions.electron ?? null,
    chromium: versions.chrome ?? null,
    sqlite: sqliteVersion(db),
    v8: versions.v8,
    platform: `${process.platform} ${process.arch}`,
  };
}
