/**
 * Test fixtures for the terminal side: a lottery key pair in a temp dir, and small outcome files
 * written with the real outcome-file writer and sealer (node/outcome), with known hidden codes.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import { gameByCode, type GameCode } from '../../../../games/index.js';
import { validationBarcode, type UnitId } from '../../../../games/ticket-id.js';
import { loadOrCreateSigningKey, publicKeyPem } from '../../../../node/outcome/keys.js';
import { sealRecord, type SealedOutcome } from '../../../../node/outcome/seal.js';
import { OutcomeWriter } from '../../../../node/outcome/writer.js';
import type { OutcomeManifest } from '../../../../node/outcome/manifest.js';

export interface LotteryKey {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** `lottery.pub` (SPKI PEM) in the fixture dir. */
  readonly pubFile: string;
}

/** A new lottery key pair under `dir/name` (`.key` private, `.pub` public). */
export function lotteryKey(dir: string, name = 'lottery'): LotteryKey {
  const { privateKey, publicKey } = loadOrCreateSigningKey(path.join(dir, `${name}.key`));
  const pubFile = path.join(dir, `${name}.pub`);
  writeFileSync(pubFile, publicKeyPem(publicKey));
  return { privateKey, publicKey, pubFile };
}

export interface FixtureUnit {
  readonly id: UnitId;
  readonly code: string;
  readonly prize_cents: number;
  readonly barcode: string;
}

export interface FixtureOptions {
  readonly game: GameCode;
  readonly emission?: number;
  readonly block?: number;
  readonly units?: number;
  readonly firstUnit?: number;
  readonly claimDeadline?: string;
  readonly chunkUnits?: number;
  /** Replace what is sealed for some units (e.g. a bad layout version). */
  readonly seal?: (index: number, outcome: SealedOutcome) => SealedOutcome;
}

export interface FixtureFile {
  readonly path: string;
  readonly manifest: OutcomeManifest;
  readonly units: readonly FixtureUnit[];
  /** Units with a prize, highest first, then losers. */
  readonly winners: readonly FixtureUnit[];
  readonly losers: readonly FixtureUnit[];
}

function hiddenCode(): string {
  // 18 random digits (fixture only; the lottery's generator is central/emission's).
  let s = '';
  for (const b of randomBytes(18)) s += String(b % 10);
  return s;
}

/**
 * Writes an outcome file for `units` units (default 20): unit i < number of tiers wins tier i's amount,
 * the others lose. The manifest's winner counts are the game's full prize table.
 */
export function writeFixture(file: string, key: LotteryKey, options: FixtureOptions): FixtureFile {
  const game = gameByCode(options.game);
  const count = options.units ?? 20;
  const first = options.firstUnit ?? 0;
  const salt = randomBytes(16);
  const writer = OutcomeWriter.create(
    file,
    {
      game: game.code,
      emission: options.emission ?? 1,
      block: options.block ?? 1,
      block_size: game.block_size,
      first_unit: first,
      unit_count: count,
      layout_version: game.layout_version,
      ...(game.pack_size === undefined ? {} : { pack_size: game.pack_size }),
      claim_deadline: options.claimDeadline ?? '2099-12-31T23:59:59.000Z',
      counts: game.prizes.map((t) => ({ amount_cents: t.amount_cents, count: t.count })),
      file_salt: salt.toString('hex'),
      created_at: '2026-01-01T00:00:00.000Z',
    },
    key.privateKey,
    options.chunkUnits ?? 8,
  );
  const units: FixtureUnit[] = [];
  for (let i = 0; i < count; i++) {
    const id: UnitId = { game: game.code, emission: options.emission ?? 1, block: options.block ?? 1, unit: first + i };
    const code = hiddenCode();
    let outcome: SealedOutcome = { prize_cents: game.prizes[i]?.amount_cents ?? 0, layout_seed: randomBytes(16), layout_version: game.layout_version };
    if (options.seal) outcome = options.seal(i, outcome);
    writer.append(sealRecord(id, code, salt, outcome));
    units.push({ id, code, prize_cents: outcome.prize_cents, barcode: validationBarcode(id, code) });
  }
  const manifest = writer.finish();
  return {
    path: file,
    manifest,
    units,
    winners: units.filter((u) => u.prize_cents > 0),
    losers: units.filter((u) => u.prize_cents === 0),
  };
}

/** Flips one bit of the byte at `offset` (negative: from the end) in place. */
export function flipByte(file: string, offset: number): void {
  const fd = openSync(file, 'r+');
  try {
    const size = fstatSync(fd).size;
    const at = offset < 0 ? size + offset : offset;
    const b = Buffer.alloc(1);
    readSync(fd, b, 0, 1, at);
    b[0] = (b[0] as number) ^ 0x01;
    writeSync(fd, b, 0, 1, at);
  } finally {
    closeSync(fd);
  }
}

/** Byte offset of unit `unit`'s record in a fixture file. */
export function recordOffset(f: FixtureFile, unit: number): number {
  const size = f.manifest.unit_count * f.manifest.record_size;
  return -size + (unit - f.manifest.first_unit) * f.manifest.record_size;
}
