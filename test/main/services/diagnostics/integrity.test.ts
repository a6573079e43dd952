import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listBlocks } from '../../../../db/queries/blocks.js';
import { IntegrityCheck } from '../../../../main/services/diagnostics/integrity.js';
import { tamper } from '../journal/tamper.js';
import { makeDemo, type DemoFixture } from './demo-fixture.js';

let f: DemoFixture | undefined;
afterEach(() => f?.cleanup());

/** Flips one byte `fromEnd` bytes before the end of a file (inside the records section). */
function flipByte(file: string, fromEnd: number): void {
  const fd = openSync(file, 'r+');
  try {
    const { size } = fstatSync(fd);
    const b = Buffer.alloc(1);
    readSync(fd, b, 0, 1, size - fromEnd);
    b[0] = (b[0] as number) ^ 0xff;
    writeSync(fd, b, 0, 1, size - fromEnd);
  } finally {
    closeSync(fd);
  }
}

describe('integrity check', () => {
  it('passes a sound terminal, with progress reaching every unit of every block', async () => {
    f = await makeDemo();
    const check = IntegrityCheck.start(f.t, f.theo);
    expect(check.view()).toMatchObject({ state: 'running', done: 0, total: 1200 });
    const end = await check.finished;
    expect(end).toMatchObject({ state: 'done', phase: 'done', ok: true, done: 1200, total: 1200 });
    expect(end.database).toEqual({ ok: true, detail: 'ok' });
    expect(end.journal?.ok).toBe(true);
    expect(end.blocks.map((b) => [b.label, b.ok, b.chunks])).toEqual([
      ['2013 Année de la chance 001-01', true, 1],
      ['Happy 2014 001-01', true, 1],
      ['Millionnaire 001-01', true, 1],
    ]);
    expect(end.journal?.entries).toBeGreaterThan(5);
  });

  it('names the altered chunk of a stored outcome file', async () => {
    f = await makeDemo();
    const happy = listBlocks(f.t.db).find((b) => b.game === 'happy-2014')!;
    flipByte(path.join(f.t.folder.outcomesDir, happy.file_name), 3);
    const end = await IntegrityCheck.start(f.t, f.theo).finished;
    expect(end.ok).toBe(false);
    const bad = end.blocks.find((b) => b.label === 'Happy 2014 001-01');
    expect(bad).toMatchObject({ ok: false });
    expect(bad?.detail).toMatch(/units \d+–399 \(chunk \d+\) were altered/);
    expect(end.blocks.filter((b) => b.ok)).toHaveLength(2);
  });

  it('reports a broken journal', async () => {
    f = await makeDemo();
    f.t.close();
    tamper(f.t.folder.databasePath, (db) => db.prepare("UPDATE journal SET type = 'x' WHERE seq = 2").run());
    const { openLotteryTerminal } = await import('../../../../main/kernel/open.js');
    const t = openLotteryTerminal(f.dir);
    const theo = f.theo;
    try {
      const end = await IntegrityCheck.start(t, theo).finished;
      expect(end.journal?.ok).toBe(false);
      expect(end.journal?.detail).toMatch(/^entry 2:/);
      expect(end.ok).toBe(false);
    } finally {
      t.close();
    }
  });

  it('refuses a cashier', async () => {
    f = await makeDemo();
    expect(() => IntegrityCheck.start(f!.t, f!.camille)).toThrow(/may not run diagnostics/);
  });
});
