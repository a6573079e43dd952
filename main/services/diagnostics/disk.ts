/** Disk space of the data folder's file system. */
import { statfsSync } from 'node:fs';
import type { DiskView } from '../../../common/api/methods/diagnostics.js';

/** Total, free and available bytes of the file system holding `dir`; null when it cannot be asked. */
export function diskSpace(dir: string): DiskView | null {
  try {
    const s = statfsSync(dir);
    return { path: dir, total_bytes: s.blocks * s.bsize, free_bytes: s.bfree * s.bsize, available_bytes: s.bavail * s.bsize };
  } catch {
    return null;
  }
}
