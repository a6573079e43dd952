/**
 * The customer display's minute without news: a verdict or a finished sale gives way to the welcome, an
 * open basket or a digital play still being revealed stays in front of its player however long the
 * cashier takes (the terminal sends the welcome itself when it ends them).
 */
import { describe, expect, it } from 'vitest';
import type { DisplayUnitView, DisplayView } from '../../../common/api/views.js';
import { viewExpires } from '../../../renderer/src/display/view-expiry.js';

const unit = (revealed: number, zones = 3): DisplayUnitView => ({
  game: 'happy-2014',
  game_name: 'Happy 2014',
  number: '314-001-01-0000001-0',
  zones,
  revealed,
  finished: revealed === zones,
  prize_cents: revealed === zones ? 0 : null,
  picture_svg: '<svg/>',
});

describe('which customer-display views expire', () => {
  it('keeps an open basket and an unfinished digital play', () => {
    expect(viewExpires({ kind: 'cart', count: 3, total_cents: 1500 })).toBe(false);
    expect(viewExpires({ kind: 'digital', units: [unit(3), unit(1)], current: 1 })).toBe(false);
    expect(viewExpires({ kind: 'digital', units: [unit(0)], current: 0 })).toBe(false);
  });

  it('lets a verdict, a payment, a refusal, a finished sale or play and an emptied basket go', () => {
    const views: DisplayView[] = [
      { kind: 'verdict', verdict: 'loser', prize_cents: 0, ticket: null },
      { kind: 'paid', prize_cents: 2000 },
      { kind: 'refused', reason: 'paid-elsewhere' },
      { kind: 'sale', total_cents: 500, tendered_cents: 1000, change_cents: 500 },
      { kind: 'digital', units: [unit(3), unit(3)], current: 1 },
      { kind: 'cart', count: 0, total_cents: 0 },
    ];
    for (const v of views) expect(viewExpires(v), v.kind).toBe(true);
    expect(viewExpires({ kind: 'idle' })).toBe(false);
  });
});
