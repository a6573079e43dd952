/** Print data of published blocks, read once per opened store (`Central.memo`) (claims and settlement judge on it). */
import { join } from 'node:path';
import { readPrintFile, type PrintData } from '../emission/print-file.js';
import type { Central } from './context.js';
import { printDir } from './publish.js';

/** The print data of a published block, by its file name in central's print folder. */
export function printData(c: Central, name: string): PrintData {
  let p = c.memo.prints.get(name);
  if (!p) {
    p = readPrintFile(join(printDir(c), name));
    c.memo.prints.set(name, p);
  }
  return p;
}
