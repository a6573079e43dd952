/** CPU time of a process and all its descendants (Linux /proc), in milliseconds. */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function stat(pid: string): { ppid: number; ms: number } | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), ms: (Number(f[11]) + Number(f[12])) * TICK_MS };
  } catch {
    return null;
  }
}

/** CPU ms by process of `roots` and their descendants. */
export function treeCpu(roots: readonly number[]): Map<number, number> {
  const all = new Map<number, { ppid: number; ms: number }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const s = stat(d);
    if (s) all.set(Number(d), s);
  }
  const inTree = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, s] of all) {
      if (!inTree.has(pid) && inTree.has(s.ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  const out = new Map<number, number>();
  for (const pid of inTree) out.set(pid, all.get(pid)?.ms ?? 0);
  return out;
}

/**
 * CPU ms spent between two snapshots by the processes alive at the second (a backend or autovacuum
 * worker that exited in between is not counted; one that started is counted whole).
 */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, v] of after) ms += Math.max(0, v - (before.get(pid) ?? 0));
  return ms;
}
