/**
 * What this terminal runs, as it reports it to central with every push (#23): the version and the sha256
 * of the release tarball it was installed from (`installed.json`, written by the installer next to the
 * release's `package.json`), or its package version and no hash when it was not installed from a
 * release (a checkout, the first install of a packaged build).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SoftwareReport } from '../../../common/protocol/index.js';
import { packageJsonPath } from '../terminal/version.js';
import { VERSION } from '../terminal/version.js';

export const INSTALLED_FILE = 'installed.json';

export function runningSoftware(packageRoot: string = path.dirname(packageJsonPath())): SoftwareReport {
  const file = path.join(packageRoot, INSTALLED_FILE);
  if (existsSync(file)) {
    const j = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown; sha256?: unknown };
    const parsed = SoftwareReport.safeParse({ version: j.version, sha256: j.sha256 });
    if (parsed.success) return parsed.data;
  }
  return { version: VERSION, sha256: null };
}
