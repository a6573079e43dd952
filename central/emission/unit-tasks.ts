/**
 * The per-unit work of an emission, in batches of consecutive units: sealing records (create) and
 * re-checking them (audit). Plain data in, plain data out, so a batch runs the same in a worker
 * thread (unit-worker.ts) or in the calling thread.
 */
import { createRng, layoutFor, prizeOf } from '../../games/index.js';
import type { UnitId } from '../../games/ticket-id.js';
import type { GameCode } from '../../games/types.js';
import { RECORD_SIZE } from '../../node/outcome/format.js';
import { sealRecordInto, unsealRecord } from '../../node/outcome/seal.js';
import { unitSecretsBatch } from './secrets.js';

export interface BatchBase {
  game: GameCode;
  emission: number;
  block: number;
  /** Unit index of the batch's first unit. */
  first: number;
  /** Tier index of each unit of the batch. */
  tiers: Uint8Array;
  /** Amount in cents of each tier index. */
  amounts: number[];
  master: Uint8Array;
  fileSalt: Uint8Array;
  layoutVersion: number;
}

export type SealTask = BatchBase;

export interface AuditTask extends BatchBase {
  /** The stored records of the batch's units, as read from the outcome file. */
  records: Uint8Array;
  /** Stop listing problems after this many (they are still counted). */
  maxProblems: number;
}

export interface UnitProblem {
  unit: number;
  what: string;
}

export interface AuditResult {
  problems: UnitProblem[];
  problemCount: number;
}

function prizeOfTier(amounts: number[], tier: number, unit: number): number {
  const amount = amounts[tier];
  if (amount === undefined) throw new RangeError(`unit ${unit} has tier ${tier}, which the table does not have`);
  return amount;
}

/** Seals every unit of the batch; returns `tiers.length × RECORD_SIZE` bytes. */
export function sealUnits(task: SealTask): Uint8Array {
  const out = new Uint8Array(task.tiers.length * RECORD_SIZE);
  const secrets = unitSecretsBatch(task.master, task.first, task.tiers.length);
  for (let i = 0; i < task.tiers.length; i++) {
    const unit = task.first + i;
    const id: UnitId = { game: task.game, emission: task.emission, block: task.block, unit };
    const s = secrets[i] as (typeof secrets)[number];
    sealRecordInto(out, i * RECORD_SIZE, id, s.hiddenCode, task.fileSalt, {
      prize_cents: prizeOfTier(task.amounts, task.tiers[i] as number, unit),
      layout_seed: s.layoutSeed,
      layout_version: task.layoutVersion,
    });
  }
  return out;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Checks every unit of the batch: its record opens with the code derived from the master secret,
 * holds the drawn prize, the derived layout seed and the game's layout version, and the play data
 * rebuilt from that seed wins exactly that prize under the rules engine.
 */
export function auditUnits(task: AuditTask): AuditResult {
  const result: AuditResult = { problems: [], problemCount: 0 };
  const report = (unit: number, what: string): void => {
    result.problemCount++;
    if (result.problems.length < task.maxProblems) result.problems.push({ unit, what });
  };
  const records = Buffer.from(task.records.buffer, task.records.byteOffset, task.records.length);
  const secrets = unitSecretsBatch(task.master, task.first, task.tiers.length);
  for (let i = 0; i < task.tiers.length; i++) {
    const unit = task.first + i;
    const id: UnitId = { game: task.game, emission: task.emission, block: task.block, unit };
    const prize = prizeOfTier(task.amounts, task.tiers[i] as number, unit);
    const s = secrets[i] as (typeof secrets)[number];
    const sealed = unsealRecord(records.subarray(i * RECORD_SIZE, (i + 1) * RECORD_SIZE), id, s.hiddenCode, task.fileSalt);
    if (!sealed) {
      report(unit, 'sealed record does not open with its hidden code (altered or misplaced)');
      continue;
    }
    if (sealed.prize_cents !== prize) report(unit, `sealed prize ${sealed.prize_cents} cents, the draw gave ${prize}`);
    if (!sameBytes(sealed.layout_seed, s.layoutSeed)) report(unit, 'sealed layout seed differs from the one derived from the master secret');
    if (sealed.layout_version !== task.layoutVersion) {
      report(unit, `sealed layout version ${sealed.layout_version}, the game is at ${task.layoutVersion}`);
    }
    try {
      const play = layoutFor(task.game, prize, createRng(s.layoutSeed));
      const won = prizeOf(task.game, play).prize_cents;
      if (won !== prize) report(unit, `play data wins ${won} cents, the draw gave ${prize}`);
    } catch (err) {
      report(unit, `play data: ${(err as Error).message}`);
    }
  }
  return result;
}
