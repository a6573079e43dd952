/**
 * The quick tier stays quick: a test file outside the `full` globs (test/support/tiers.ts) that starts
 * a process, a server or a database fails here, naming what it uses; and the slowest-files reporter
 * ranks and prints as it says.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatSlowest, slowest } from '../support/slowest-files.js';
import { CHANGES_ITS_PROCESS, FULL, isolatedQuickFiles } from '../support/tiers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What a quick test must not import (a path in a comment or a string is no use of it): child processes, central's stores and servers, PostgreSQL, pseudo-terminals. */
const STARTS = /(?<=(?:from |import\()['"][^'"]*)(?:child_process|engines\.js|start-central|local-cluster|local-formation|sync-fixture|two-terminals|guichet-runner|pty-pair|digital-fixture|central\/store\/|central\/server\/)/;

function testFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return rel === 'test/e2e' ? [] : testFiles(rel);
    return /\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

function quickFiles(): string[] {
  return testFiles('test').filter((f) => !FULL.some((g) => path.matchesGlob(f, g)));
}

describe('test tiers', () => {
  it('no quick test file starts a process, a server or a database', () => {
    const quick = quickFiles();
    expect(quick.length).toBeGreaterThan(50);
    const offenders = quick.flatMap((f) => {
      const m = STARTS.exec(readFileSync(path.join(ROOT, f), 'utf8'));
      return m ? [`${f} uses ${m[0]}`] : [];
    });
    expect(offenders).toEqual([]);
  });

  it('the full tier catches what the quick one must not hold', () => {
    for (const f of ['test/main/services/crash/crash.test.ts', 'test/central/store/store.test.ts', 'test/main/services/sync/sync.test.ts']) {
      expect(FULL.some((g) => path.matchesGlob(f, g)), f).toBe(true);
    }
    expect(STARTS.test("import { spawn } from 'node:child_process';")).toBe(true);
    expect(STARTS.test("const { openCentral } = await import('../../central/store/open.js');")).toBe(true);
    expect(STARTS.test("// central/store/journal-chain.ts's hash, written again here")).toBe(false);
  });

  it('a quick file that mocks modules or changes its process runs isolated; the others share their forks', () => {
    const isolated = isolatedQuickFiles(ROOT);
    // The payout counts its outcome-file reads through module mocks; Electron's tests mock 'electron'.
    expect(isolated).toEqual(expect.arrayContaining(['test/main/app/payout-once.test.ts', 'test/main/hosts/electron/main.test.ts', 'test/main/kernel/data-folder.test.ts']));
    expect(isolated.every((f) => !FULL.some((g) => path.matchesGlob(f, g)))).toBe(true);
    for (const line of ["vi.mock('electron', () => ({}));", 'vi.useFakeTimers();', "vi.stubEnv('TZ', 'UTC');", 'process.umask(0o022);', "vi.spyOn(console, 'log');"]) {
      expect(CHANGES_ITS_PROCESS.test(line), line).toBe(true);
    }
    expect(CHANGES_ITS_PROCESS.test("import { vi } from 'vitest';")).toBe(false);
  });

  it('the reporter lists the slowest files first, at most fifteen', () => {
    const times = Array.from({ length: 20 }, (_, i) => ({ file: `test/f${i}.test.ts`, project: i % 2 ? 'full' : 'quick', ms: i * 1000 }));
    expect(slowest(times).map((t) => t.file)).toEqual(Array.from({ length: 15 }, (_, i) => `test/f${19 - i}.test.ts`));
    const text = formatSlowest(times);
    expect(text.split('\n')[0]).toBe('Slowest 15 test files:');
    expect(text.split('\n')[1]).toMatch(/^\s+19\.0 s {2}test\/f19\.test\.ts {2}full$/);
    expect(formatSlowest([])).toBe('');
  });
});
