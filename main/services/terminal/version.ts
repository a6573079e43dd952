/**
 * Guichet's version, read from its one home, `package.json`, whether this file runs from the sources
 * (`main/services/terminal/`) or compiled (`out/main/services/terminal/`, packaged next to
 * `package.json` by electron-builder): the nearest `package.json` named `guichet` above this file.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface PackageJson {
  readonly name?: unknown;
  readonly version?: unknown;
}

/** The path of Guichet's `package.json` above `from`; throws when there is none (a broken install). */
export function packageJsonPath(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate) && (JSON.parse(readFileSync(candidate, 'utf8')) as PackageJson).name === 'guichet') return candidate;
    if (path.dirname(dir) === dir) throw new Error(`Guichet's package.json was not found above ${from}`);
  }
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(packageJsonPath(), 'utf8')) as PackageJson;
  if (typeof pkg.version !== 'string' || pkg.version === '') throw new Error(`${packageJsonPath()} has no version`);
  return pkg.version;
}

/** Guichet's version (`package.json`'s `version`). */
export const VERSION: string = readVersion();
