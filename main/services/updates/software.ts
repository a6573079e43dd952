/**
 * What this terminal runs, as it reports it to central with every push (#23): measured, not read from a
 * file the data folder's holder can edit (issue 39, finding 6). When this code runs from a version folder
 * (`<data>/versions/<version>/`), that folder is checked against the release TUF verified
 * (verify-release.ts, against the anchor root.json the launcher names): its version and tarball sha256
 * when it is that release, else its package version and no hash — which matches no approved release.
 * A checkout or the installation itself reports its package version and no hash.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { SoftwareReport } from '../../../common/protocol/index.js';
import { packageJsonPath, VERSION } from '../terminal/version.js';
import { updatePaths } from './paths.js';
import { anchorRootFile, verifyRelease } from './verify-release.js';

const measured = new Map<string, SoftwareReport>();

/** The running release, measured once per process (package root and anchor). */
export function runningSoftware(packageRoot: string = path.dirname(packageJsonPath()), anchor: string | null = anchorRootFile()): SoftwareReport {
  const key = `${packageRoot}\n${anchor ?? ''}`;
  let report = measured.get(key);
  if (!report) {
    report = measure(packageRoot, anchor);
    measured.set(key, report);
  }
  return report;
}

function measure(packageRoot: string, anchor: string | null): SoftwareReport {
  const unverified = { version: VERSION, sha256: null };
  let real: string;
  try {
    real = realpathSync(packageRoot);
  } catch {
    return unverified;
  }
  if (!anchor || path.basename(path.dirname(real)) !== 'versions') return unverified;
  try {
    // The node_modules link was checked by the launcher before the start; here the files are what counts.
    return verifyRelease(updatePaths(path.dirname(path.dirname(real))), real, anchor);
  } catch {
    return unverified;
  }
}
