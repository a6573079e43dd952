/**
 * The tickets central holds paid, told on the feed to the shop whose pack they belong to (issue 41): a
 * terminal of that shop that never asked central about such a ticket still refuses it while central
 * does not answer, with the words of central's 'already_paid' answer, instead of paying it a second time.
 * Only the retailer holding the pack hears of it (#19: no shop learns another's tickets); another shop
 * cannot pay that ticket offline anyway (a pack it does not know is central's to validate). Each fact is
 * a feed row: the terminal's feed cursor sends it once, and the terminal keeps it with the cursor.
 */
import { TicketPaidItem } from '../../common/protocol/index.js';
import { packOfTicket } from './packs.js';
import type { Central } from './context.js';
import type { Queryable } from './db.js';
import { announceTo } from './feed.js';
import { paidFactRows } from './queries/ticket-claims.js';

/** Announces the tickets among `tickets` (`game/emission/block/unit`) central now holds paid, inside the caller's transaction. */
export async function announcePaidTickets(c: Central, tx: Queryable, tickets: readonly string[]): Promise<number> {
  const withPack = tickets.flatMap((ticket) => {
    const [game = '', emission, block, unit] = ticket.split('/');
    let pack;
    try {
      pack = packOfTicket(game, Number(emission), Number(block), Number(unit));
    } catch {
      return []; // a game central does not know: no pack, nobody holds it
    }
    return pack ? [{ ticket, ...pack, unit: Number(unit) }] : []; // a digital unit has no pack, no shop holds it
  });
  if (withPack.length === 0) return 0;
  const units = new Map(withPack.map((t) => [t.ticket, t]));
  const rows = await paidFactRows(tx, withPack);
  let told = 0;
  for (const r of rows) {
    const t = units.get(r.ticket)!;
    const item = TicketPaidItem.safeParse({ kind: 'ticket_paid', game: t.game, emission: t.emission, block: t.block, unit: t.unit, terminal: r.terminal_id, retailer: r.payer_retailer, at: r.at });
    if (!item.success) continue; // a ticket the feed cannot name (none a terminal could scan)
    await announceTo(c, tx, item.data, { retailer: r.holder_retailer });
    told++;
  }
  return told;
}
