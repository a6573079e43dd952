/**
 * Whether Electron's binary is installed, from plain Node (the `guichet kiosk` command, the e2e tests).
 * The `electron` package, required from Node, returns the path of its binary (and throws when its
 * download never happened); the binary must also be there on disk. Never imports Electron's API.
 */
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const requireFromHere = createRequire(import.meta.url);

/** The path of Electron's binary, or null when it is not installed. `load` stands for `require('electron')` (tests). */
export function electronBinary(load: () => unknown = () => requireFromHere('electron')): string | null {
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
