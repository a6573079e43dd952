/** The store's folders of published files: outcome files (what terminals download) and print data (the lottery's secret, never sent). */
import { join } from 'node:path';
import type { Central } from './context.js';

export const filesDir = (c: Pick<Central, 'dataDir'>): string => join(c.dataDir, 'files');
export const printDir = (c: Pick<Central, 'dataDir'>): string => join(c.dataDir, 'print');
