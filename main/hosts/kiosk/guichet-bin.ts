/** Where the lottery's tools are: the demo lottery and the demo central run as `guichet …` child processes. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `bin/guichet.js` of the checkout this module runs from (sources or compiled to out/), or null. */
export function guichetBin(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (path.basename(dir) !== 'main' && path.dirname(dir) !== dir) dir = path.dirname(dir);
  let root = path.dirname(dir);
  if (path.basename(root) === 'out') root = path.dirname(root);
  const bin = path.join(root, 'bin', 'guichet.js');
  return existsSync(bin) && existsSync(path.join(root, 'central')) ? bin : null;
}
