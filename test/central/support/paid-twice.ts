/**
 * A real double payment for central's tests (#19): central credits a payout only from its own facts
 * (store/payout-checks.ts), so a ticket "paid twice" must be a real winner of a published block, paid
 * first online against central's own claim, then offline by another retailer's terminal at the prize of
 * central's print data, for a ticket of a pack active at that retailer, inside the allowance central
 * signed. Both payouts are credited, and the second is the payout exception (store/claims.ts).
 *
 *   const e = await publishTestEmission(c, { emission: 3 });
 *   const [unit] = e.winners(0);
 *   await activatePack(c, b, e, 0); await push(b, []);        // B: its pack, and a signed allowance
 *   await claimTicket(c, a, e.barcodeOf(unit));               // A: claimed online…
 *   await push(a, [ja.append('payout', e.payout(unit))]);     // …and paid (first)
 *   await push(b, [jb.append('payout', e.payout(unit, b.id))]); // B: paid offline (second)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ClaimAnswer } from '../../../common/protocol/index.js';
import { createEmission } from '../../../central/emission/create.js';
import { readPrintFile, type PrintData } from '../../../central/emission/print-file.js';
import { unitSecrets } from '../../../central/emission/secrets.js';
import { publishEmission } from '../../../central/store/publish.js';
import { payoutProof } from '../../../node/outcome/payout-proof.js';
import { validationBarcode } from '../../../games/ticket-id.js';
import type { StartedCentral } from './start-central.js';
import { signedRequest, type TestTerminal } from './terminal-client.js';

export const GAME = 'annee-chance-2013';

export interface TestEmission {
  game: string;
  emission: number;
  print: PrintData;
  /** The prize of `unit` by central's print data (0: a loser). */
  prizeOf(unit: number): number;
  /** The real validation barcode of `unit` (its hidden code from the print data). */
  barcodeOf(unit: number): string;
  /** `ticket_claims`' key of `unit`: game/emission/block/unit. */
  ticketOf(unit: number): string;
  /** Low-tier winners (payable offline by default: at most 50 €) of pack `pack`. */
  winners(pack: number): number[];
  /** A payout entry's payload for `unit` at its prize: online, or offline by terminal `offlineBy` with its proof of possession (#39). */
  payout(unit: number, offlineBy?: string, receiptNo?: number): Record<string, unknown>;
}

/** Creates an emission of `units` units (block 1) signed with the central's emission key, and publishes it. */
export async function publishTestEmission(c: StartedCentral, opts: { emission: number; units?: number }): Promise<TestEmission> {
  const tmp = mkdtempSync(join(tmpdir(), 'guichet-paid-twice-'));
  try {
    const out = join(tmp, 'emission');
    await createEmission({ game: GAME, emission: opts.emission, units: opts.units ?? 200, keyFile: c.lotteryKeyFile, outDir: out, workers: 0, claimDays: 60, packMinWinners: 8 });
    await publishEmission(c.central, 'test', out);
    const print = readPrintFile(join(out, `${GAME}-${opts.emission}-1.print`));
    const prizeOf = (unit: number): number => print.header.tier_amounts[print.tiers[unit] as number] ?? 0;
    return {
      game: GAME,
      emission: opts.emission,
      print,
      prizeOf,
      barcodeOf: (unit) => validationBarcode({ game: GAME, emission: opts.emission, block: 1, unit }, unitSecrets(print.master, unit).hiddenCode),
      ticketOf: (unit) => `${GAME}/${opts.emission}/1/${unit}`,
      winners: (pack) => Array.from({ length: 100 }, (_, i) => pack * 100 + i).filter((u) => prizeOf(u) > 0 && prizeOf(u) <= 5_000),
      payout: (unit, offlineBy, receiptNo = 1) => {
        const cents = prizeOf(unit);
        return {
          ticket: `${GAME}-${opts.emission}-1-${unit}`,
          game: GAME,
          emission: opts.emission,
          block: 1,
          unit,
          amount_cents: cents,
          ...(offlineBy !== undefined ? { offline: true, proof: payoutProof(unitSecrets(print.master, unit).hiddenCode, { terminal: offlineBy, id: { game: GAME, emission: opts.emission, block: 1, unit }, amount_cents: cents }) } : {}),
          cash_session_id: 1,
          receipt_no: receiptNo,
          money: { kind: 'payout', lines: [{ game: GAME, count: 1, amount_cents: cents }] },
        };
      },
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Terminal `t` receives then activates pack `pack` at central (the test central does not require shipment). */
export async function activatePack(c: StartedCentral, t: TestTerminal, e: TestEmission, pack: number, o: { timestamp?: string } = {}): Promise<void> {
  for (const action of ['receive', 'activate'] as const) {
    const body = { game: e.game, emission: e.emission, block: 1, pack, action, op_key: `${t.id}/pack/${e.emission}/${pack}/${action}`, at: o.timestamp ?? new Date().toISOString() };
    const r = await signedRequest<{ outcome: string }>(c.url, t, 'POST', '/v1/packs', body, o);
    expect([r.status, r.json.outcome], JSON.stringify(r.json)).toEqual([200, 'applied']);
  }
}

/** Terminal `t` claims the ticket of `barcode` online: central holds it for `t` at its prize. */
export async function claimTicket(c: StartedCentral, t: TestTerminal, barcode: string, o: { timestamp?: string } = {}): Promise<ClaimAnswer> {
  const r = await signedRequest<ClaimAnswer & { reason?: string }>(c.url, t, 'POST', '/v1/claim', { barcode, claim_key: `k${Math.random().toString(36).slice(2, 14)}` }, o);
  expect([r.status, r.json.verdict], JSON.stringify(r.json)).toEqual([200, 'claimed']);
  return r.json;
}
