/** What central's operations work with: the database, the data folder, central's online key and a clock. */
import type { KeyObject } from 'node:crypto';
import type { PrintData } from '../emission/print-file.js';
import type { Db, Queryable } from './db.js';
import { insertCentralJournalEntry } from './queries/central-journal.js';

/** A published block as claims read it (publications never change once their print data are in). */
export interface Publication {
  print_name: string | null;
  manifest: { claim_deadline: string; pack_size?: number };
}

/** What this process keeps once read: data that never change after they are written. */
export interface CentralMemo {
  /** Published blocks with their print data, by `game/emission/block`. */
  readonly publications: Map<string, Publication>;
  /** Print files of published blocks, by file name. */
  readonly prints: Map<string, PrintData>;
  /** When pushes last looked for packs due by days (central's clock, ms; see settlePacks). */
  readonly daysChecked: { at: number };
  /** Central's current epoch, read once (only a restore, with central stopped, makes a new one): store/epoch.ts. */
  readonly epoch: { value?: EpochRow; claimsReleased?: boolean };
}

/** One of central's epochs (migration 015): a new one at every restore. */
export interface EpochRow {
  readonly epoch: string;
  readonly feed_floor: number;
  readonly started_at: string;
  readonly reason: 'init' | 'restore';
}

export const newMemo = (): CentralMemo => ({ publications: new Map(), prints: new Map(), daysChecked: { at: Number.NEGATIVE_INFINITY }, epoch: {} });

export interface Central {
  readonly db: Db;
  /** The data folder (files/, print/, the PGlite folder, central.json). */
  readonly dataDir: string;
  /**
   * Central's online key (certified by the lottery root for 'online'): signs enrolment answers, the feed
   * and central's answers. Never an emission key: outcome files are signed offline.
   */
  readonly lotteryKey: { readonly privateKey: KeyObject; readonly publicKey: KeyObject; readonly fingerprint: string; readonly publicKeyPem: string };
  /** UTC ISO now (tests may fix it). */
  now(): string;
  /** Unchanging data kept once read (one per opened store). */
  readonly memo: CentralMemo;
}

/** Appends to central's own journal (who did what at central), sealed and signed by central's online key, inside the caller's transaction. */
export async function journalAtCentral(c: Pick<Central, 'lotteryKey'>, tx: Queryable, at: string, actor: string, type: string, payload: Record<string, unknown>): Promise<number> {
  return insertCentralJournalEntry(tx, c.lotteryKey, at, actor, type, payload);
}

/** A refusal meant for the person or program asking: a sentence, a code and an HTTP status. */
export class CentralError extends Error {
  override readonly name = 'CentralError';
  constructor(
    readonly reason: string,
    message: string,
    readonly status = 400,
    /** What the refusal is about, for a screen to say it in its own words (times UTC ISO, shown local there). */
    readonly facts?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
}
