/**
 * The stop list: packs or single tickets that must be neither received, sold nor paid (stolen,
 * damaged, recalled). A terminal enrolled with a central takes its stop list from central only (the
 * feed's `stop_list` items; `guichet central stoplist add`); a terminal standing alone has a manager
 * add entries by hand.
 */
import { gameByCode } from '../../../games/index.js';
import { humanNumber, parseBarcode, TicketIdError, type UnitId } from '../../../games/ticket-id.js';
import { exactStop, insertStop, listStops, setStopJournalSeq, stopOf, type StopRow } from '../../../db/queries/stop-list.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { inTransaction } from '../../kernel/transaction.js';
import { record } from '../../kernel/record.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { PackError } from './errors.js';
import { humanPackNumber, packOfUnit, parsePackRef, type PackId } from './pack-ref.js';
import { isEnrolled } from './packs.js';

/** A stop-list entry as shown: `what` is the pack number or the ticket number. */
export interface StopView {
  readonly id: number;
  readonly scope: 'pack' | 'unit';
  readonly what: string;
  readonly game: string;
  readonly emission: number;
  readonly block: number;
  readonly pack: number | null;
  readonly unit: number | null;
  readonly reason: string;
  readonly added_at: string;
}

export function stopView(row: StopRow): StopView {
  const game = gameByCode(row.game).code;
  const base = { game: row.game, emission: row.emission, block: row.block };
  const what =
    row.pack !== null
      ? humanPackNumber({ ...base, game, pack: row.pack })
      : humanNumber({ ...base, game, unit: row.unit as number }, gameByCode(game).pack_size);
  return { id: row.id, scope: row.pack !== null ? 'pack' : 'unit', what, ...base, pack: row.pack, unit: row.unit, reason: row.reason, added_at: row.added_at };
}

/** What a stop-list reference names: a whole pack (`GGG-EEE-BB-PPPPP`) or one ticket (either barcode). */
function target(ref: string): { pack: PackId } | { unit: UnitId } {
  const s = ref.trim();
  if (/^\d{3}-\d{3}-\d{2}-\d{5}$/.test(s)) return { pack: parsePackRef(s) };
  try {
    return { unit: parseBarcode(s).id };
  } catch (err) {
    if (!(err instanceof TicketIdError)) throw err;
    throw new PackError('bad-reference', `'${s}' is neither a pack number GGG-EEE-BB-PPPPP nor a ticket barcode: ${err.message}`);
  }
}

/**
 * Adds a pack or one ticket to the stop list (permission 'stoplist.manage': managers). Journal and
 * outbox 'stoplist.add'. Refuses an empty reason and an entry already listed.
 */
export function addToStopList(t: LotteryTerminal, session: OperatorSession, ref: string, reason: string): StopView {
  const why = reason.trim();
  if (why === '') throw new PackError('bad-input', 'a stop-list entry needs a reason');
  const what = target(ref);
  return inTransaction(t, () => {
    authorize(t, session, 'stoplist.manage');
    if (isEnrolled(t)) {
      throw new PackError('central-only', 'this terminal takes its stop list from central only: the lottery stop-lists a pack with guichet central stoplist add', { problem: 'stop-list' });
    }
    const base = 'pack' in what ? what.pack : what.unit;
    const row = {
      game: base.game,
      emission: base.emission,
      block: base.block,
      pack: 'pack' in what ? what.pack.pack : null,
      unit: 'unit' in what ? what.unit.unit : null,
      reason: why,
      added_at: t.now(),
      added_by: session.operator_id,
    };
    if (exactStop(t.db, row)) {
      throw new PackError('already-stop-listed', `${'pack' in what ? `pack ${humanPackNumber(what.pack)}` : 'this ticket'} is already on the stop list`);
    }
    const id = insertStop(t.db, row);
    const stored = { id, ...row, journal_seq: 0 };
    const view = stopView(stored);
    const r = record(t, {
      type: 'stoplist.add',
      operator: session,
      payload: { stop_id: id, scope: view.scope, what: view.what, game: row.game, emission: row.emission, block: row.block, ...(row.pack !== null ? { pack_index: row.pack } : { unit: row.unit }), reason: why },
      outbox: { key: `stoplist/${id}` },
    });
    setStopJournalSeq(t.db, id, r.seq);
    return view;
  });
}

/** The whole stop list, oldest first (no amounts: no permission needed). */
export function listStopList(t: LotteryTerminal): StopView[] {
  return listStops(t.db).map(stopView);
}

/** The stop-list entry that stops this unit (the unit itself or its pack), if any. */
export function stopOfUnit(t: LotteryTerminal, id: UnitId): StopView | undefined {
  const row = stopOf(t.db, { ...id, pack: packOfUnit(id)?.pack ?? null });
  return row ? stopView(row) : undefined;
}
