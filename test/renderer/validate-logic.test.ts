import { describe, expect, it } from 'vitest';
import { COUNTER_VERDICTS } from '../../main/services/tickets/counter-verdict.js';
import { svgDataUrl, verdictStyle } from '../../renderer/src/screens/validate/verdict-style.js';
import { TONES } from '../../renderer/src/components/tones.js';
import { printerState } from '../../renderer/src/shell/printer-state.js';
import { homeFor, screenByHotkey, screensFor } from '../../renderer/src/shell/screens.js';
import { routeId } from '../../renderer/src/shell/route.js';
import { createScanRouter, type Scan } from '../../renderer/src/scan/scan-router.js';
import type { ScreenDef } from '../../renderer/src/screens/registry.js';
import type { VerdictKind } from '../../common/api/views.js';

const v = (verdict: VerdictKind, prize: number | null = 1000, claimed = false) => ({
  verdict,
  prize_cents: prize,
  ...(claimed ? { claimed: { at: '2026-01-01T00:00:00Z', terminal: 'T', receipt_no: 1 } } : {}),
});

describe('validation screen logic', () => {
  it('offers Pay only to a payable winner and Claim only to an unclaimed prize above the limit', () => {
    for (const k of COUNTER_VERDICTS) {
      const s = verdictStyle(v(k));
      expect(s.action, k).toBe(k === 'winner' ? 'pay' : k === 'above-limit' ? 'claim' : null);
    }
    expect(verdictStyle(v('above-limit', 50_000, true)).action).toBeNull();
  });

  it('sounds different for a winner and for a ticket that wins nothing', () => {
    expect(verdictStyle(v('winner')).sound).toBe('win');
    expect(verdictStyle(v('loser', 0)).sound).toBe('lose');
    expect(TONES.win).not.toEqual(TONES.lose);
    // A winner rises, a loser falls.
    const freqs = (k: 'win' | 'lose') => TONES[k].map((n) => n.freq);
    expect(freqs('win')).toEqual([...freqs('win')].sort((a, b) => a - b));
    expect(freqs('lose')).toEqual([...freqs('lose')].sort((a, b) => b - a));
  });

  it('shows no amount when the prize is hidden, and a loser never shows one', () => {
    expect(verdictStyle(v('pack-not-active', null)).showAmount).toBe(false);
    expect(verdictStyle(v('loser', 0)).showAmount).toBe(false);
    expect(verdictStyle(v('already-paid', 600)).showAmount).toBe(true);
  });

  it('makes the ticket picture an image data URL whose content cannot break out', () => {
    const url = svgDataUrl('<svg xmlns="http://www.w3.org/2000/svg"><text>"1 000 €" #1</text></svg>');
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(url).not.toMatch(/[<>"# ]/);
    expect(decodeURIComponent(url.split(',').slice(1).join(','))).toContain('"1 000 €" #1');
  });
});

describe('shell logic', () => {
  const none = () => null;
  const screens: ScreenDef[] = [
    { id: 'sell', label: 'nav.sell', roles: ['cashier', 'manager'], hotkey: 'F1', component: none },
    { id: 'validate', label: 'nav.validate', roles: ['cashier', 'manager'], hotkey: 'F2', component: none },
    { id: 'diagnostics', label: 'nav.diagnostics', roles: ['technician', 'manager'], hotkey: 'F8', component: none },
  ];

  it('shows each role its screens, lands on its home, and maps F-keys within the role', () => {
    expect(screensFor(screens, 'technician').map((s) => s.id)).toEqual(['diagnostics']);
    expect(homeFor(screens, 'cashier')?.id).toBe('validate');
    expect(homeFor(screens, 'technician')?.id).toBe('diagnostics');
    expect(homeFor([], 'manager')).toBeUndefined();
    expect(screenByHotkey(screens, 'cashier', 'F1')?.id).toBe('sell');
    expect(screenByHotkey(screens, 'technician', 'F1')).toBeUndefined();
    expect(['validate', '/validate', '#/validate', '#/validate?x=1'].map(routeId)).toEqual(['validate', 'validate', 'validate', 'validate']);
  });

  it('names the printer state, worst first', () => {
    const ok = { uri: 'virtual:counter', online: true, coverOpen: false, paperOut: false, paperLow: false, reported: true };
    expect(printerState(null).key).toBe('status.printer.none');
    expect(printerState(ok)).toEqual({ key: 'status.printer.ok', tone: 'ok' });
    expect(printerState({ ...ok, paperLow: true }).tone).toBe('warn');
    expect(printerState({ ...ok, online: false, coverOpen: true }).key).toBe('status.printer.offline');
    expect(printerState({ ...ok, coverOpen: true, paperOut: true }).key).toBe('status.printer.cover');
    expect(printerState({ ...ok, reported: false }).key).toBe('status.printer.unknown');
  });

  it('routes each scan to the newest mounted subscriber only', () => {
    const router = createScanRouter();
    const got: string[] = [];
    const scan = (data: string): Scan => ({ data, source: 'wedge', receivedAt: '2026-01-01T00:00:00Z' });
    expect(router.deliver(scan('nobody'))).toBe(false);
    const offScreen = router.subscribe((s) => got.push(`screen:${s.data}`));
    const offDialog = router.subscribe((s) => got.push(`dialog:${s.data}`));
    router.deliver(scan('a'));
    offDialog();
    router.deliver(scan('b'));
    offScreen();
    offScreen();
    expect(router.deliver(scan('c'))).toBe(false);
    expect(got).toEqual(['dialog:a', 'screen:b']);
  });
});
