/** A technician's allowance to leave kiosk mode: technician only, bounded, journaled both ways, and it expires. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { journalRowsOfType } from '../../../../db/queries/journal.js';
import { allowKioskExit, kioskExitAllowedUntil, withdrawKioskExit } from '../../../../main/services/terminal/kiosk-exit.js';
import { verifyJournal } from '../../../../main/services/journal/verify.js';
import { makeTerminal, type Fixture } from './fixture.js';

describe('kiosk exit allowance', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await makeTerminal();
  });
  afterEach(() => f.cleanup());

  it('is none at first', () => {
    expect(kioskExitAllowedUntil(f.t)).toBeNull();
  });

  it('is granted by a technician for a few hours, recorded in the journal with who and until when', () => {
    const { until } = allowKioskExit(f.t, f.tom, 2);
    expect(until).toBe('2026-11-30T11:00:00.000Z');
    expect(kioskExitAllowedUntil(f.t)).toBe(until);
    const rows = journalRowsOfType(f.t.db, 'kiosk.exit');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.operator).toBe('tom');
    expect(JSON.parse(rows[0]?.payload ?? '{}')).toMatchObject({ until });
    expect(verifyJournal(f.t).ok).toBe(true);
  });

  it('expires by itself, and can be withdrawn (journaled too)', () => {
    allowKioskExit(f.t, f.tom, 1);
    f.later(3_600_000);
    expect(kioskExitAllowedUntil(f.t)).toBeNull();
    f.later(-60_000);
    expect(kioskExitAllowedUntil(f.t)).not.toBeNull();
    withdrawKioskExit(f.t, f.tom);
    expect(kioskExitAllowedUntil(f.t)).toBeNull();
    expect(journalRowsOfType(f.t.db, 'kiosk.exit').map((r) => JSON.parse(r.payload) as { until: string | null }).at(-1)).toMatchObject({ until: null });
  });

  it('is refused to a manager and a cashier, and for a wrong length; nothing changes', () => {
    expect(() => allowKioskExit(f.t, f.alice, 1)).toThrow(/permission|not allowed|may not|cannot/i);
    expect(() => allowKioskExit(f.t, f.bob, 1)).toThrow();
    expect(() => withdrawKioskExit(f.t, f.alice)).toThrow();
    for (const hours of [0, 9, 1.5, Number.NaN]) expect(() => allowKioskExit(f.t, f.tom, hours)).toThrow('1 to 8 whole hours');
    expect(kioskExitAllowedUntil(f.t)).toBeNull();
    expect(journalRowsOfType(f.t.db, 'kiosk.exit')).toEqual([]);
  });
});
