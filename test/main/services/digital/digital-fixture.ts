/**
 * A central (PGlite, loopback) with a small Happy 2014 and Millionnaire emission published (print data
 * kept at central), and an enrolled counter that synced their outcome files, a cash session open.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmission } from '../../../../central/emission/create.js';
import { publishEmission } from '../../../../central/store/publish.js';
import { authenticate } from '../../../../main/services/auth/login.js';
import type { OperatorSession } from '../../../../main/services/auth/session.js';
import { openCashSession } from '../../../../main/services/cash/sessions.js';
import { enrollTerminal } from '../../../../main/services/sync/enroll.js';
import { syncOnce } from '../../../../main/services/sync/sync.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { startCentral, type StartedCentral } from '../../../central/support/start-central.js';

export const DIGITAL_UNITS = 40;

export interface DigitalCounter {
  readonly central: StartedCentral;
  readonly dir: string;
  t: LotteryTerminal;
  manager: OperatorSession;
  cleanup(): Promise<void>;
}

export async function digitalCounter(): Promise<DigitalCounter> {
  const central = await startCentral({ terminals: ['T1'] });
  const em = mkdtempSync(path.join(tmpdir(), 'guichet-digital-em-'));
  for (const game of ['happy-2014', 'millionnaire']) {
    await createEmission({ game, emission: 1, units: DIGITAL_UNITS, outDir: em, keyFile: central.lotteryKeyFile, workers: 0 });
  }
  await publishEmission(central.central, 'test', em);
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-digital-'));
  const { terminal: t } = await enrollTerminal(dir, { centralUrl: central.url, code: central.enrolmentCode, root: central.root, managerName: 'alice', pin: '123456', client: { initialDelayMs: 10, maxDelayMs: 100, maxAttempts: 3 } });
  await syncOnce(t, { client: { initialDelayMs: 10, maxAttempts: 3 } });
  const manager = await authenticate(t, 'alice', '123456');
  openCashSession(t, manager, { float_cents: 10_000 });
  const fx: DigitalCounter = {
    central,
    dir,
    t,
    manager,
    async cleanup() {
      fx.t.close();
      await central.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
      rmSync(em, { recursive: true, force: true });
    },
  };
  return fx;
}
