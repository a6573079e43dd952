/**
 * Real tickets for the load's claims: an emission drawn and sealed by the lottery's own code
 * (`createEmission`), published to central WITH its print data (`publishEmission`), and the validation
 * barcodes a player would present, winners and losers, rebuilt from that print data. Central judges
 * every claim on its own print data, exactly as for a counter.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmission } from '../../central/emission/create.js';
import { readPrintFile } from '../../central/emission/print-file.js';
import { unitSecretsBatch } from '../../central/emission/secrets.js';
import type { Central } from '../../central/store/context.js';
import { packOperation } from '../../central/store/packs.js';
import { publishEmission } from '../../central/store/publish.js';
import { setConfig } from '../../central/store/feed.js';
import { gameByCode } from '../../games/index.js';
import { validationBarcode } from '../../games/ticket-id.js';
import type { GameCode } from '../../games/types.js';

export const LOAD_GAME = 'annee-chance-2013';
/** The emission the load publishes: its first units are the claims' tickets, the next ones the payouts', packs further on are activated by the fleet. */
export const LOAD_EMISSION = 9;
/** Units the claims present (losers and winners). */
export const CLAIM_UNITS = 20_000;
/** Units whose winners the fleet's payouts pay, each once, in random order: [CLAIM_UNITS, PAID_UNITS_END), in packs active at central. */
export const PAID_UNITS_END = 100_000;

export interface LoadTickets {
  /** Validation barcodes of winning units (a claim holds the first, says "held by another terminal" after, "already paid" once paid). */
  winners: string[];
  /** Validation barcodes of losing units (central answers "not a winner"). */
  losers: string[];
  /**
   * The winners the fleet's payouts pay, each once, in random order: units after the claims' tickets, with
   * their barcode and prize by the print data. A payout claims its ticket online first, then journals it
   * at that prize with its money block, as a real counter does, so central credits it (#19).
   */
  payable: PayableTicket[];
}

export interface PayableTicket {
  readonly unit: number;
  readonly barcode: string;
  readonly prize_cents: number;
}

/** The next winner to pay (each once), or null once they are all paid. */
export function nextPayable(t: LoadTickets): PayableTicket | null {
  const i = paidSoFar.get(t) ?? 0;
  if (i >= t.payable.length) return null;
  paidSoFar.set(t, i + 1);
  return t.payable[i] as PayableTicket;
}
const paidSoFar = new WeakMap<LoadTickets, number>();

/** The shop whose packs the load's tickets come from: every pack is received and activated there at central. */
export const LOAD_SHOP = 'LOAD-SHOP';

/**
 * Draws, seals and publishes `units` units of emission `emission`, and activates their packs at central
 * (as the shop that sells them would: central answers "pack not active" for a ticket of a pack activated
 * nowhere); answers the barcodes of the first `claimUnits`, and the winners after them (to pay).
 */
export async function publishLoadTickets(c: Central, keyFile: string, emission: number, units: number, claimUnits = units): Promise<LoadTickets> {
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-load-em-'));
  try {
    await createEmission({ game: LOAD_GAME, emission, units, keyFile, outDir: dir, workers: 0, claimDays: 60 });
    await publishEmission(c, 'load', dir);
    // The load's shop is no registered retailer: its packs are received unshipped, as before #19.
    await setConfig(c, 'load', 'packs_require_shipment', false);
    const packSize = gameByCode(LOAD_GAME).pack_size ?? units;
    const at = new Date().toISOString();
    for (let pack = 0; pack * packSize < units; pack++) {
      for (const action of ['receive', 'activate'] as const) {
        const op = { game: LOAD_GAME, emission, block: 1, pack, action, op_key: `${LOAD_SHOP}/pack/${emission}/${pack}/${action}`, at };
        const answer = await packOperation(c, LOAD_SHOP, op);
        if (answer.outcome !== 'applied') throw new Error(`load tickets: pack ${pack} ${action}: ${answer.message}`);
      }
    }
    const print = readPrintFile(path.join(dir, `${LOAD_GAME}-${emission}-1.print`));
    const secrets = unitSecretsBatch(print.master, 0, units);
    const out: LoadTickets = { winners: [], losers: [], payable: [] };
    for (let unit = 0; unit < units; unit++) {
      const id = { game: LOAD_GAME as GameCode, emission, block: 1, unit };
      const prize = print.header.tier_amounts[print.tiers[unit] as number] ?? 0;
      if (unit >= claimUnits) {
        if (prize > 0) out.payable.push({ unit, barcode: validationBarcode(id, secrets[unit]!.hiddenCode), prize_cents: prize });
        continue;
      }
      const code = validationBarcode(id, secrets[unit]!.hiddenCode);
      (prize > 0 ? out.winners : out.losers).push(code);
    }
    // Random order: a payout counts towards its pack's settlement, and the packs are not paid one after the other.
    for (let i = out.payable.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [out.payable[i], out.payable[j]] = [out.payable[j] as PayableTicket, out.payable[i] as PayableTicket];
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The barcode of the next claim: half winners, half losers (a counter checks every ticket a player
 * hands over), each picked at random so a winner is now and then presented again at another terminal.
 */
export function presentedBarcode(t: LoadTickets): string {
  const pool = Math.random() < 0.5 && t.winners.length > 0 ? t.winners : t.losers;
  return pool[Math.floor(Math.random() * pool.length)] as string;
}
