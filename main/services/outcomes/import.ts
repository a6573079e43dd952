/**
 * Importing an outcome file into the terminal: verify everything first, then keep the file as the
 * lottery arranged it (records are looked up by offset, never copied into SQLite) and record the block.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gameByCode, isGameCode } from '../../../games/index.js';
import { OutcomeFileError, openOutcomeFile, type OutcomeFile, type OutcomeRefusal } from '../../../node/outcome/reader.js';
import type { OutcomeManifest } from '../../../node/outcome/manifest.js';
import { findBlock, insertBlock, type BlockRow } from '../../../db/queries/blocks.js';
import { listRevokedKeys } from '../../../db/queries/trusted-keys.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { record } from '../../kernel/record.js';
import type { Terminal } from '../../kernel/data-folder.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { trustedKeyObjects } from './trust.js';

/**
 * Why an import was refused: the outcome file's own refusals, plus
 * `unreadable` (no such file, no permission), `no-trusted-key` (nothing enrolled yet),
 * `incompatible` (a game, block size, layout version or prize table this terminal does not know),
 * `block-conflict` (another file for a block already imported), `key-revoked` (signed by a key revoked here).
 */
export type ImportRefusal = OutcomeRefusal | 'unreadable' | 'no-trusted-key' | 'incompatible' | 'block-conflict' | 'key-revoked';

export class ImportRefusedError extends Error {
  override readonly name = 'ImportRefusedError';
  constructor(
    readonly reason: ImportRefusal,
    message: string,
  ) {
    super(message);
  }
}

export interface ImportResult {
  /** `already-imported`: the very same block (same records hash) was there; nothing changed. */
  readonly status: 'imported' | 'already-imported';
  readonly block: BlockRow;
}

export interface ImportOptions {
  /** Called while hashes are checked: units done so far, units in the file. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Clock for `imported_at` (default: the system clock). */
  readonly now?: () => Date;
  /** Runs inside the transaction that records a new block (the operator's journal entry). */
  readonly onInserted?: (block: BlockRow) => void;
}

/**
 * The name an imported block's file gets in `outcomes/`: readable, with a random part so that an
 * import never overwrites a file that is (or was) in use.
 */
export function storedFileName(m: OutcomeManifest): string {
  const block = `${m.game}-e${String(m.emission).padStart(3, '0')}-b${String(m.block).padStart(2, '0')}`;
  return `${block}-${m.records_sha256.slice(0, 12)}-${randomBytes(4).toString('hex')}.outcome`;
}

function describe(m: OutcomeManifest): string {
  return `${m.game} emission ${m.emission} block ${m.block}`;
}

/** The lottery signed it, but is it something this terminal's rules engine can check? */
function assertCompatible(m: OutcomeManifest): void {
  const refuse = (why: string): never => {
    throw new ImportRefusedError('incompatible', `${describe(m)}: ${why}`);
  };
  if (!isGameCode(m.game)) refuse(`unknown game '${m.game}'`);
  const game = gameByCode(m.game);
  if (!Number.isInteger(m.emission) || m.emission < 1 || m.emission > 999) refuse(`emission ${m.emission} is not 1–999`);
  if (!Number.isInteger(m.block) || m.block < 1 || m.block > 99) refuse(`block ${m.block} is not 1–99`);
  if (m.block_size !== game.block_size) refuse(`block size ${m.block_size}, the game has ${game.block_size}`);
  if (!Number.isInteger(m.first_unit) || !Number.isInteger(m.unit_count) || m.first_unit < 0 || m.unit_count < 1 || m.first_unit + m.unit_count > m.block_size) {
    refuse(`units ${m.first_unit}+${m.unit_count} do not fit a block of ${m.block_size}`);
  }
  if (m.layout_version !== game.layout_version) {
    refuse(`layout version ${m.layout_version}, this terminal knows version ${game.layout_version} of ${game.code}: update Guichet`);
  }
  const key = (t: { amount_cents: number; count: number }): string => `${t.amount_cents}x${t.count}`;
  const table = game.prizes.map(key).sort().join(',');
  const counts = m.counts.filter((t) => t.count > 0).map(key).sort().join(',');
  if (table !== counts) refuse(`its winner counts do not match the ${game.code} prize table`);
  if (Number.isNaN(Date.parse(m.claim_deadline))) refuse(`claim deadline '${m.claim_deadline}' is not a date`);
}

function fsyncPath(p: string, flags: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(p, flags);
    fsyncSync(fd);
  } catch (err) {
    // Directories cannot be opened for fsync on Windows; the rename is still atomic there.
    if (flags === 'r' && process.platform === 'win32') return;
    throw err;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A message about `file` (our temporary copy) rewritten to name `shown`, the file the user gave. */
function naming(message: string, file: string, shown: string): string {
  return file === shown ? message : message.split(file).join(shown);
}

/** Opens `file`; refusals name `shown` (the user's file, never our temporary copy). */
function openChecked(file: string, shown: string = file): OutcomeFile {
  try {
    return openOutcomeFile(file);
  } catch (err) {
    if (err instanceof OutcomeFileError) throw new ImportRefusedError(err.reason, naming(err.message, file, shown));
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR' || code === 'EPERM') {
      throw new ImportRefusedError('unreadable', `cannot read ${shown} (${code})`);
    }
    throw err;
  }
}

