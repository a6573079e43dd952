/**
 * A vitest reporter that prints, after the run, the 15 test files that took longest (wall time from
 * the file's start to its end: set-up, collection and tests). Added beside the default reporter in
 * vitest.config.ts, so every `npm test` says where its time went.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const COUNT = 15;

export interface FileTime {
  readonly file: string;
  readonly project: string;
  readonly ms: number;
}

/** The `count` slowest files, slowest first. */
export function slowest(times: readonly FileTime[], count = COUNT): FileTime[] {
  return [...times].sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file)).slice(0, count);
}

/** The table printed at the end of a run. */
export function formatSlowest(times: readonly FileTime[], count = COUNT): string {
  const rows = slowest(times, count);
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.file.length));
  const lines = rows.map((r) => `  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.file.padEnd(width)}  ${r.project}`);
  return [`Slowest ${rows.length} test files:`, ...lines].join('\n');
}

export default class SlowestFiles implements Reporter {
  private printed = false;

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    // Once a run, whatever the number of projects.
    if (this.printed) return;
    this.printed = true;
    const times = modules.map((m) => {
      const d = m.diagnostic();
      return { file: relative(process.cwd(), m.moduleId), project: m.project.name, ms: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration };
    });
    const text = formatSlowest(times);
    if (text) process.stdout.write(`\n${text}\n`);
  }
}
