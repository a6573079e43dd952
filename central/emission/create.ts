/**
 * `emission create`: draws whole blocks and writes, per block, a sealed signed outcome file (for
 * terminals) and the print data (the lottery's secret), plus `lottery.pub` for the folder.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gameByCode, lotsOf } from '../../games/index.js';
import type { Game } from '../../games/types.js';
import { keyFingerprint, loadOrCreateSigningKey, publicKeyPem } from '../../node/outcome/keys.js';
import type { OutcomeManifest } from '../../node/outcome/manifest.js';
import { OutcomeWriter } from '../../node/outcome/writer.js';
import { drawTiers, tierAmounts } from './draw.js';
import { outcomeFileName, printFileName, PUBLIC_KEY_FILE } from './files.js';
import { checkPackGuarantee, guaranteePackWinners } from './packs.js';
import { PRINT_FORMAT, tiersHash, writePrintFile } from './print-file.js';
import { newMasterSecret } from './secrets.js';
import { UnitWorkerPool, defaultWorkerCount, orderedPipeline } from './worker-pool.js';

/** Claim period when none is given: 60 days after the emission is created. */
export const DEFAULT_CLAIM_DAYS = 60;
/** Units per batch handed to a worker. A multiple of the outcome chunk size. */
export const BATCH_UNITS = 16_384;

/** A request `emission create` cannot carry out; nothing was written. */
export class EmissionError extends Error {
  override readonly name = 'EmissionError';
}

export interface CreateEmissionOptions {
  /** Game code. */
  game: string;
  /** Emission number, 1–999. */
  emission: number;
  /** Blocks to draw, numbered 1…K (default 1). */
  blocks?: number;
  /** Write only the first N units of each block (the draw is still made over the whole block). */
  units?: number;
  /** Ed25519 signing key (PKCS#8 PEM); default `<outDir>/lottery.key`; created when missing. */
  keyFile?: string;
  /** Paper games: at least this many winners in every pack. */
  packMinWinners?: number;
  /** Days from creation to the claim deadline (default 60). */
  claimDays?: number;
  outDir: string;
  /** Worker threads for sealing (default: one per core, at most 4; 0 = in this thread). */
  workers?: number;
  /** Creation time (default: now). */
  now?: Date;
  /** Progress of each phase: `label`, units done, units in the phase. */
  onProgress?: (label: string, done: number, total: number) => void;
}

export interface CreatedBlock {
  block: number;
  outcomePath: string;
  printPath: string;
  manifest: OutcomeManifest;
  /** Winners moved between packs to meet the guarantee. */
  packSwaps: number;
  drawMs: number;
  sealMs: number;
}

export interface CreatedEmission {
  blocks: CreatedBlock[];
  keyFile: string;
  keyCreated: boolean;
  publicKeyPath: string;
  signer: string;
}

function wholeIn(name: string, v: number | undefined, min: number, max: number): void {
  if (v !== undefined && (!Number.isInteger(v) || v < min || v > max)) {
    throw new EmissionError(`${name} must be a whole number from ${min} to ${max}, not ${v}`);
  }
}

/** Checks every option against the game and the output folder before anything is drawn or written. */
function validate(opts: CreateEmissionOptions, game: Game): void {
  wholeIn('--emission', opts.emission, 1, 999);
  wholeIn('--blocks', opts.blocks, 1, 99);
  wholeIn('--units', opts.units, 1, game.block_size);
  wholeIn('--claim-days', opts.claimDays, 1, 3650);
  if (opts.packMinWinners !== undefined) {
    if (game.pack_size === undefined) throw new EmissionError(`--pack-min-winners: ${game.code} is a digital game, it has no packs`);
    try {
      checkPackGuarantee(game.block_size, game.pack_size, lotsOf(game.prizes), opts.packMinWinners);
    } catch (err) {
      throw new EmissionError(`--pack-min-winners ${opts.packMinWinners}: ${(err as Error).message}`);
    }
  }
  for (let b = 1; b <= (opts.blocks ?? 1); b++) {
    for (const f of [outcomeFileName(game.code, opts.emission, b), printFileName(game.code, opts.emission, b)]) {
      if (existsSync(join(opts.outDir, f))) throw new EmissionError(`${join(opts.outDir, f)} already exists; choose another --out or emission`);
    }
  }
}

