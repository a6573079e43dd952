/**
 * Open outcome files of imported blocks, kept open for fast lookups by offset.
 * A stored file is trusted only as far as it still matches the manifest verified at import, and its
 * manifest signature still verifies against a key this terminal trusts (re-checked at every opening,
 * so after a restart too).
 */
import type { KeyObject } from 'node:crypto';
import path from 'node:path';
import type { Game } from '../../../games/index.js';
import { gameByCode } from '../../../games/index.js';
import type { OutcomeManifest } from '../../../node/outcome/manifest.js';
import { OutcomeFileError, openOutcomeFile, type OutcomeFile } from '../../../node/outcome/reader.js';
import type { BlockRow } from '../../../db/queries/blocks.js';

/** An imported block ready for lookups, or the reason its stored file cannot be trusted any more. */
export type OpenBlock =
  | {
      readonly ok: true;
      readonly row: BlockRow;
      readonly game: Game;
      readonly manifest: OutcomeManifest;
      readonly file: OutcomeFile;
      readonly fileSalt: Uint8Array;
      /** Milliseconds since the epoch of the claim deadline. */
      readonly deadlineMs: number;
    }
  | { readonly ok: false; readonly row: BlockRow; readonly problem: string };

/** A cache of open blocks by block id. Close it to release the file handles. */
export class BlockFiles {
  private readonly open = new Map<number, OpenBlock>();

  /** `trustedKeys`: the keys a manifest signature may verify against now (not revoked). */
  constructor(
    private readonly outcomesDir: string,
    private readonly trustedKeys: () => readonly KeyObject[],
  ) {}

  /** The block of `row`, opened on first use. */
  get(row: BlockRow): OpenBlock {
    const cached = this.open.get(row.id);
    if (cached && cached.row.file_name === row.file_name) return cached;
    if (cached?.ok) cached.file.close();
    const opened = this.openBlock(row);
    this.open.set(row.id, opened);
    return opened;
  }

  private openBlock(row: BlockRow): OpenBlock {
    let file: OutcomeFile;
    try {
      file = openOutcomeFile(path.join(this.outcomesDir, row.file_name));
    } catch (err) {
      return { ok: false, row, problem: `stored outcome file ${row.file_name} is unusable: ${(err as Error).message}` };
    }
    // The file's manifest must be the one verified at import, byte for byte once serialised:
    // its chunk hashes are what `chunkIntact` checks records against.
    if (JSON.stringify(file.manifest) !== row.manifest_json) {
      file.close();
      return { ok: false, row, problem: `stored outcome file ${row.file_name} no longer has the manifest verified at import` };
    }
    // The signature, re-verified: a file and a database row edited together cannot pass for the lottery's.
    try {
      file.verifySignature(this.trustedKeys());
    } catch (err) {
      file.close();
      if (err instanceof OutcomeFileError) return { ok: false, row, problem: `stored outcome file ${row.file_name}: ${err.reason === 'unknown-key' ? 'its signer is not a trusted key' : 'its manifest signature does not verify'}` };
      throw err;
    }
    const manifest = file.manifest;
    return {
      ok: true,
      row,
      game: gameByCode(manifest.game),
      manifest,
      file,
      fileSalt: Buffer.from(manifest.file_salt, 'hex'),
      deadlineMs: Date.parse(manifest.claim_deadline),
    };
  }

  /** Closes every open file. */
  close(): void {
    for (const b of this.open.values()) if (b.ok) b.file.close();
    this.open.clear();
  }
}
