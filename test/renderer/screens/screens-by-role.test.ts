/**
 * Which screens each role sees (#41: the demo technician had Journal and Diagnostic only, while the
 * devices lived in Réglages, which only a manager opens): the technician gets the devices and nothing
 * of the manager's settings, sales or money; the manager keeps everything.
 */
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../../renderer/src/screens/registry.js';
import { homeFor, screenByHotkey, screensFor } from '../../../renderer/src/shell/screens.js';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../../../renderer/src/i18n/index.js';

const ids = (role: 'cashier' | 'manager' | 'technician') => screensFor(SCREENS, role).map((s) => s.id);

describe('screens by role', () => {
  it('gives the technician the devices, the journal and the diagnostics, and nothing else', () => {
    expect(ids('technician')).toEqual(['journal', 'devices', 'diagnostics']);
    expect(screenByHotkey(SCREENS, 'technician', 'F8')?.id).toBe('devices');
    expect(screenByHotkey(SCREENS, 'technician', 'F10')).toBeUndefined();
    expect(homeFor(SCREENS, 'technician')?.id).toBe('diagnostics');
  });

  it('keeps the devices and the settings for the manager, neither for the cashier', () => {
    expect(ids('manager')).toEqual(expect.arrayContaining(['devices', 'settings', 'diagnostics']));
    expect(ids('cashier')).not.toContain('devices');
    expect(ids('cashier')).not.toContain('settings');
  });

  it('names the devices screen in French and English', () => {
    const dict = mergeDictionaries(DICTIONARIES);
    expect(makeTranslate(dict, 'fr')('nav.devices')).toBe('Appareils');
    expect(makeTranslate(dict, 'en')('nav.devices')).toBe('Devices');
  });
});
