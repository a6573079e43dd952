/** Where the built console is (served at /console/ by console-static.ts; never a place for a backup). */
import { basename, join, resolve } from 'node:path';

/** out/console beside the sources, or console/ beside the compiled central (out/). */
export function builtConsoleDir(): string {
  const root = resolve(import.meta.dirname, '..', '..');
  return basename(root) === 'out' ? join(root, 'console') : join(root, 'out', 'console');
}
