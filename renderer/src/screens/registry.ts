/**
 * The screens of the kiosk, by route. Each area adds its entries here (one line each); the shell builds
 * the navigation from this list, showing each operator only the screens of their role.
 */
import type { ComponentType } from 'react';
import type { Role } from '../../../common/api/views.js';
import type { TextKey } from '../i18n/index.js';
import { ValidateScreen } from './validate/ValidateScreen.js';
import { SellScreen } from './sell/SellScreen.js';
import { PacksScreen } from './packs/PacksScreen.js';
import { CashScreen } from './cash/CashScreen.js';
import { JournalScreen } from './journal/JournalScreen.js';
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
  { id: 'validate', label: 'nav.validate', roles: ['cashier', 'manager'], hotkey: 'F2', component: ValidateScreen },
  { id: 'sell', label: 'nav.sell', roles: ['cashier', 'manager'], hotkey: 'F3', component: SellScreen },
  { id: 'packs', label: 'nav.packs', roles: ['cashier', 'manager'], hotkey: 'F4', component: PacksScreen },
  { id: 'cash', label: 'nav.cash', roles: ['cashier', 'manager'], hotkey: 'F5', component: CashScreen },
  { id: 'journal', label: 'nav.journal', roles: ['manager', 'technician'], hotkey: 'F6', component: JournalScreen },
  { id: 'diagnostics', label: 'nav.diagnostics', roles: ['technician', 'manager'], hotkey: 'F9', component: DiagnosticsScreen },
  { id: 'settings', label: 'nav.settings', roles: ['manager'], hotkey: 'F10', component: SettingsScreen },
];
