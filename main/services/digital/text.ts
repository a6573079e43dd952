/** A digital unit's play as text (for `guichet units show`): every zone, the winning ones marked, and the result. */
import { gameByCode } from '../../../games/index.js';
import { formatEuros } from '../../../games/money.js';
import type { DigitalPlayView } from '../../../common/api/views.js';

function valueText(v: unknown): string {
  if (v === null || v === undefined) return '(hidden)';
  if (typeof v !== 'object') return String(v);
  return Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${k} ${Array.isArray(x) ? x.join(' ') : String(x)}`)
    .join(', ');
}

export function digitalPlayText(v: DigitalPlayView): string[] {
  const game = gameByCode(v.game);
  const play = (v.play ?? {}) as Record<string, unknown>;
  const lines = [`${v.game_name} ${v.number}  sold ${v.sold_at}  receipt ${v.receipt_no}`, `validation barcode ${v.validation_barcode}`];
  for (const s of game.surfaces) {
    const value = play[s.key];
    const labels = (s as { zone_labels?: readonly string[] }).zone_labels;
    lines.push(`${s.label}:`);
    const items = Array.isArray(value) ? value : [value];
    items.forEach((item, i) => {
      const win = (v.winning ?? []).find((w) => w.surface === s.key && w.index === i);
      const name = labels?.[i] ?? (items.length > 1 ? `${i + 1}` : s.label);
      lines.push(`  ${win ? '*' : ' '} ${name.padEnd(10)} ${valueText(item)}${win ? `  ← ${formatEuros(win.amount_cents)}` : ''}`);
    });
  }
  if (!v.finished) lines.push(`not played yet: ${v.revealed.length} of ${v.zones.length} zones revealed`);
  else lines.push(v.prize_cents && v.prize_cents > 0 ? `RESULT: wins ${formatEuros(v.prize_cents)} (pay it with guichet pay ${v.validation_barcode})` : 'RESULT: no prize');
  return lines;
}
