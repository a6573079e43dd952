/**
 * `units export`: every unit of a block as one JSON line, rebuilt from the print data alone
 * (master secret + tier byte), one unit at a time, so a 6,000,000-unit block streams in flat memory.
 */
import type { Writable } from 'node:stream';
import { createRng, gameByCode, layoutFor } from '../../games/index.js';
import { humanNumber, inventoryBarcode, validationBarcode, type UnitId } from '../../games/ticket-id.js';
import type { GameCode } from '../../games/types.js';
import type { PrintData } from './print-file.js';
import { unitSecrets } from './secrets.js';

export interface ExportedUnit {
  /** Printed number (`humanNumber`). */
  unit: string;
  game: GameCode;
  prize_cents: number;
  /** Play data in the game's canonical JSON shape. */
  play: unknown;
  barcodes: { inventory: string; validation: string };
}

/**
 * Units `from` … `from + count - 1` of the block whose print data is `print`, produced lazily in
 * order. Throws `RangeError` at once (before any unit) when the range is not inside the block.
 */
export function exportUnits(print: PrintData, from: number, count: number): Iterable<ExportedUnit> {
  const h = print.header;
  if (!Number.isInteger(from) || from < 0 || from >= h.block_size) throw new RangeError(`--from ${from} is not a unit of the block (0–${h.block_size - 1})`);
  if (!Number.isInteger(count) || count < 0 || from + count > h.block_size) {
    throw new RangeError(`--count ${count} from unit ${from} goes past the end of the block (${h.block_size} units)`);
  }
  return generate(print, from, count);
}

function* generate(print: PrintData, from: number, count: number): Generator<ExportedUnit> {
  const h = print.header;
  const game = gameByCode(h.game);
  for (let unit = from; unit < from + count; unit++) {
    const id: UnitId = { game: game.code, emission: h.emission, block: h.block, unit };
    const prize = h.tier_amounts[print.tiers[unit] as number];
    if (prize === undefined) throw new RangeError(`unit ${unit}: tier ${print.tiers[unit]} is not in the table`);
    const s = unitSecrets(print.master, unit);
    yield {
      unit: humanNumber(id, h.pack_size),
      game: game.code,
      prize_cents: prize,
      play: layoutFor(game, prize, createRng(s.layoutSeed)),
      barcodes: { inventory: inventoryBarcode(id), validation: validationBarcode(id, s.hiddenCode) },
    };
  }
}

/**
 * Writes one JSON line per item to `out`, in chunks, waiting for 'drain' when the stream is full.
 * Returns false when the reader went away (EPIPE, e.g. `| head`): the caller stops quietly.
 */
export async function writeJsonLines(items: Iterable<unknown>, out: Writable, chunkBytes = 256 * 1024): Promise<boolean> {
  let gone = false;
  let failure: Error | null = null;
  const onError = (err: NodeJS.ErrnoException): void => {
    if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') gone = true;
    else failure = err;
  };
  out.on('error', onError);
  try {
    let buf = '';
    const flush = async (): Promise<void> => {
      const ok = out.write(buf);
      buf = '';
      if (!ok && !gone && !out.destroyed) {
        await drained(out);
      } else {
        // Let a pending 'error' (EPIPE is reported asynchronously) reach us before producing more.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    };
    for (const item of items) {
      if (failure) throw failure;
      if (gone || out.destroyed) return false;
      buf += `${JSON.stringify(item)}\n`;
      if (buf.length >= chunkBytes) await flush();
    }
    if (buf.length > 0 && !gone && !out.destroyed) await flush();
    if (failure) throw failure;
    return !gone && !out.destroyed;
  } finally {
    out.off('error', onError);
  }
}

/** Resolves on the first of 'drain', 'close' or 'error' (which the caller's listener records), removing all three listeners. */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      out.off('drain', done);
      out.off('close', done);
      out.off('error', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
    out.on('error', done);
  });
}
