/** Print data of published blocks, read once per process (claims and settlement judge on it). */
import { join } from 'node:path';
import { readPrintFile, type PrintData } from '../emission/print-file.js';
import type { Central } from './context.js';
import { printDir } from './publish.js';

const printCache = new Map<string, PrintData>();

/** The print data of a published block, by its file name in central's print folder. */
export function printData(c: Central, name: string): PrintData {
  const path = join(printDir(c), name);
  let p = printCache.get(path);
  if (!p) {
    p = readPrintFile(path);
    printCache.set(path, p);
  }
  return p;
}
