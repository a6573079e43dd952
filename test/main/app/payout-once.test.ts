/**
 * One payout reads its ticket once: the outcome file is opened and its signature checked once, the
 * ticket's record unsealed once, and the ticket's picture is never drawn (no screen shows it after a
 * payout; the check before it does). Counted by wrapping the outcome-file reader, the unsealing and
 * the ticket drawing under the real demo terminal.
 */
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportUnits, type ExportedUnit } from '../../../central/emission/export.js';
import { readPrintFile } from '../../../central/emission/print-file.js';
import type * as ReaderModule from '../../../node/outcome/reader.js';
import type * as SealModule from '../../../node/outcome/seal.js';
import type * as RenderModule from '../../../render/index.js';
import { demoApp, type AppFixture } from './sales-fixture.js';

const count = vi.hoisted(() => ({ opened: 0, signatures: 0, unsealed: 0, drawn: 0 }));

vi.mock('../../../node/outcome/reader.js', async (importOriginal) => {
  const real = await importOriginal<typeof ReaderModule>();
  return {
    ...real,
    openOutcomeFile: (file: string) => {
      count.opened++;
      const opened = real.openOutcomeFile(file);
      const verify = opened.verifySignature.bind(opened);
      opened.verifySignature = (trusted) => {
        count.signatures++;
        verify(trusted);
      };
      return opened;
    },
  };
});
vi.mock('../../../node/outcome/seal.js', async (importOriginal) => {
  const real = await importOriginal<typeof SealModule>();
  return { ...real, unsealRecord: (...args: Parameters<typeof real.unsealRecord>) => (count.unsealed++, real.unsealRecord(...args)) };
});
vi.mock('../../../render/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof RenderModule>();
  return { ...real, renderTicketSvg: (...args: Parameters<typeof real.renderTicketSvg>) => (count.drawn++, real.renderTicketSvg(...args)) };
});

let fx: AppFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

function winnerOf(dir: string, game: string, test: (u: ExportedUnit) => boolean): ExportedUnit {
  const u = [...exportUnits(readPrintFile(path.join(dir, 'demo-lottery', `${game}-1-1.print`)), 0, 400)].find(test);
  if (!u) throw new Error('no such demo unit');
  return u;
}

function reset(): void {
  Object.assign(count, { opened: 0, signatures: 0, unsealed: 0, drawn: 0 });
}

describe('a payout reads its ticket once', () => {
  it('ticket.pay opens the outcome file once, checks its signature once, unseals once, draws no picture', async () => {
    fx = await demoApp();
    const winner = winnerOf(fx.dir, 'happy-2014', (u) => u.prize_cents > 0 && u.prize_cents <= 30_000);
    await fx.login('Camille');
    await fx.call('cash.open', { float_cents: 50_000 });

    // The check before it draws the picture the validation screen shows.
    reset();
    const checked = await fx.call('ticket.check', { barcode: winner.barcodes.validation });
    expect(checked.picture_svg).toMatch(/^<svg/);
    expect(count).toEqual({ opened: 1, signatures: 1, unsealed: 1, drawn: 1 });

    reset();
    const paid = await fx.call('ticket.pay', { barcode: winner.barcodes.validation });
    expect(paid.verdict).toMatchObject({ verdict: 'winner', prize_cents: winner.prize_cents, picture_svg: null });
    expect(paid.receipt).toMatchObject({ kind: 'payout', printed: true });
    expect(count).toEqual({ opened: 1, signatures: 1, unsealed: 1, drawn: 0 });
  });

  it('ticket.claim (above the limit) reads its ticket once too', async () => {
    fx = await demoApp();
    const big = winnerOf(fx.dir, 'happy-2014', (u) => u.prize_cents >= 2_000);
    await fx.login('Marie');
    await fx.call('settings.update', { payout_limit_cents: 1_000 });
    await fx.call('cash.open', { float_cents: 50_000 });
    reset();
    const claimed = await fx.call('ticket.claim', { barcode: big.barcodes.validation });
    expect(claimed.verdict).toMatchObject({ verdict: 'above-limit', picture_svg: null });
    expect(count).toEqual({ opened: 1, signatures: 1, unsealed: 1, drawn: 0 });
  });
});