/** Draws and writes the blocks of one emission (see CreateEmissionOptions). */
export async function createEmission(opts: CreateEmissionOptions): Promise<CreatedEmission> {
  const game = gameByCode(opts.game);
  validate(opts, game);
  mkdirSync(opts.outDir, { recursive: true });
  const keyFile = opts.keyFile ?? join(opts.outDir, 'lottery.key');
  const publicKeyPath = join(opts.outDir, PUBLIC_KEY_FILE);
  if (!existsSync(keyFile) && existsSync(publicKeyPath)) {
    throw new EmissionError(`${publicKeyPath} exists but ${keyFile} does not: pass the folder's signing key with --key`);
  }
  const { privateKey, publicKey, created } = loadOrCreateSigningKey(keyFile);
  const pem = publicKeyPem(publicKey);
  if (existsSync(publicKeyPath)) {
    if (readFileSync(publicKeyPath, 'utf8') !== pem) {
      throw new EmissionError(`${publicKeyPath} holds another key than ${keyFile}; one folder has one signer`);
    }
  } else {
    writeFileSync(publicKeyPath, pem, { mode: 0o644 });
  }

  const now = opts.now ?? new Date();
  const claimDeadline = new Date(now.getTime() + (opts.claimDays ?? DEFAULT_CLAIM_DAYS) * 86_400_000).toISOString();
  const amounts = tierAmounts(game.prizes);
  const unitCount = opts.units ?? game.block_size;
  const pool = new UnitWorkerPool(opts.workers ?? defaultWorkerCount());
  const blocks: CreatedBlock[] = [];
  try {
    for (let block = 1; block <= (opts.blocks ?? 1); block++) {
      const label = `${game.code} ${opts.emission}/${block}`;
      const t0 = performance.now();
      opts.onProgress?.(`${label} draw`, 0, game.block_size);
      const tiers = drawTiers(game.prizes, game.block_size);
      const packSwaps =
        opts.packMinWinners !== undefined && game.pack_size !== undefined
          ? guaranteePackWinners(tiers, game.pack_size, opts.packMinWinners)
          : 0;
      const t1 = performance.now();
      const master = newMasterSecret();
      const fileSalt = randomBytes(16);
      const outcomePath = join(opts.outDir, outcomeFileName(game.code, opts.emission, block));
      const writer = OutcomeWriter.create(
        outcomePath,
        {
          game: game.code,
          emission: opts.emission,
          block,
          block_size: game.block_size,
          first_unit: 0,
          unit_count: unitCount,
          layout_version: game.layout_version,
          ...(game.pack_size === undefined ? {} : { pack_size: game.pack_size }),
          claim_deadline: claimDeadline,
          counts: game.prizes.map((t) => ({ amount_cents: t.amount_cents, count: t.count })),
          file_salt: fileSalt.toString('hex'),
          created_at: now.toISOString(),
        },
        privateKey,
      );
      let manifest: OutcomeManifest;
      try {
        const batches = Math.ceil(unitCount / BATCH_UNITS);
        opts.onProgress?.(`${label} seal`, 0, unitCount);
        await orderedPipeline(
          batches,
          Math.max(2, pool.size * 2),
          (b) => {
            const first = b * BATCH_UNITS;
            return pool.seal({
              game: game.code,
              emission: opts.emission,
              block,
              first,
              tiers: tiers.slice(first, Math.min(first + BATCH_UNITS, unitCount)),
              amounts,
              master: new Uint8Array(master),
              fileSalt: new Uint8Array(fileSalt),
              layoutVersion: game.layout_version,
            });
          },
          (b, records) => {
            writer.append(records);
            opts.onProgress?.(`${label} seal`, Math.min((b + 1) * BATCH_UNITS, unitCount), unitCount);
          },
        );
        manifest = writer.finish();
      } catch (err) {
        writer.abort();
        throw err;
      }
      const printPath = join(opts.outDir, printFileName(game.code, opts.emission, block));
      writePrintFile(
        printPath,
        {
          format: PRINT_FORMAT,
          game: game.code,
          emission: opts.emission,
          block,
          block_size: game.block_size,
          layout_version: game.layout_version,
          ...(game.pack_size === undefined ? {} : { pack_size: game.pack_size }),
          ...(opts.packMinWinners === undefined ? {} : { pack_min_winners: opts.packMinWinners }),
          tier_amounts: amounts,
          master_secret: master.toString('hex'),
          tiers_sha256: tiersHash(tiers),
          created_at: now.toISOString(),
        },
        tiers,
      );
      blocks.push({ block, outcomePath, printPath, manifest, packSwaps, drawMs: t1 - t0, sealMs: performance.now() - t1 });
    }
  } finally {
    await pool.close();
  }
  return { blocks, keyFile, keyCreated: created, publicKeyPath, signer: keyFingerprint(publicKey) };
}
