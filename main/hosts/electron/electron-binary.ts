/**
 * Whether Electron's binary is installed, from plain Node (the `guichet kiosk` command, the e2e tests).
 * Read as the `electron` package finds it (its `path.txt`, written once its download is unpacked, names
 * the executable under its `dist/`; `ELECTRON_OVERRIDE_DIST_PATH` replaces that folder), without
 * requiring the package: since Electron 45, `require('electron')` starts the download of a missing
 * binary, so a kiosk start on a machine without one would reach for the network every time. The binary
 * must also be there on disk. Never imports Electron's API.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const requireFromHere = createRequire(import.meta.url);

/**
 * The path of Electron's binary as the `electron` package in `packageDir` would answer it, never
 * downloading anything; throws when the package or its `path.txt` is not there (download never happened).
 */
export function installedElectronPath(packageDir: string = path.dirname(requireFromHere.resolve('electron/package.json')), env: NodeJS.ProcessEnv = process.env): string {
  const pathFile = path.join(packageDir, 'path.txt');
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return path.join(override, existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : 'electron');
  return path.join(packageDir, 'dist', readFileSync(pathFile, 'utf8'));
}

/** The path of Electron's binary, or null when it is not installed. `load` stands for the package's answer (tests). */
export function electronBinary(load: () => unknown = () => installedElectronPath()): string | null {
  let found: unknown;
  try {
    found = load();
  } catch {
    return null;
  }
  if (typeof found !== 'string' || found === '') return null;
  try {
    return existsSync(found) && statSync(found).isFile() ? found : null;
  } catch {
    return null;
  }
}

/** True when Electron's binary is installed. */
export function electronBinaryAvailable(): boolean {
  return electronBinary() !== null;
}

/** The built Electron entry (`out/main/hosts/electron/main.js`), from the sources or from the build alike. */
export function electronMainEntry(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  // Sources: main/hosts/electron → project root; compiled: out/main/hosts/electron → out.
  while (path.basename(dir) !== 'main') dir = path.dirname(dir);
  const root = path.dirname(dir);
  const out = path.basename(root) === 'out' ? root : path.join(root, 'out');
  return path.join(out, 'main', 'electron', 'main.js');
}