/**
 * Imports the outcome file at `source` into the terminal's data folder.
 *
 * Order: the file is copied to a hidden temporary file in `outcomes/` and fsynced; that copy (the
 * bytes that will be kept) is checked — signature against the enrolled keys, every chunk hash, the
 * records hash, compatibility with this terminal's games — and only then renamed to its final name
 * and recorded in one transaction. Any refusal throws `ImportRefusedError`, removes the temporary
 * file and leaves the database and the other files as they were.
 */
export function importOutcomeFile(terminal: Terminal, source: string, options: ImportOptions = {}): ImportResult {
  const { db, folder } = terminal;
  // A broken header is refused before anything is copied.
  const header = openChecked(source);
  const signer = header.manifest.signer;
  header.close();
  const revoked = listRevokedKeys(db).find((r) => r.fingerprint === signer);
  if (revoked) {
    throw new ImportRefusedError('key-revoked', `${source}: signed by key ${signer.slice(0, 16)}…, revoked on this terminal on ${revoked.revoked_at} (${revoked.reason})`);
  }

  const keys = trustedKeyObjects(db);
  if (keys.length === 0) throw new ImportRefusedError('no-trusted-key', 'no lottery key is enrolled on this terminal: run `guichet trust add lottery.pub` first');

  const tmp = path.join(folder.outcomesDir, `.import-${randomBytes(8).toString('hex')}.tmp`);
  let keepTmp = false;
  try {
    try {
      copyFileSync(source, tmp);
    } catch (err) {
      throw new ImportRefusedError('unreadable', `cannot copy ${source}: ${(err as Error).message}`);
    }
    fsyncPath(tmp, 'r+');

    // Refusals name the user's file: the temporary copy is ours.
    const file = openChecked(tmp, source);
    let manifest: OutcomeManifest;
    try {
      try {
        file.verify(keys, options.onProgress);
      } catch (err) {
        if (err instanceof OutcomeFileError) throw new ImportRefusedError(err.reason, naming(err.message, tmp, source));
        throw err;
      }
      manifest = file.manifest;
    } finally {
      file.close();
    }
    assertCompatible(manifest);

    const existing = findBlock(db, manifest.game, manifest.emission, manifest.block);
    if (existing) return sameOrConflict(existing, manifest);

    const fileName = storedFileName(manifest);
    const finalPath = path.join(folder.outcomesDir, fileName);
    renameSync(tmp, finalPath);
    keepTmp = true;
    fsyncPath(folder.outcomesDir, 'r');

    const row = {
      game: manifest.game,
      emission: manifest.emission,
      block: manifest.block,
      first_unit: manifest.first_unit,
      unit_count: manifest.unit_count,
      manifest_json: JSON.stringify(manifest),
      records_sha256: manifest.records_sha256,
      signer: manifest.signer,
      file_name: fileName,
      imported_at: (options.now?.() ?? new Date()).toISOString(),
    };
    try {
      const outcome = db
        .transaction((): ImportResult => {
          // Another import may have won the race since the check above.
          const raced = findBlock(db, row.game, row.emission, row.block);
          if (raced) return sameOrConflict(raced, manifest);
          const block = insertBlock(db, row);
          options.onInserted?.(block);
          return { status: 'imported', block };
        })
        .immediate();
      if (outcome.status !== 'imported') rmSync(finalPath, { force: true });
      return outcome;
    } catch (err) {
      rmSync(finalPath, { force: true });
      throw err;
    }
  } finally {
    if (!keepTmp) rmSync(tmp, { force: true });
  }
}

function sameOrConflict(existing: BlockRow, manifest: OutcomeManifest): ImportResult {
  if (existing.records_sha256 === manifest.records_sha256) return { status: 'already-imported', block: existing };
  throw new ImportRefusedError(
    'block-conflict',
    `${describe(manifest)} is already imported from another file (records ${existing.records_sha256.slice(0, 16)}…, this file ${manifest.records_sha256.slice(0, 16)}…); nothing changed`,
  );
}

/**
 * `guichet import`: an operator allowed to import (a manager or a technician) imports an outcome file;
 * a new block is journaled as 'block.import' in the transaction that records it.
 */
export function importBlock(t: LotteryTerminal, session: OperatorSession, source: string, options: Omit<ImportOptions, 'onInserted'> = {}): ImportResult {
  t.db.transaction(() => authorize(t, session, 'outcomes.import'))();
  return importOutcomeFile(t, source, {
    now: t.clock,
    ...options,
    onInserted: (block) => {
      authorize(t, session, 'outcomes.import');
      record(t, {
        type: 'block.import',
        operator: session,
        payload: { game: block.game, emission: block.emission, block: block.block, first_unit: block.first_unit, unit_count: block.unit_count, records_sha256: block.records_sha256, signer: block.signer, file: block.file_name },
      });
    },
  });
}
