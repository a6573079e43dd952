/**
 * Publishing's progress (`publish.progress`, #22: emissions "publish, with progress"): an emission
 * folder's blocks and how many central has published, central's own figure (any operator, any central
 * process, reads it while another publishes). A folder published in part says so; a wrong folder is
 * refused clearly; a folder no publication was proposed for is not told about (no probing central's disk).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminOpFor } from '../../../central/admin/ops.js';
import { createEmission } from '../../../central/emission/create.js';
import type { Central } from '../../../central/store/context.js';
import { publishEmission } from '../../../central/store/publish.js';
import { initTestCentral } from '../support/engines.js';

const GAME = 'happy-2014';

describe('publish.progress', () => {
  let tmp: string;
  let c: Central;
  let out: string;
  const auditor = { actor: 'audrey', roles: ['auditor'] as const };
  const progress = async (dir: string) => (await runAdminOpFor(c, 'publish.progress', { dir }, { ...auditor, roles: [...auditor.roles] })).result;
  // Under dual control: a security officer proposes publishing the folder (the approval is another's).
  const proposePublication = (dir: string) => runAdminOpFor(c, 'publish', { dir }, { actor: 'sam', roles: ['security'], reason: 'emission 7' });

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'guichet-publish-progress-'));
    const keyFile = join(tmp, 'lottery.key');
    c = (await initTestCentral({ dataDir: join(tmp, 'data'), keyFile })).central;
    out = join(tmp, 'emission');
    await createEmission({ game: GAME, emission: 7, units: 20, blocks: 3, keyFile, outDir: out, workers: 0, claimDays: 60 });
  }, 120_000);
  afterAll(async () => {
    await c?.db.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('counts the blocks of the folder central has published, as it publishes them', async () => {
    await expect(progress(out)).rejects.toMatchObject({ reason: 'not_proposed', status: 404 });
    expect((await proposePublication(out)).status).toBe(202);
    expect(await progress(out)).toEqual({ dir: out, total: 3, published: 0 });
    // Block 1 alone published (from a folder of its own): the emission's folder is one of three along.
    const first = join(tmp, 'first');
    mkdirSync(first);
    for (const ext of ['outcome', 'print']) copyFileSync(join(out, `${GAME}-7-1.${ext}`), join(first, `${GAME}-7-1.${ext}`));
    await proposePublication(first);
    await publishEmission(c, 'test', first);
    expect(await progress(out)).toEqual({ dir: out, total: 3, published: 1 });
    expect(await progress(first)).toEqual({ dir: first, total: 1, published: 1 });
    await publishEmission(c, 'test', out);
    expect(await progress(out)).toEqual({ dir: out, total: 3, published: 3 });
  });

  it('tells nothing of a folder no publication was proposed for: whether it exists, or holds outcome files', async () => {
    const elsewhere = join(tmp, 'elsewhere');
    mkdirSync(elsewhere);
    copyFileSync(join(out, `${GAME}-7-1.outcome`), join(elsewhere, `${GAME}-7-1.outcome`));
    for (const dir of [elsewhere, join(tmp, 'nowhere'), tmp]) {
      await expect(progress(dir)).rejects.toMatchObject({ reason: 'not_proposed', message: `no publication of ${dir} was proposed: progress is told for a folder being published` });
    }
  });

  it('refuses to propose a path that is no emission folder, in one sentence whatever is there, and proposes nothing', async () => {
    // No folder, a file, a folder without outcome files and one central may not read: told apart, a
    // security officer's proposal would map central's disk. Refused when proposed (issue 41 #30), not
    // when the second operator approves.
    const empty = join(tmp, 'empty');
    mkdirSync(empty);
    const file = join(tmp, 'lottery.key');
    const shut = join(tmp, 'shut');
    mkdirSync(shut, { mode: 0o000 });
    for (const dir of [join(tmp, 'nowhere'), file, empty, shut, join(file, 'below')]) {
      await expect(proposePublication(dir)).rejects.toMatchObject({
        reason: 'not_emission_folder',
        status: 404,
        facts: { dir },
        message: `${dir} is not an emission folder (one holding <game>-<emission>-<block>.outcome files)`,
      });
      await expect(progress(dir)).rejects.toMatchObject({ reason: 'not_proposed' });
    }
  });

  it('says a proposed folder emptied before its progress is read is no emission folder', async () => {
    const later = join(tmp, 'later');
    mkdirSync(later);
    copyFileSync(join(out, `${GAME}-7-1.outcome`), join(later, `${GAME}-7-1.outcome`));
    expect((await proposePublication(later)).status).toBe(202);
    rmSync(join(later, `${GAME}-7-1.outcome`));
    await expect(progress(later)).rejects.toMatchObject({ reason: 'not_emission_folder', status: 404, facts: { dir: later } });
  });
});
