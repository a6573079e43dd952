/**
 * The screens of the kiosk, by route. Each area adds its entries here (one line each); the shell builds
 * the navigation from this list, showing each operator only the screens of their role.
 */
import type { ComponentType } from 'react';
import type { Role } from '../../../common/api/views.js';
import type { TextKey } from '../i18n/index.js';
import { SCREEN_ROLES } from './screen-roles.js';
import { ValidateScreen } from './validate/ValidateScreen.js';
import { SellScreen } from './sell/SellScreen.js';
import { PacksScreen } from './packs/PacksScreen.js';
import { CashScreen } from './cash/CashScreen.js';
import { JournalScreen } from './journal/JournalScreen.js';
import { DevicesScreen } from './devices/DevicesScreen.js';
import { DiagnosticsScreen } from './diagnostics/DiagnosticsScreen.js';
import { SettingsScreen } from './settings/SettingsScreen.js';

export interface ScreenDef {
  /** Route: `#/validate`, `#/sell` … */
  readonly id: string;
  /** i18n key of the navigation label. */
  readonly label: TextKey;
  /** Roles that see the screen (the services enforce permissions anyway). */
  readonly roles: readonly Role[];
  /** Key that opens it from anywhere (F1–F12). */
  readonly hotkey?: string;
  readonly component: ComponentType;
}

// Keys taken by the shell: F12 (switch operator), Escape (back). Validation: F2.
export const SCREENS: ScreenDef[] = [
  { id: 'validate', label: 'nav.validate', roles: SCREEN_ROLES.validate, hotkey: 'F2', component: ValidateScreen },
  { id: 'sell', label: 'nav.sell', roles: SCREEN_ROLES.sell, hotkey: 'F3', component: SellScreen },
  { id: 'packs', label: 'nav.packs', roles: SCREEN_ROLES.packs, hotkey: 'F4', component: PacksScreen },
  { id: 'cash', label: 'nav.cash', roles: SCREEN_ROLES.cash, hotkey: 'F5', component: CashScreen },
  { id: 'journal', label: 'nav.journal', roles: SCREEN_ROLES.journal, hotkey: 'F6', component: JournalScreen },
  { id: 'devices', label: 'nav.devices', roles: SCREEN_ROLES.devices, hotkey: 'F8', component: DevicesScreen },
  { id: 'diagnostics', label: 'nav.diagnostics', roles: SCREEN_ROLES.diagnostics, hotkey: 'F9', component: DiagnosticsScreen },
  { id: 'settings', label: 'nav.settings', roles: SCREEN_ROLES.settings, hotkey: 'F10', component: SettingsScreen },
];
