/**
 * Playing a sold digital unit on the customer display. The play state (zones revealed) is stored with
 * the unit at every step, so a crash, a power cut or a reload resumes at the same point. The result
 * (prize and winning zones) is shown once every zone is revealed.
 */
import { gameByCode, prizeOf } from '../../../games/index.js';
import type { DigitalPlayView } from '../../../common/api/views.js';
import type { DigitalHistoryLine } from '../../../common/api/methods/digital.js';
import { digitalByKey, digitalByNumber, digitalSoldBetween, lastSoldDigital, setDigitalRevealed, type DigitalUnitRow } from '../../../db/queries/digital-units.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { inTransaction } from '../../kernel/transaction.js';
import { record } from '../../kernel/record.js';
export type { DigitalPlayView, DigitalHistoryLine };
import { SaleError } from '../sales/errors.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { basketUnitKeys } from './display.js';
import { playZones } from './zones.js';


function soldRow(row: DigitalUnitRow | undefined, what: string): DigitalUnitRow & { number: string; play: string; validation_barcode: string; receipt_no: number; sold_at: string; price_cents: number } {
  if (!row || row.state !== 'sold' || row.play === null || row.number === null) throw new SaleError('no-such-unit', `no digital unit ${what} sold at this terminal`);
  return row as ReturnType<typeof soldRow>;
}

/** Play data with only the revealed zones (hidden ones are null). */
function maskedPlay(game: string, play: Record<string, unknown>, revealed: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const zones = playZones(game);
  for (const s of gameByCode(game).surfaces) {
    const value = play[s.key];
    if (zones.includes(s.key)) out[s.key] = revealed.includes(s.key) ? value : null; // a game revealed whole
    else if (Array.isArray(value)) out[s.key] = value.map((v, i) => (revealed.includes(`${s.key}:${i}`) ? v : null));
    else out[s.key] = revealed.includes(`${s.key}:0`) ? value : null;
  }
  return out;
}

export function digitalView(row: DigitalUnitRow): DigitalPlayView {
  const r = soldRow(row, row.sale_key);
  const zones = playZones(r.game);
  const revealed = JSON.parse(r.revealed) as string[];
  const play = JSON.parse(r.play) as Record<string, unknown>;
  const finished = zones.every((z) => revealed.includes(z));
  const result = finished ? prizeOf(r.game, play) : null;
  return {
    sale_key: r.sale_key,
    game: r.game,
    game_name: gameByCode(r.game).name,
    number: r.number,
    validation_barcode: r.validation_barcode,
    receipt_no: r.receipt_no,
    sold_at: r.sold_at,
    price_cents: r.price_cents,
    surfaces: gameByCode(r.game).surfaces.map((s) => ({ ...s })),
    zones,
    revealed: zones.filter((z) => revealed.includes(z)),
    next_zone: zones.find((z) => !revealed.includes(z)) ?? null,
    finished,
    play: finished ? play : maskedPlay(r.game, play, revealed),
    prize_cents: result?.prize_cents ?? null,
    winning: result?.winning ?? null,
  };
}

/** A sold unit by its sale key or its printed number. */
export function findDigital(t: LotteryTerminal, ref: string): DigitalPlayView {
  return digitalView(soldRow(digitalByKey(t.db, ref) ?? digitalByNumber(t.db, ref), ref));
}

/**
 * The unit to play now (to resume its play after a restart, or the next unit of a basket), or null: of
 * the last basket's units (the last unit sold alone), the first not finished, else the last one.
 */
export function currentDigital(t: LotteryTerminal): DigitalPlayView | null {
  const row = lastSoldDigital(t.db);
  if (!row) return null;
  for (const key of basketUnitKeys(t, row.sale_key)) {
    const unit = digitalByKey(t.db, key);
    if (unit && unit.state === 'sold' && unit.sale_key !== row.sale_key && !digitalView(unit).finished) return digitalView(unit);
    if (unit?.sale_key === row.sale_key) break;
  }
  return digitalView(row);
}

export type RevealInput = { readonly zone: string } | { readonly all: true } | { readonly next: true };

/**
 * Reveals one zone (Jouer), the next one, or all (Auto), and stores the play state. Revealing a zone
 * already shown changes nothing. The end of the play is journaled ('digital.played', with the result).
 */
export function revealDigital(t: LotteryTerminal, session: OperatorSession, saleKey: string, input: RevealInput): DigitalPlayView {
  return inTransaction(t, () => {
    authorize(t, session, 'ticket.sell');
    const row = soldRow(digitalByKey(t.db, saleKey), saleKey);
    const before = digitalView(row);
    if (before.finished) return before;
    let add: string[];
    if ('all' in input) add = [...before.zones];
    else if ('next' in input) add = before.next_zone ? [before.next_zone] : [];
    else {
      if (!before.zones.includes(input.zone)) throw new SaleError('bad-zone', `${input.zone} is not a zone of ${before.game_name} (${before.zones.join(', ')})`);
      add = [input.zone];
    }
    const revealed = before.zones.filter((z) => before.revealed.includes(z) || add.includes(z));
    setDigitalRevealed(t.db, saleKey, JSON.stringify(revealed));
    const after = digitalView({ ...row, revealed: JSON.stringify(revealed) });
    if (after.finished) {
      record(t, { type: 'digital.played', operator: session, payload: { sale_key: saleKey, ticket: after.number, game: after.game, prize_cents: after.prize_cents, mode: 'all' in input ? 'auto' : 'jouer' } });
    }
    return after;
  });
}

/** The digital units sold today (UTC day of the terminal's clock), with their results once played (manager). */
export function digitalHistoryToday(t: LotteryTerminal, session: OperatorSession): DigitalHistoryLine[] {
  authorize(t, session, 'report.x');
  const day = t.now().slice(0, 10);
  const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
  return digitalSoldBetween(t.db, `${day}T00:00:00.000Z`, next).map((row) => {
    const v = digitalView(row);
    return { sale_key: v.sale_key, number: v.number, game: v.game, sold_at: v.sold_at, receipt_no: v.receipt_no, price_cents: v.price_cents, finished: v.finished, prize_cents: v.prize_cents };
  });
}
